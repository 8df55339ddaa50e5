/**
 * The engine on small universes written out by hand: and/or trees, the sort (unknown values last,
 * ties by symbol, the limit), missing stock information and quotes, the columns a result carries,
 * and the TechnicalState's warm path against a fresh one.
 */
import { describe, expect, it } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import { evaluateScreen } from './screen-evaluate.ts';
import type { LeafCondition, Screen, ScreenCondition, ScreenSort } from './screen-model.ts';
import { quoteBar, type ScreenInfo, type ScreenQuote, type ScreenSymbol } from './screen-universe.ts';
import { TechnicalState } from './technical-state.ts';
import { MACD_SIGNAL, macdTrack, rsiTrack, smaTrack } from './technical-track.ts';

const DAY = 86_400_000;

/** Daily bars from closes: each opens at the previous close, ranges 1 % around them. */
function barsOf(closes: readonly number[], start = 0): Candle[] {
  return closes.map((close, i) => {
    const open = closes[i - 1] ?? close;
    return { time: start + i * DAY, open, high: Math.max(open, close) * 1.01, low: Math.min(open, close) * 0.99, close, volume: 1000 + i };
  });
}

function stock(symbol: string, quote: ScreenQuote, info?: ScreenInfo, closes: readonly number[] = []): ScreenSymbol {
  return { symbol, quote, info, daily: new TechnicalState(barsOf(closes)) };
}

/** Four stocks: what each filter below keeps is plain from their figures. */
const UNIVERSE: ScreenSymbol[] = [
  stock('AAA.US', { last_price: 20, prev_close: 10, volume_24h: 500, quote_volume_24h: 10_000 }, { board: 'main', total_shares: 1000, eps_ttm: 2 }),
  stock('BBB.US', { last_price: 5, prev_close: 10, volume_24h: 900, quote_volume_24h: 4_500 }, { board: 'gem', total_shares: 10_000, eps_ttm: -1 }),
  stock('CCC.US', { last_price: 12, prev_close: 12, volume_24h: 100 }, { board: 'main' }),
  stock('DDD.US', { last_price: 30 }),
];

const screenOf = (where: ScreenCondition[] | Screen['where'], sort: ScreenSort = { column: 'symbol', direction: 'asc' }, limit?: number): Screen => ({
  version: 1,
  universe: { market: 'US', type: 'stock' },
  where: Array.isArray(where) ? { kind: 'group', join: 'and', conditions: where } : where,
  sort,
  ...(limit === undefined ? {} : { limit }),
});

const symbols = (screen: Screen, universe: readonly ScreenSymbol[] = UNIVERSE): string[] => evaluateScreen(screen, universe).rows.map((row) => row.symbol);

const price = (op: 'above' | 'below', value: number): LeafCondition => ({ kind: 'field', field: 'price', compare: { op, value } });
const main: LeafCondition = { kind: 'board', boards: ['main'] };

describe('and / or', () => {
  it('keeps what every condition of an and keeps, and what any of an or keeps', () => {
    expect(symbols(screenOf([price('above', 10), main]))).toEqual(['AAA.US', 'CCC.US']);
    expect(symbols(screenOf({ kind: 'group', join: 'or', conditions: [price('below', 10), main] }))).toEqual(['AAA.US', 'BBB.US', 'CCC.US']);
  });

  it('nests groups', () => {
    // (price > 25 or board main) and price < 15 → CCC; (price > 25 and main) or price < 10 → BBB.
    const inner: ScreenCondition = { kind: 'group', join: 'or', conditions: [price('above', 25), main] };
    expect(symbols(screenOf([inner, price('below', 15)]))).toEqual(['CCC.US']);
    const both: ScreenCondition = { kind: 'group', join: 'and', conditions: [price('above', 25), main] };
    expect(symbols(screenOf({ kind: 'group', join: 'or', conditions: [both, price('below', 10)] }))).toEqual(['BBB.US']);
  });

  it('lists the whole universe for a screen without conditions', () => {
    expect(symbols(screenOf([]))).toEqual(['AAA.US', 'BBB.US', 'CCC.US', 'DDD.US']);
    expect(symbols(screenOf({ kind: 'group', join: 'or', conditions: [] }))).toEqual(['AAA.US', 'BBB.US', 'CCC.US', 'DDD.US']);
  });

  it('holds between at both ends', () => {
    expect(symbols(screenOf([{ kind: 'field', field: 'price', compare: { op: 'between', min: 12, max: 20 } }]))).toEqual(['AAA.US', 'CCC.US']);
    expect(symbols(screenOf([price('above', 12)]))).toEqual(['AAA.US', 'DDD.US']);
  });
});

