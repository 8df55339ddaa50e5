/**
 * The floor of the bar replay's frame figures (bench/browser/replay.ts): four lightweight-charts
 * in a grid, no framework, one symbol at four intervals (`?symbol=700.HK&intervals=1m,5m,1h,1d
 * &open=<ms>&close=<ms>&count=1000&width=<px>&height=<px>`, each chart the size of the app's), each with `count` candles before `open` and the five
 * indicators the app's replay row draws (MA 20, EMA 50, Bollinger 20 2 over the price, volume in
 * its own pane, MACD 12 26 9 and RSI 14 in theirs). `window.chartroomBareReplay.play(perSecond)`
 * then steps through the day's 1-minute bars: at each, every chart's forming candle folds the
 * minute in (a new candle when its period opens) and its volume and indicator values move with it
 * (the streams' peek and push, one step each): the least a replay can ask of the library.
 */
import { CandlestickSeries, createChart, HistogramSeries, type ISeriesApi } from 'lightweight-charts';
import { bollinger } from '../../shared/indicators/bollinger.ts';
import { ema } from '../../shared/indicators/ema.ts';
import type { Indicator } from '../../shared/indicators/indicator.ts';
import { macd } from '../../shared/indicators/macd.ts';
import { rsi } from '../../shared/indicators/rsi.ts';
import { sma } from '../../shared/indicators/sma.ts';
import { chartCell, chartTime, drawIndicator, gridOfFour, history, klineWindow, type IndicatorLines, type TimedBar } from './bare-charts.ts';

declare global {
  interface Window {
    chartroomBareReplay?: { ready: boolean; step: number; play(perSecond: number): void; pause(): void };
  }
}

const query = new URLSearchParams(location.search);
const symbol = query.get('symbol') ?? '700.HK';
const intervals = (query.get('intervals') ?? '1m,5m,1h,1d').split(',');
const open = Number(query.get('open'));
const close = Number(query.get('close'));
const wanted = Number(query.get('count') ?? '1000');
const width = Number(query.get('width'));
const height = Number(query.get('height'));

const MINUTE = 60_000;
const PERIOD_MS: Record<string, number> = { '1m': MINUTE, '5m': 5 * MINUTE, '15m': 15 * MINUTE, '30m': 30 * MINUTE, '1h': 60 * MINUTE, '1d': 1_440 * MINUTE };

interface ReplayedChart {
  period: number;
  price: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
  lines: IndicatorLines[];
  /** The newest candle of the history: a forming candle never goes before it. */
  lastTime: number;
  forming: TimedBar | undefined;
}

const five = (): Indicator[] => [sma(20), ema(50), bollinger(20, 2), macd(12, 26, 9), rsi(14)];

const grid = gridOfFour(width > 0 && height > 0 ? { width, height } : undefined);

async function replayedChart(interval: string, index: number): Promise<ReplayedChart> {
  const chart = createChart(chartCell(grid, index), { autoSize: true, layout: { attributionLogo: false }, timeScale: { timeVisible: true } });
  const price = chart.addSeries(CandlestickSeries, {}, 0);
  const volume = chart.addSeries(HistogramSeries, { priceFormat: { type: 'volume' } }, 1);
  const bars = await history(symbol, interval, wanted, open);
  price.setData(bars.map((bar) => ({ time: chartTime(bar.time), open: bar.open, high: bar.high, low: bar.low, close: bar.close })));
  volume.setData(bars.map((bar) => ({ time: chartTime(bar.time), value: bar.volume })));
  let pane = 2;
  const lines = five().map((indicator) => drawIndicator(chart, bars, indicator, indicator.pane.kind === 'own' ? pane++ : 0));
  return { period: PERIOD_MS[interval] ?? MINUTE, price, volume, lines, lastTime: bars.at(-1)?.time ?? 0, forming: undefined };
}

/** The minute folded into the chart's forming candle (a new one when its period opened): the library updated. */
function stepChart(replayed: ReplayedChart, minute: TimedBar): void {
  const start = Math.max(Math.floor(minute.time / replayed.period) * replayed.period, replayed.lastTime + replayed.period);
  const previous = replayed.forming;
  const opened = previous === undefined || previous.time !== start;
  if (opened && previous) for (const { stream } of replayed.lines) stream.push(previous);
  const forming: TimedBar = opened
    ? { ...minute, time: start }
    : {
        ...previous,
        high: Math.max(previous.high, minute.high),
        low: Math.min(previous.low, minute.low),
        close: minute.close,
        volume: previous.volume + minute.volume,
      };
  replayed.forming = forming;
  const time = chartTime(forming.time);
  replayed.price.update({ time, open: forming.open, high: forming.high, low: forming.low, close: forming.close });
  replayed.volume.update({ time, value: forming.volume });
  for (const { stream, series } of replayed.lines) {
    stream.peek(forming).forEach((value, output) => {
      series[output]?.update(value === undefined ? { time } : { time, value });
    });
  }
}

void (async () => {
  const charts = await Promise.all(intervals.map(replayedChart));
  const minutes = await klineWindow(symbol, '1m', { start: open, end: close - 1 });
  let timer: ReturnType<typeof setInterval> | undefined;
  const state = {
    ready: false,
    step: 0,
    play(perSecond: number) {
      timer ??= setInterval(() => {
        const minute = minutes[state.step];
        if (!minute) return;
        state.step += 1;
        for (const replayed of charts) stepChart(replayed, minute);
      }, 1000 / perSecond);
    },
    pause() {
      clearInterval(timer);
      timer = undefined;
    },
  };
  window.chartroomBareReplay = state;
  requestAnimationFrame(() => {
    state.ready = true;
  });
})();
