/**
 * The continuous price path of one instrument, with random access: the log price at any minute
 * boundary is a sum of octaves of interpolated hashed noise (from one minute to about eight
 * years), so any window can be computed without generating the past. Amplitudes grow with the
 * square root of the octave's span, which gives the path a random-walk texture at every scale.
 */
import { gauss } from './hash.ts';

export const MINUTE_MS = 60_000;
const MINUTES_PER_YEAR = 525_960;
const OCTAVE_SPANS = [1, 4, 16, 64, 256, 1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304];
/** Calibrates the octave sum so that realised volatility is close to the nominal annual figure. */
const AMPLITUDE_SCALE = 0.65;
/** Prices are anchored here: the path passes through `basePrice` at this minute (2026-11-02 00:00 UTC). */
export const REFERENCE_MINUTE = Date.UTC(2026, 10, 2) / MINUTE_MS;

export interface PathProfile {
  seed: number;
  basePrice: number;
  annualVolatility: number;
  /** Long-run log growth per year: trends make old prices plausible (crypto far lower in 2017). */
  annualDrift: number;
}

export class PricePath {
  private readonly amplitudes: number[];
  private readonly referenceLog: number;

  constructor(private readonly profile: PathProfile) {
    this.amplitudes = OCTAVE_SPANS.map((span) => profile.annualVolatility * Math.sqrt(span / MINUTES_PER_YEAR) * AMPLITUDE_SCALE);
    this.referenceLog = this.logNoise(REFERENCE_MINUTE);
  }

  /** Price (before tick rounding) at the boundary that starts minute `minute` (epoch minutes). */
  priceAt(minute: number): number {
    return this.fromLog(this.logNoise(minute), minute);
  }

  /**
   * Prices at `count + 1` consecutive boundaries from `firstMinute`, written into `out`. The same
   * sums as `logNoise`, octave by octave, but each octave walks its knots with a counter instead
   * of dividing every minute to find them: `offset / span` is the fraction `logNoise` computes.
   */
  fillPrices(firstMinute: number, count: number, out: Float64Array): void {
    out.fill(0, 0, count + 1);
    const { seed } = this.profile;
    for (let octave = 0; octave < OCTAVE_SPANS.length; octave++) {
      const span = OCTAVE_SPANS[octave] ?? 1;
      const amplitude = this.amplitudes[octave] ?? 0;
      let knot = Math.floor(firstMinute / span);
      let offset = firstMinute - knot * span;
      let left = gauss(seed, knot, octave);
      let right = gauss(seed, knot + 1, octave);
      let rise = right - left;
      for (let i = 0; i <= count; i++, offset++) {
        if (offset === span) {
          knot++;
          offset = 0;
          left = right;
          right = gauss(seed, knot + 1, octave);
          rise = right - left;
        }
        out[i] = (out[i] ?? 0) + amplitude * (left + rise * (offset / span));
      }
    }
    for (let i = 0; i <= count; i++) out[i] = this.fromLog(out[i] ?? 0, firstMinute + i);
  }

  /**
   * Prices at minutes firstMinute + k × stride for k < count, and at lastMinute (written at
   * `count`): the same sums as `priceAt`, but an octave's knots are drawn again only when a
   * sample crosses into the next one, so a piece's few dozen samples share their slow octaves.
   */
  fillSamples(firstMinute: number, stride: number, count: number, lastMinute: number, out: Float64Array): void {
    out.fill(0, 0, count + 1);
    const { seed } = this.profile;
    for (let octave = 0; octave < OCTAVE_SPANS.length; octave++) {
      const span = OCTAVE_SPANS[octave] ?? 1;
      const amplitude = this.amplitudes[octave] ?? 0;
      let knot = Number.NaN;
      let left = 0;
      let right = 0;
      for (let k = 0; k <= count; k++) {
        const minute = k === count ? lastMinute : firstMinute + k * stride;
        const at = Math.floor(minute / span);
        if (at !== knot) {
          left = at === knot + 1 ? right : gauss(seed, at, octave);
          right = gauss(seed, at + 1, octave);
          knot = at;
        }
        out[k] = (out[k] ?? 0) + amplitude * (left + (right - left) * ((minute - at * span) / span));
      }
    }
    for (let k = 0; k <= count; k++) out[k] = this.fromLog(out[k] ?? 0, k === count ? lastMinute : firstMinute + k * stride);
  }

  private logNoise(minute: number): number {
    let sum = 0;
    for (let octave = 0; octave < OCTAVE_SPANS.length; octave++) {
      const span = OCTAVE_SPANS[octave] ?? 1;
      const knot = Math.floor(minute / span);
      const fraction = (minute - knot * span) / span;
      const left = gauss(this.profile.seed, knot, octave);
      const right = gauss(this.profile.seed, knot + 1, octave);
      sum += (this.amplitudes[octave] ?? 0) * (left + (right - left) * fraction);
    }
    return sum;
  }

  private fromLog(logNoise: number, minute: number): number {
    const years = (minute - REFERENCE_MINUTE) / MINUTES_PER_YEAR;
    return this.profile.basePrice * Math.exp(logNoise - this.referenceLog + this.profile.annualDrift * years);
  }
}