describe('missing figures', () => {
  it('matches no filter that needs a missing figure, and shows it as unknown', () => {
    const marketCap = screenOf([{ kind: 'field', field: 'market-cap', compare: { op: 'above', value: 0 } }], { column: 'market-cap', direction: 'desc' });
    const result = evaluateScreen(marketCap, UNIVERSE);
    expect(result.rows.map((row) => row.symbol)).toEqual(['BBB.US', 'AAA.US']);
    const all = evaluateScreen(screenOf([], { column: 'market-cap', direction: 'desc' }), UNIVERSE);
    const capAt = all.keys.indexOf('market-cap');
    expect(all.rows.map((row) => [row.symbol, row.values[capAt]])).toEqual([
      ['BBB.US', 50_000],
      ['AAA.US', 20_000],
      ['CCC.US', null],
      ['DDD.US', null],
    ]);
  });

  it('has no P/E for a loss, and no change without a previous close', () => {
    const result = evaluateScreen(screenOf([], { column: 'pe', direction: 'asc' }), UNIVERSE);
    const at = (key: string): unknown[] => result.rows.map((row) => row.values[result.keys.indexOf(key)]);
    expect(result.rows.map((row) => row.symbol)).toEqual(['AAA.US', 'BBB.US', 'CCC.US', 'DDD.US']);
    expect(at('pe')).toEqual([10, null, null, null]);
    expect(at('change-percent')).toEqual([100, -50, 0, null]);
    expect(at('turnover')).toEqual([10_000, 4_500, null, null]);
    // Not matching a filter on a missing figure is not the same as failing it: neither side keeps it.
    expect(symbols(screenOf([{ kind: 'field', field: 'pe', compare: { op: 'below', value: 1000 } }]))).toEqual(['AAA.US']);
    expect(symbols(screenOf([{ kind: 'field', field: 'change-percent', compare: { op: 'below', value: 1000 } }]))).toEqual(['AAA.US', 'BBB.US', 'CCC.US']);
  });

  it('reads technical values as unknown on too short a history, and on none', () => {
    const short = [stock('NEW.US', { last_price: 10 }, undefined, [9, 10, 11]), stock('NONE.US', { last_price: 10 })];
    const rsi = screenOf([{ kind: 'rsi', period: 14, op: 'above', value: 0 }], { column: { kind: 'rsi', period: 14 }, direction: 'asc' });
    expect(symbols(rsi, short)).toEqual([]);
    const all = evaluateScreen(screenOf([], { column: { kind: 'rsi', period: 14 }, direction: 'asc' }), short);
    expect(all.rows.map((row) => row.values[all.keys.indexOf('rsi-14')])).toEqual([null, null]);
    expect(symbols(screenOf([{ kind: 'new-extreme', side: 'high', days: '52w' }]), short)).toEqual(['NEW.US']);
    expect(symbols(screenOf([{ kind: 'new-extreme', side: 'high', days: 2 }]), [stock('ONE.US', { last_price: 10 }, undefined, [10])])).toEqual([]);
  });
});

describe('sort', () => {
  const byChange = (direction: 'asc' | 'desc', limit?: number): string[] => symbols(screenOf([], { column: 'change-percent', direction }, limit));

  it('orders by the column either way, unknown values last in both', () => {
    expect(byChange('desc')).toEqual(['AAA.US', 'CCC.US', 'BBB.US', 'DDD.US']);
    expect(byChange('asc')).toEqual(['BBB.US', 'CCC.US', 'AAA.US', 'DDD.US']);
  });

  it('breaks ties by symbol, so a limit always cuts the same rows', () => {
    const tied = ['ZZZ.US', 'MMM.US', 'AAA.US', 'QQQ.US'].map((symbol, i) => stock(symbol, { last_price: i === 3 ? 2 : 1 }));
    expect(symbols(screenOf([], { column: 'price', direction: 'asc' }), tied)).toEqual(['AAA.US', 'MMM.US', 'ZZZ.US', 'QQQ.US']);
    expect(symbols(screenOf([], { column: 'price', direction: 'desc' }, 2), tied)).toEqual(['QQQ.US', 'AAA.US']);
  });

  it('sorts by symbol and by board (text) too', () => {
    expect(symbols(screenOf([], { column: 'symbol', direction: 'desc' }))).toEqual(['DDD.US', 'CCC.US', 'BBB.US', 'AAA.US']);
    expect(symbols(screenOf([], { column: 'board', direction: 'asc' }))).toEqual(['BBB.US', 'AAA.US', 'CCC.US', 'DDD.US']);
  });

  it('cuts to the limit after sorting, and counts what matched', () => {
    const result = evaluateScreen(screenOf([], { column: 'change-percent', direction: 'desc' }, 2), UNIVERSE);
    expect(result.rows.map((row) => row.symbol)).toEqual(['AAA.US', 'CCC.US']);
    expect(result.matched).toBe(4);
  });
});

describe('columns', () => {
  it('carries the basics, each condition’s figures and the sort column, once each', () => {
    const screen = screenOf(
      [
        { kind: 'field', field: 'price', compare: { op: 'above', value: 0 } },
        { kind: 'ma-cross', fast: 50, slow: 200, direction: 'up', within: 5 },
        { kind: 'group', join: 'or', conditions: [{ kind: 'price-ma', period: 50, op: 'above' }, main] },
      ],
      { column: { kind: 'atr-percent', period: 14 }, direction: 'desc' },
    );
    expect(evaluateScreen(screen, UNIVERSE).keys).toEqual([
      'price',
      'change',
      'change-percent',
      'volume',
      'turnover',
      'ma-50',
      'ma-200',
      'board',
      'atr-percent-14',
    ]);
  });
});

