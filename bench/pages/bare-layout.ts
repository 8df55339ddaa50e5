/**
 * The floor of the 2 × 2 layout's frame figures: four lightweight-charts in a grid, no framework,
 * each with the same candles as the app's cell (`?symbols=A,B,C,D&interval=1m&count=2000`, paged
 * back from the K-line endpoint) and the same series the app draws for MA 20, Bollinger 20 2 and
 * MACD 12 26 9 (values computed once on load), the first chart's crosshair followed by the other
 * three. The cells carry the app's test ids so that bench/browser/layout.ts pans and sweeps both
 * pages with one code. `window.chartroomBareLayoutReady` is true once all four are drawn.
 */
import { CandlestickSeries, createChart, HistogramSeries, type IChartApi, type ISeriesApi } from 'lightweight-charts';
import { bollinger } from '../../shared/indicators/bollinger.ts';
import { macd } from '../../shared/indicators/macd.ts';
import { sma } from '../../shared/indicators/sma.ts';
import { chartCell, chartTime, drawIndicator, gridOfFour, history } from './bare-charts.ts';

declare global {
  interface Window {
    chartroomBareLayoutReady?: boolean;
  }
}

const query = new URLSearchParams(location.search);
const symbols = (query.get('symbols') ?? '').split(',').filter(Boolean);
const interval = query.get('interval') ?? '1m';
const wanted = Number(query.get('count') ?? '2000');

const grid = gridOfFour();

const charts: { chart: IChartApi; price: ISeriesApi<'Candlestick'> }[] = [];

async function cell(symbol: string, index: number): Promise<void> {
  const host = chartCell(grid, index);
  const chart = createChart(host, { autoSize: true, layout: { attributionLogo: false }, timeScale: { timeVisible: true } });
  const price = chart.addSeries(CandlestickSeries, {}, 0);
  const volume = chart.addSeries(HistogramSeries, { priceScaleId: '', priceFormat: { type: 'volume' } }, 0);
  charts.push({ chart, price });
  const bars = await history(symbol, interval, wanted);
  price.setData(bars.map((bar) => ({ time: chartTime(bar.time), open: bar.open, high: bar.high, low: bar.low, close: bar.close })));
  volume.setData(bars.map((bar) => ({ time: chartTime(bar.time), value: bar.volume })));
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
