/**
 * What the bare chart pages share (bare-layout.ts, bare-replay.ts): the K-line endpoint read
 * page by page into plain bars, and an indicator's outputs as series of a lightweight-charts pane.
 */
import { HistogramSeries, LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { Bar, Indicator } from '../../shared/indicators/indicator.ts';

interface KlineBody {
  data: { klines: { time: number; open: string; high: string; low: string; close: string; volume: string }[] };
}

export type TimedBar = Bar & { time: number };

const PAGE_LIMIT = 1000;

export const chartTime = (ms: number): UTCTimestamp => (ms / 1000) as UTCTimestamp;

/** One window of the K-line endpoint as plain bars (`start_time`, `end_time` in ms when given). */
export async function klineWindow(symbol: string, interval: string, window: { limit?: number; start?: number; end?: number }): Promise<TimedBar[]> {
  const params = new URLSearchParams({
    symbol,
    interval,
    limit: String(window.limit ?? PAGE_LIMIT),
    ...(window.start !== undefined && { start_time: String(window.start) }),
    ...(window.end !== undefined && { end_time: String(window.end) }),
  });
  const body = (await (await fetch(`/v1/market/kline?${params.toString()}`)).json()) as KlineBody;
  return body.data.klines.map((k) => ({
    time: k.time,
    open: Number(k.open),
    high: Number(k.high),
    low: Number(k.low),
    close: Number(k.close),
    volume: Number(k.volume),
  }));
}

/** Oldest first, up to `wanted` candles ending before `end` (or the newest), one page of PAGE_LIMIT at a time going back. */
export async function history(symbol: string, interval: string, wanted: number, end?: number): Promise<TimedBar[]> {
  const bars: TimedBar[] = [];
  let before = end;
  while (bars.length < wanted) {
    const page = await klineWindow(symbol, interval, before === undefined ? {} : { end: before });
    const older = page.filter((bar) => before === undefined || bar.time < before);
    // The history's start: nothing older than what we have.
    if (older.length === 0) break;
    bars.unshift(...older);
    before = older[0]?.time;
  }
  return bars.slice(-wanted);
}

/** The outputs of `indicator` as series of `pane`, each drawn over `bars`; its stream, fed with them, is returned. */
export function drawIndicator(chart: IChartApi, bars: readonly TimedBar[], indicator: Indicator, pane: number): IndicatorLines {
  const stream = indicator.stream();
  const columns = indicator.outputs.map(() => [] as { time: UTCTimestamp; value: number }[]);
  for (const bar of bars) {
    stream.push(bar).forEach((value, index) => {
      if (value !== undefined) columns[index]?.push({ time: chartTime(bar.time), value });
    });
  }
  const series = indicator.outputs.map((output, index) => {
    const line = output.draw === 'histogram' ? chart.addSeries(HistogramSeries, {}, pane) : chart.addSeries(LineSeries, { lineWidth: 1 }, pane);
    line.setData(columns[index] ?? []);
    return line;
  });
  return { stream, series };
}

export interface IndicatorLines {
  stream: ReturnType<Indicator['stream']>;
  series: ISeriesApi<'Line' | 'Histogram'>[];
}

/**
 * A 2 × 2 grid for four charts: the whole page, or cells of `cell` pixels (the app's chart boxes:
 * a canvas's paint grows with its area).
 */
export function gridOfFour(cell?: { width: number; height: number }): HTMLElement {
  Object.assign(document.body.style, { margin: '0', background: '#0f172a' });
  const grid = document.createElement('main');
  const columns = cell ? `${String(cell.width)}px ${String(cell.width)}px` : '1fr 1fr';
  const rows = cell ? `${String(cell.height)}px ${String(cell.height)}px` : '1fr 1fr';
  Object.assign(grid.style, { display: 'grid', gridTemplateColumns: columns, gridTemplateRows: rows, gap: '4px', height: cell ? 'auto' : '100vh' });
  document.body.append(grid);
  return grid;
}

/** A cell of `grid` with the app's test ids (the bench drives both pages with one code) and its chart's host. */
export function chartCell(grid: HTMLElement, index: number): HTMLElement {
  const frame = document.createElement('section');
  frame.dataset.testid = 'layout-chart';
  if (index === 0) frame.dataset.active = 'true';
  const host = document.createElement('div');
  host.dataset.testid = 'main-chart';
  Object.assign(host.style, { position: 'relative', width: '100%', height: '100%' });
  frame.append(host);
  grid.append(frame);
  return host;
}
