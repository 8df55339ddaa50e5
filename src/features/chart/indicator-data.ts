/**
 * Indicator values for the chart from the candles' closes and the user's indicator settings:
 * moving-average overlays and Bollinger bands over the price, MACD and RSI in panes of their own.
 */
import {
  bollinger,
  bollingerStream,
  ema,
  emaStream,
  macd,
  macdStream,
  rsi,
  rsiStream,
  sma,
  smaStream,
  type BollingerPoint,
  type IndicatorSeries,
  type IndicatorStream,
  type MacdPoint,
} from '../../lib/indicators';
import type { IndicatorSettings } from '../../store/preferences-slice';
import type { ChartPalette } from './chart-palette';

export interface OverlayLine {
  /** Stable identity, e.g. "ma-20", "bb-upper". */
  key: string;
  color: string;
  dashed: boolean;
  values: IndicatorSeries;
}

export interface IndicatorValues {
  overlays: OverlayLine[];
  macd?: { macd: IndicatorSeries; signal: IndicatorSeries; histogram: IndicatorSeries };
  rsi?: IndicatorSeries;
}

export const MAX_PERIOD = 500;

/** Periods the indicators accept: whole numbers from 1 to MAX_PERIOD, each once, in order given. */
export function validPeriods(periods: readonly number[]): number[] {
  return [...new Set(periods.filter((p) => Number.isInteger(p) && p >= 1 && p <= MAX_PERIOD))];
}

export function computeIndicators(closes: readonly number[], settings: IndicatorSettings, palette: ChartPalette): IndicatorValues {
  const colorAt = (i: number): string => palette.averages[i % palette.averages.length] ?? palette.text;
  const maPeriods = validPeriods(settings.ma);
  const overlays: OverlayLine[] = [
    ...maPeriods.map((period, i) => ({ key: `ma-${String(period)}`, color: colorAt(i), dashed: false, values: sma(closes, period) })),
    ...validPeriods(settings.ema).map((period, i) => ({
      key: `ema-${String(period)}`,
      color: colorAt(maPeriods.length + i),
      dashed: true,
      values: ema(closes, period),
    })),
  ];
  if (settings.bollinger) {
    const bands = bollinger(closes);
    overlays.push(
      { key: 'bb-upper', color: palette.bollinger, dashed: false, values: bands.upper },
      { key: 'bb-middle', color: palette.bollinger, dashed: true, values: bands.middle },
      { key: 'bb-lower', color: palette.bollinger, dashed: false, values: bands.lower },
    );
  }
  return {
    overlays,
    ...(settings.macd && { macd: macd(closes) }),
    ...(settings.rsi && { rsi: rsi(closes) }),
  };
}

/** A short description of the active indicators, for the chart's accessible label. */
export function indicatorSummary(settings: IndicatorSettings): string {
  const parts = [
    ...validPeriods(settings.ma).map((p) => `MA ${String(p)}`),
    ...validPeriods(settings.ema).map((p) => `EMA ${String(p)}`),
    ...(settings.bollinger ? ['Bollinger 20, 2'] : []),
    ...(settings.macd ? ['MACD 12, 26, 9'] : []),
    ...(settings.rsi ? ['RSI 14'] : []),
  ];
  return parts.join(', ');
}

/** "20, 50" → [20, 50]; "" → []; undefined when any entry is not a period from 1 to MAX_PERIOD. */
export function parsePeriods(text: string): number[] | undefined {
  const tokens = text.split(/[\s,;]+/).filter((token) => token.length > 0);
  const periods = tokens.map(Number);
  if (periods.some((p) => !Number.isInteger(p) || p < 1 || p > MAX_PERIOD)) return undefined;
  return [...new Set(periods)];
}

export function formatPeriods(periods: readonly number[]): string {
  return periods.join(', ');
}

/** One indicator stream per series of IndicatorValues, writing its values into them. */
interface Feed {
  push(value: number): void;
  peek(value: number): void;
}

function feedOf<T>(stream: IndicatorStream<T>, write: (out: T) => void): Feed {
  return {
    push(value) {
      write(stream.push(value));
    },
    peek(value) {
      write(stream.peek(value));
    },
  };
}

