import { describe, expect, it } from 'vitest';
import {
  activeView,
  chartCount,
  defaultLayout,
  openOnChart,
  setChartAdjust,
  setChartIndicators,
  setChartInterval,
  shownCharts,
  type ChartLayout,
} from './chart-layout';
import { setActiveChart, setLayoutKind, setSync, slotLeaving } from './layout-changes';

const base = (): ChartLayout => ({
  kind: '4',
  charts: [
    { symbol: 'AAPL.US', interval: '1d', adjust: 'none' },
    { symbol: '700.HK', interval: '1h', adjust: 'forward' },
    { symbol: 'EURUSD', interval: '5m', adjust: 'none' },
    { symbol: 'BTCUSDT', interval: '1d', adjust: 'none' },
  ],
  active: 1,
  sync: { crosshair: true, symbol: false, interval: false, range: false },
});

describe('chart layouts', () => {
  it('counts the charts of each shape', () => {
    expect(['1', '2h', '2v', '3', '4'].map((kind) => chartCount(kind as ChartLayout['kind']))).toEqual([1, 2, 2, 3, 4]);
    expect(shownCharts({ ...base(), kind: '3' }).map((view) => view.symbol)).toEqual(['AAPL.US', '700.HK', 'EURUSD']);
  });

  it('opens a symbol on one chart, or on every shown chart with symbol sync, keeping each interval', () => {
    const one = openOnChart(base(), 2, 'XAUUSD', 'forex');
    expect(one.charts.map((view) => view.symbol)).toEqual(['AAPL.US', '700.HK', 'XAUUSD', 'BTCUSDT']);
    expect(one.charts[2]).toEqual({ symbol: 'XAUUSD', type: 'forex', interval: '5m', adjust: 'none' });
    const synced = openOnChart({ ...base(), kind: '3', sync: { ...base().sync, symbol: true } }, 0, 'MSFT.US');
    expect(synced.charts.map((view) => view.symbol)).toEqual(['MSFT.US', 'MSFT.US', 'MSFT.US', 'BTCUSDT']);
    expect(synced.charts.map((view) => view.interval)).toEqual(['1d', '1h', '5m', '1d']);
  });

  it('sets an interval on one chart, or on all with interval sync; the adjustment on one only', () => {
    expect(setChartInterval(base(), 3, '1w').charts.map((view) => view.interval)).toEqual(['1d', '1h', '5m', '1w']);
    const synced = setChartInterval({ ...base(), sync: { ...base().sync, interval: true } }, 0, '15m');
    expect(synced.charts.map((view) => view.interval)).toEqual(['15m', '15m', '15m', '15m']);
    expect(setChartAdjust(base(), 0, 'backward').charts.map((view) => view.adjust)).toEqual(['backward', 'forward', 'none', 'none']);
  });

  it('returns the same layout when nothing changes', () => {
    const layout = base();
    expect(setChartInterval(layout, 1, '1h')).toBe(layout);
    expect(openOnChart(layout, 0, 'AAPL.US')).toBe(layout);
    expect(setActiveChart(layout, 1)).toBe(layout);
    expect(setLayoutKind(layout, '4')).toBe(layout);
  });

  it('keeps the active chart on screen when the layout shrinks', () => {
    const layout = { ...base(), active: 3 };
    const two = setLayoutKind(layout, '2h');
    expect(two.active).toBe(0);
    expect(activeView(two).symbol).toBe('BTCUSDT');
    expect(two.charts.map((view) => view.symbol)).toEqual(['BTCUSDT', '700.HK', 'EURUSD', 'AAPL.US']);
    expect(slotLeaving(layout, '2h')).toBe(3);
    expect(slotLeaving(layout, '4')).toBeUndefined();
    expect(slotLeaving({ ...layout, active: 1 }, '2h')).toBeUndefined();
    // Still shown: nothing moves.
    expect(setLayoutKind(base(), '2v').charts).toEqual(base().charts);
  });

  it('gives a new layout different charts than the one it grew from', () => {
    const one = openOnChart({ ...defaultLayout({ symbol: 'AAPL.US', interval: '1d', adjust: 'none' }), kind: '1' }, 0, '700.HK');
    // The default slots held 700.HK already: the copy gets a symbol not on screen.
    const four = setLayoutKind(one, '4');
    const symbols = four.charts.map((view) => view.symbol);
    expect(symbols[0]).toBe('700.HK');
    expect(new Set(symbols).size).toBe(4);
  });

  it('brings every chart to the active one when symbol or interval sync is turned on', () => {
    const symbol = setSync(base(), 'symbol', true);
    expect(symbol.sync.symbol).toBe(true);
    expect(symbol.charts.map((view) => view.symbol)).toEqual(['700.HK', '700.HK', '700.HK', '700.HK']);
    const interval = setSync(base(), 'interval', true);
    expect(interval.charts.map((view) => view.interval)).toEqual(['1h', '1h', '1h', '1h']);
    expect(setSync(base(), 'range', true).charts).toEqual(base().charts);
  });

  it('makes only a shown chart active', () => {
    expect(setActiveChart(base(), 3).active).toBe(3);
    expect(setActiveChart({ ...base(), kind: '2h' }, 3).active).toBe(1);
  });
});

describe('a chart’s own indicators', () => {
  it('are set on one chart and kept when it opens another symbol or interval', () => {
    const list = [{ id: 'rsi-1', kind: 'rsi' as const, params: { period: 14 } }];
    const own = setChartIndicators(base(), 2, list);
    expect(own.charts[2]?.indicators).toBe(list);
    expect(own.charts[0]?.indicators).toBeUndefined();
    const moved = setChartInterval(openOnChart(own, 2, 'XAUUSD'), 2, '1h');
    expect(moved.charts[2]).toMatchObject({ symbol: 'XAUUSD', interval: '1h', indicators: list });
  });
});