describe('technical conditions on known bars', () => {
  const rising = Array.from({ length: 30 }, (_, i) => 100 + i);

  it('reads the forming bar as the latest', () => {
    // 30 rising closes, then today falls far below MA 5 (which is about 127).
    const daily = new TechnicalState(barsOf(rising), { time: 30 * DAY, open: 129, high: 129, low: 90, close: 90, volume: 5000 });
    const symbol: ScreenSymbol = { symbol: 'X.US', quote: { last_price: 90 }, daily };
    expect(symbols(screenOf([{ kind: 'price-ma', period: 5, op: 'below' }]), [symbol])).toEqual(['X.US']);
    expect(symbols(screenOf([{ kind: 'new-extreme', side: 'low', days: 31 }]), [symbol])).toEqual(['X.US']);
    // Today's volume 5000 against the 20 days before (1010 … 1029, mean 1019.5).
    const result = evaluateScreen(screenOf([{ kind: 'volume-ratio', period: 20, min: 4.9 }]), [symbol]);
    expect(result.rows[0]?.values[result.keys.indexOf('volume-ratio-20')]).toBeCloseTo(5000 / 1019.5, 12);
    daily.setForming(undefined);
    expect(symbols(screenOf([{ kind: 'price-ma', period: 5, op: 'below' }]), [symbol])).toEqual([]);
    expect(symbols(screenOf([{ kind: 'new-extreme', side: 'high', days: 31 }]), [symbol])).toEqual(['X.US']);
  });

  it('finds a crossing within the last N bars and not before', () => {
    // Flat at 100, then up from bar 20: MA 3 crosses above MA 10 at bar 20 (the first rising bar).
    const closes = [...Array.from({ length: 20 }, () => 100), 101, 102, 103, 104, 105];
    const symbol = stock('X.US', { last_price: 105 }, undefined, closes);
    const cross = (within: number, direction: 'up' | 'down' = 'up'): LeafCondition => ({ kind: 'ma-cross', fast: 3, slow: 10, direction, within });
    // Bar 20 is the fifth-last bar (the latest is 24): within 5 reaches it, within 4 does not.
    expect(symbols(screenOf([cross(5)]), [symbol])).toEqual(['X.US']);
    expect(symbols(screenOf([cross(4)]), [symbol])).toEqual([]);
    expect(symbols(screenOf([cross(25, 'down')]), [symbol])).toEqual([]);
  });
});

describe('TechnicalState', () => {
  const closes = Array.from({ length: 120 }, (_, i) => 50 + 10 * Math.sin(i / 7) + i * 0.1);
  const bars = barsOf(closes);
  const [rsi, sma, macd] = [rsiTrack(14, 3), smaTrack(20, 3), macdTrack(12, 26, 9, 3)];
  const read = (state: TechnicalState): (number | undefined)[] =>
    [0, 1, 2].flatMap((age) => [
      state.value(rsi, 0, age),
      state.value(sma, 0, age),
      state.value(macd, MACD_SIGNAL, age),
      state.earlierExtreme('high', 10),
      state.earlierExtreme('low', '52w'),
    ]);

  it('after closing bars and moving the forming one, reads as one built fresh on the same bars', () => {
    const warm = new TechnicalState(bars.slice(0, 100));
    read(warm);
    for (let i = 100; i < 119; i++) {
      const bar = bars[i] as Candle;
      // The forming bar moves a few times before it completes.
      for (const move of [0.9, 1.1, 1]) {
        warm.setForming({ ...bar, close: bar.close * move });
        read(warm);
      }
      warm.closeBar(bar);
    }
    warm.setForming(bars[119]);
    expect(read(warm)).toEqual(read(new TechnicalState(bars.slice(0, 119), bars[119])));
    expect(read(warm)).toEqual(read(TechnicalState.fromBars(bars, true)));
    expect(warm.length).toBe(120);
  });

  it('keeps more history when a screen asks for a crossing further back', () => {
    const state = new TechnicalState(bars);
    expect(state.value(smaTrack(20), 0, 0)).toBeCloseTo(closes.slice(100).reduce((a, b) => a + b) / 20, 9);
    expect(state.value(smaTrack(20, 6), 0, 5)).toBeCloseTo(closes.slice(95, 115).reduce((a, b) => a + b) / 20, 9);
  });

  it('makes the forming bar of a quote', () => {
    expect(quoteBar({ last_price: 10, open: 9, high_24h: 9.5, low_24h: 8, volume_24h: 300 }, 5)).toEqual({
      time: 5,
      open: 9,
      high: 10,
      low: 8,
      close: 10,
      volume: 300,
    });
    expect(quoteBar({ last_price: 10 }, 5)).toEqual({ time: 5, open: 10, high: 10, low: 10, close: 10, volume: 0 });
  });
});