/**
 * computeIndicators for a series whose last candle is live: `reset` computes every value once
 * and keeps each indicator's state up to the candle before the last; `setLast` (the forming
 * candle moved) and `append` (a new one opened) then cost O(period) and give the values at the
 * last candle, as IndicatorValues one entry long. Same numbers as computeIndicators over all closes.
 */
export class IndicatorTracker {
  private feeds: Feed[] = [];
  /** Where the feeds write: a full result on reset, a one-entry result after. */
  private out: IndicatorValues;
  private at = 0;
  private pending: number | undefined;

  constructor(
    private readonly settings: IndicatorSettings,
    private readonly palette: ChartPalette,
  ) {
    this.out = computeIndicators([], settings, palette);
    this.feeds = this.createFeeds();
  }

  /** Every value over `closes` (the last one live). */
  reset(closes: readonly number[]): IndicatorValues {
    this.feeds = this.createFeeds();
    this.out = this.build(closes.length);
    const last = closes.length - 1;
    for (let i = 0; i < last; i++) {
      this.at = i;
      for (const feed of this.feeds) feed.push(closes[i] as number);
    }
    this.pending = closes[last];
    if (this.pending !== undefined) {
      this.at = last;
      for (const feed of this.feeds) feed.peek(this.pending);
    }
    return this.out;
  }

  /** The last candle's close changed. */
  setLast(close: number): IndicatorValues {
    if (this.pending === undefined) return this.append(close);
    this.pending = close;
    return this.peekPending();
  }

  /** A new last candle after the current one. */
  append(close: number): IndicatorValues {
    if (this.pending !== undefined) {
      this.out = this.build(1);
      this.at = 0;
      for (const feed of this.feeds) feed.push(this.pending);
    }
    this.pending = close;
    return this.peekPending();
  }

  private peekPending(): IndicatorValues {
    this.out = this.build(1);
    this.at = 0;
    for (const feed of this.feeds) feed.peek(this.pending as number);
    return this.out;
  }

  /** A fresh result of `length` entries for the feeds to write into. */
  private build(length: number): IndicatorValues {
    const out = computeIndicators([], this.settings, this.palette);
    const empty = (): IndicatorSeries => new Array<number | undefined>(length).fill(undefined);
    for (const overlay of out.overlays) overlay.values = empty();
    const built: IndicatorValues = {
      overlays: out.overlays,
      ...(out.macd && { macd: { macd: empty(), signal: empty(), histogram: empty() } }),
      ...(out.rsi && { rsi: empty() }),
    };
    return built;
  }

  private createFeeds(): Feed[] {
    const settings = this.settings;
    const feeds: Feed[] = [];
    let overlay = 0;
    const overlayAt = (index: number) => (value: number | undefined) => {
      const values = this.out.overlays[index]?.values;
      if (values) values[this.at] = value;
    };
    for (const period of validPeriods(settings.ma)) feeds.push(feedOf(smaStream(period), overlayAt(overlay++)));
    for (const period of validPeriods(settings.ema)) feeds.push(feedOf(emaStream(period), overlayAt(overlay++)));
    if (settings.bollinger) {
      const [upper, middle, lower] = [overlayAt(overlay), overlayAt(overlay + 1), overlayAt(overlay + 2)];
      feeds.push(
        feedOf(bollingerStream(), (point: BollingerPoint) => {
          upper(point.upper);
          middle(point.middle);
          lower(point.lower);
        }),
      );
    }
    if (settings.macd) {
      feeds.push(
        feedOf(macdStream(), (point: MacdPoint) => {
          const target = this.out.macd;
          if (!target) return;
          target.macd[this.at] = point.macd;
          target.signal[this.at] = point.signal;
          target.histogram[this.at] = point.histogram;
        }),
      );
    }
    if (settings.rsi) {
      feeds.push(
        feedOf(rsiStream(), (value) => {
          if (this.out.rsi) this.out.rsi[this.at] = value;
        }),
      );
    }
    return feeds;
  }
}
