/**
 * A symbol's daily bars as the screener reads them, kept warm: the completed bars, the forming bar
 * (today so far, when the day is open), the indicator tracks its screens asked for (each built
 * once, on first demand, by a fold over the completed bars) and the highs and lows of windows of
 * earlier bars. Between two completed bars only the forming bar moves (`setForming`): each track
 * then peeks it once, and the windows of earlier bars do not change.
 */
import type { Candle } from '#shared/candle.ts';
import { Track, type TrackSpec } from './technical-track.ts';

const WEEKS_52_MS = 52 * 7 * 86_400_000;

/** A window of bars before the latest: the last `days` bars with the latest among them, or the last 52 weeks. */
export type Lookback = number | '52w';

/** Good while the completed bars and the latest bar's time are the same. */
interface CachedExtreme {
  completed: number;
  latestTime: number;
  value: number | undefined;
}

export class TechnicalState {
  private readonly bars: Candle[];
  private formingBar: Candle | undefined;
  /** Counts forming updates and closed bars: a track's peek is good for one stamp. */
  private stamp = 0;
  private readonly tracks = new Map<string, Track>();
  private readonly extremes = new Map<string, CachedExtreme>();

  /** `completed` oldest first; `forming` the bar of the day still trading, if any. */
  constructor(completed: readonly Candle[], forming?: Candle) {
    this.bars = completed.slice();
    this.formingBar = forming;
  }

  /** From daily bars oldest first, the last of which is the forming one when `lastIsForming`. */
  static fromBars(bars: readonly Candle[], lastIsForming: boolean): TechnicalState {
    return lastIsForming && bars.length > 0 ? new TechnicalState(bars.slice(0, -1), bars.at(-1)) : new TechnicalState(bars);
  }

  /** A bar completed (the forming one, as the K-line says it closed): every track pushes it. */
  closeBar(bar: Candle): void {
    this.bars.push(bar);
    for (const track of this.tracks.values()) track.push(bar);
    this.formingBar = undefined;
    this.stamp += 1;
  }

  /** The day's bar so far; pass a new object for each update (undefined: the latest bar is complete). */
  setForming(bar: Candle | undefined): void {
    this.formingBar = bar;
    this.stamp += 1;
  }

  /** Bars in all, the forming one included. */
  get length(): number {
    return this.bars.length + (this.formingBar ? 1 : 0);
  }

  /** The bar `age` bars before the latest (0: the latest, the forming one when there is one). */
  bar(age = 0): Candle | undefined {
    if (this.formingBar) return age === 0 ? this.formingBar : this.bars[this.bars.length - age];
    return this.bars[this.bars.length - 1 - age];
  }

  /** Output `output` of the track `spec` at `age` bars before the latest; `age` < spec.depth. */
  value(spec: TrackSpec, output: number, age: number): number | undefined {
    const track = this.track(spec);
    if (!this.formingBar) return track.committed(output, age);
    return age === 0 ? track.forming(this.formingBar, this.stamp, output) : track.committed(output, age - 1);
  }

  private track(spec: TrackSpec): Track {
    const known = this.tracks.get(spec.key);
    if (known && known.depth >= spec.depth) return known;
    // Built (or rebuilt deeper) once; later bars are pushed as they complete.
    const track = new Track(spec, this.bars, Math.max(spec.depth, known?.depth ?? 0));
    this.tracks.set(spec.key, track);
    return track;
  }

  /**
   * The highest high (or lowest low) of the bars before the latest within `lookback`; undefined
   * when there is none. Depends only on the completed bars, so it is cached until one completes.
   */
  earlierExtreme(side: 'high' | 'low', lookback: Lookback): number | undefined {
    const latest = this.bar(0);
    if (!latest) return undefined;
    const key = `${side} ${lookback}`;
    const cached = this.extremes.get(key);
    if (cached?.completed === this.bars.length && cached.latestTime === latest.time) return cached.value;
    const value = this.scanEarlier(side, lookback, latest.time);
    this.extremes.set(key, { completed: this.bars.length, latestTime: latest.time, value });
    return value;
  }

  private scanEarlier(side: 'high' | 'low', lookback: Lookback, latestTime: number): number | undefined {
    // The completed bars before the latest: all of them under a forming bar, else all but the last.
    const end = this.formingBar ? this.bars.length : this.bars.length - 1;
    const start = lookback === '52w' ? 0 : Math.max(0, end - (lookback - 1));
    const since = lookback === '52w' ? latestTime - WEEKS_52_MS : -Infinity;
    let extreme: number | undefined;
    for (let i = end - 1; i >= start; i--) {
      const bar = this.bars[i] as Candle;
      if (bar.time <= since) break;
      const value = side === 'high' ? bar.high : bar.low;
      if (extreme === undefined || (side === 'high' ? value > extreme : value < extreme)) extreme = value;
    }
    return extreme;
  }
}
