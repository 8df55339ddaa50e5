import { describe, expect, it } from 'vitest';
import type { Drawing } from '../../features/chart/drawings/drawing-model';
import { defaultLayout, type ChartLayout } from '../../store/chart-layout';
import { drawingsToAdd, layoutShareValue, readSharedLayout, readSharedWatchlist, shareLink, watchlistShareValue } from './share-values';

const line = (id: string, price: number): Drawing => ({
  id,
  kind: 'horizontal-line',
  anchors: [{ time: 1_700_000_000, price }],
  style: { color: '#2962ff', width: 1, line: 'solid' },
  locked: false,
});

const twoCharts: ChartLayout = { ...defaultLayout({ symbol: 'AAPL.US', interval: '1d', adjust: 'forward' }), kind: '2h' };

describe('what a share carries', () => {
  it('a watchlist: its symbols in order', () => {
    expect(watchlistShareValue({ symbols: ['JPM.US', 'BAC.US'] })).toEqual({ symbols: ['JPM.US', 'BAC.US'] });
  });

  it('a layout: the drawings of the symbols it shows, and no others', () => {
    const drawings: Record<string, Drawing[]> = { 'AAPL.US': [line('d-1', 190)], '700.HK': [line('d-2', 300)], EURUSD: [line('d-3', 1.1)] };
    const value = layoutShareValue(twoCharts, (symbol) => drawings[symbol] ?? []);
    expect(Object.keys(value.drawings).sort()).toEqual(['700.HK', 'AAPL.US']);
    expect(value.layout).toBe(twoCharts);
  });

  it('reads a shared layout back, skipping a damaged drawing and the drawings of symbols it does not show', () => {
    const value = JSON.parse(
      JSON.stringify({ layout: twoCharts, drawings: { 'AAPL.US': [line('d-1', 190), { id: 'bad', kind: 'nonsense' }], EURUSD: [line('d-3', 1.1)] } }),
    ) as unknown;
    const opened = readSharedLayout(value);
    expect(opened?.layout.kind).toBe('2h');
    expect(opened?.drawings.get('AAPL.US')?.map((drawing) => drawing.id)).toEqual(['d-1']);
    expect(opened?.dropped).toBe(1);
    expect([...(opened?.drawings.keys() ?? [])]).toEqual(['AAPL.US']);
  });

  it('counts as added only the drawings the user does not hold yet (a layout used again adds none)', () => {
    const shared = new Map([
      ['AAPL.US', [line('d-1', 190), line('d-2', 195)]],
      ['700.HK', [line('d-3', 300)]],
    ]);
    const held: Record<string, Drawing[]> = { 'AAPL.US': [line('d-1', 190)] };
    expect(drawingsToAdd(shared, (symbol) => held[symbol] ?? [])).toBe(2);
    const all: Record<string, Drawing[]> = Object.fromEntries(shared);
    expect(drawingsToAdd(shared, (symbol) => all[symbol] ?? [])).toBe(0);
  });

  it('refuses a layout the app cannot show', () => {
    expect(readSharedLayout({ layout: { kind: '9', charts: [] }, drawings: {} })).toBeUndefined();
    expect(readSharedLayout({ layout: { ...twoCharts, active: 3 }, drawings: {} })).toBeUndefined();
    expect(readSharedLayout(null)).toBeUndefined();
  });

  it('keeps the symbols of a shared watchlist that read as symbols, each once', () => {
    expect(readSharedWatchlist({ symbols: ['aapl.us', 'AAPL.US', 7, '<script>', '700.HK'] })).toEqual(['AAPL.US', '700.HK']);
    expect(readSharedWatchlist({ symbols: 'AAPL.US' })).toBeUndefined();
  });

  it('links to the page with the share’s id', () => {
    expect(shareLink('https://desk.example', 'abcdefghijklmnopqrstuv')).toBe('https://desk.example/?share=abcdefghijklmnopqrstuv');
  });
});
