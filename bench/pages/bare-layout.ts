/**
 * The floor of the 2 × 2 layout's frame figures: four lightweight-charts in a grid, no framework,
 * each with the same candles as the app's cell (`?symbols=A,B,C,D&interval=1m&count=2000`, paged
 * back from the K-line endpoint) and the same series the app draws for MA 20, Bollinger 20 2 and
 * MACD 12 26 9 (values computed once on load), the first chart's crosshair followed by the other
 * three. The cells carry the app's test ids so that bench/browser/layout.ts pans and sweeps both
 * pages with one code. `window.chartroomBareLayoutReady` is true once all four are drawn.
 */
import { CandlestickSeries, createChart, HistogramSeries, LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import { bollinger } from '../../shared/indicators/bollinger.ts';
import type { Bar, Indicator } from '../../shared/indicators/indicator.ts';
import { macd } from '../../shared/indicators/macd.ts';
import { sma } from '../../shared/indicators/sma.ts';

interface KlineBody {
  data: { klines: { time: number; open: string; high: string; low: string; close: string; volume: string }[] };
}

declare global {
  interface Window {
    chartroomBareLayoutReady?: boolean;
  }
}

const PAGE_LIMIT = 1000;

type TimedBar = Bar & { time: number };
const query = new URLSearchParams(location.search);
const symbols = (query.get('symbols') ?? '').split(',').filter(Boolean);
const interval = query.get('interval') ?? '1m';
const wanted = Number(query.get('count') ?? '2000');

Object.assign(document.body.style, { margin: '0', background: '#0f172a' });
const grid = document.createElement('main');
Object.assign(grid.style, { display: 'grid', gridTemplateColumns: '1fr 1fr', gridTemplateRows: '1fr 1fr', gap: '4px', height: '100vh' });
document.body.append(grid);

/** Oldest first, up to `wanted` candles, one page of PAGE_LIMIT at a time going back. */
async function history(symbol: string): Promise<TimedBar[]> {
  const bars: TimedBar[] = [];
  let end: number | undefined;
  while (bars.length < wanted) {
    const params = new URLSearchParams({ symbol, interval, limit: String(PAGE_LIMIT), ...(end !== undefined && { end_time: String(end) }) });
    const body = (await (await fetch(`/v1/market/kline?${params.toString()}`)).json()) as KlineBody;
    const page = body.data.klines.map((k) => ({
      time: k.time,
      open: Number(k.open),
      high: Number(k.high),
      low: Number(k.low),
      close: Number(k.close),
      volume: Number(k.volume),
    }));
    const older = page.filter((bar) => end === undefined || bar.time < end);
    // The history's start: nothing older than what we have.
    if (older.length === 0) break;
    bars.unshift(...older);
    end = older[0]?.time;
  }
  return bars;
}

/** Each output of the indicator as a line or histogram series of its pane. */
function drawIndicator(chart: IChartApi, bars: readonly TimedBar[], indicator: Indicator, pane: number): void {
  const stream = indicator.stream();
  const columns = indicator.outputs.map(() => [] as { time: UTCTimestamp; value: number }[]);
  for (const bar of bars) {
    stream.push(bar).forEach((value, index) => {
      if (value !== undefined) columns[index]?.push({ time: (bar.time / 1000) as UTCTimestamp, value });
    });
  }
  indicator.outputs.forEach((output, index) => {
    const series = output.draw === 'histogram' ? chart.addSeries(HistogramSeries, {}, pane) : chart.addSeries(LineSeries, { lineWidth: 1 }, pane);
    series.setData(columns[index] ?? []);
  });
}

const charts: { chart: IChartApi; price: ISeriesApi<'Candlestick'> }[] = [];

async function cell(symbol: string, index: number): Promise<void> {
  const frame = document.createElement('section');
  frame.dataset.testid = 'layout-chart';
  if (index === 0) frame.dataset.active = 'true';
  const host = document.createElement('div');
  host.dataset.testid = 'main-chart';
  Object.assign(host.style, { position: 'relative', width: '100%', height: '100%' });
  frame.append(host);
  grid.append(frame);
  const chart = createChart(host, { autoSize: true, layout: { attributionLogo: false }, timeScale: { timeVisible: true } });
  const price = chart.addSeries(CandlestickSeries, {}, 0);
  const volume = chart.addSeries(HistogramSeries, { priceScaleId: '', priceFormat: { type: 'volume' } }, 0);
  charts.push({ chart, price });
  const bars = await history(symbol);
  price.setData(bars.map((bar) => ({ time: (bar.time / 1000) as UTCTimestamp, open: bar.open, high: bar.high, low: bar.low, close: bar.close })));
  volume.setData(bars.map((bar) => ({ time: (bar.time / 1000) as UTCTimestamp, value: bar.volume })));
  drawIndicator(chart, bars, sma(20), 0);
  drawIndicator(chart, bars, bollinger(20, 2), 0);
  drawIndicator(chart, bars, macd(12, 26, 9), 1);
}

void Promise.all(symbols.map(cell)).then(() => {
  const [leader, ...followers] = charts;
  leader?.chart.subscribeCrosshairMove((param) => {
    for (const follower of followers) {
      if (param.time === undefined) follower.chart.clearCrosshairPosition();
      else follower.chart.setCrosshairPosition(0, param.time, follower.price);
    }
  });
  requestAnimationFrame(() => {
    window.chartroomBareLayoutReady = true;
  });
});
