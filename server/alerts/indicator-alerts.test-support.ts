/**
 * A market of recorded bars for the indicator alerts' tests: the K-line endpoint as `loadBars`
 * answers it (the newest bars completed at the symbol's clock, oldest first), and each bar fed to
 * the feed as the ticks that drew it, the symbol's clock following them.
 */
import type { Candle } from '#shared/candle.ts';
import type { Interval, ProductType } from '#shared/contract.ts';
import type { LoadBars } from './bar-series.ts';
import type { DrivenFeed } from './server-alerts.test-support.ts';

export interface RecordedSeries {
  symbol: string;
  type: ProductType;
  interval: Interval;
  lengthMs: number;
  bars: readonly Candle[];
}

export class RecordedMarket {
  /** Every request of `loadBars`, in order. */
  readonly asked: { symbol: string; interval: Interval; count: number; at: number }[] = [];
  private readonly clocks = new Map<string, number>();

  constructor(private readonly series: readonly RecordedSeries[]) {}

  /** The data's clock of `symbol` (the bars ended by then are complete). */
  at(symbol: string, time: number): void {
    this.clocks.set(symbol, time);
  }

  /** When `count` bars of `series` are complete: the first tick's time of the next one. */
  after(series: RecordedSeries, count: number): number {
    return series.bars[0] === undefined ? 0 : series.bars[0].time + count * series.lengthMs + 1_000;
  }

  loadBars: LoadBars = (symbol, _type, interval, count) => {
    const at = this.clocks.get(symbol) ?? -Infinity;
    this.asked.push({ symbol, interval, count, at });
    const series = this.series.find((each) => each.symbol === symbol && each.interval === interval);
    if (!series) return Promise.reject(new Error(`no ${interval} bars of ${symbol}`));
    const complete = series.bars.filter((bar) => bar.time + series.lengthMs <= at);
    return Promise.resolve(complete.slice(-count));
  };

  /** Bar `index` of `series` as four ticks inside its period (time, price): open, high, low, close. */
  static ticksOf(series: RecordedSeries, index: number): [number, number][] {
    const bar = series.bars[index];
    if (!bar) throw new RangeError(`no bar ${String(index)}`);
    const { lengthMs } = series;
    return [
      [bar.time + 1_000, bar.open],
      [bar.time + lengthMs / 4, bar.high],
      [bar.time + lengthMs / 2, bar.low],
      [bar.time + lengthMs - 1_000, bar.close],
    ];
  }

  feedBar(feed: DrivenFeed, series: RecordedSeries, index: number): void {
    for (const [time, price] of RecordedMarket.ticksOf(series, index)) this.tick(feed, series, price, time);
  }

  /** One push of `series`' symbol at `time`, the symbol's clock moved there. */
  tick(feed: DrivenFeed, series: RecordedSeries, price: number, time: number): void {
    this.at(series.symbol, time);
    feed.ticker(series.symbol, price, time, series.type);
  }
}
