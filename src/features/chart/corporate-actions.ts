/**
 * Corporate-action markers from ex-factors (§2.13, §4.12). Each event has one forward and one
 * backward factor; the backward one reads directly as the event (factor_a = new shares per old,
 * factor_b = cash dividend per old share), the forward one as its inverse.
 */
import type { AdjustFactor } from '#shared/adjust.ts';
import { t } from '../../i18n/t';

export interface CorporateAction {
  /** Effective time, ms UTC. */
  timestamp: number;
  /** New shares per old share (1 when there is no split). */
  ratio: number;
  /** Cash dividend per pre-event share (0 when there is none). */
  dividend: number;
}

export interface ActionMarker {
  /** Time of the candle the marker sits on, on the chart's clock. */
  time: number;
  text: string;
  /** How many events share the candle. */
  events: number;
  /** The badge of a lone event: 'S' for a split (with or without a dividend), 'D' for a dividend. */
  letter: 'S' | 'D';
  /** The events' factors (forward and backward), shown when the candle is hovered. */
  factors: AdjustFactor[];
}

const EPSILON = 1e-9;

/** One action per event, ascending, read from backward factors (or forward ones when alone). */
export function actionsFromFactors(factors: readonly AdjustFactor[]): CorporateAction[] {
  const byTime = new Map<number, CorporateAction>();
  for (const factor of factors) {
    if (factor.adjust === 'backward') {
      byTime.set(factor.timestamp, { timestamp: factor.timestamp, ratio: factor.factor_a, dividend: factor.factor_b });
    } else if (!byTime.has(factor.timestamp) && factor.factor_a !== 0) {
      const ratio = 1 / factor.factor_a;
      byTime.set(factor.timestamp, { timestamp: factor.timestamp, ratio, dividend: -factor.factor_b * ratio });
    }
  }
  return [...byTime.values()].sort((a, b) => a.timestamp - b.timestamp);
}

/** Up to four decimals, trailing zeros dropped. */
function trim(value: number): string {
  return String(Number(value.toFixed(4)));
}

function isSplit(action: Pick<CorporateAction, 'ratio'>): boolean {
  return Math.abs(action.ratio - 1) > EPSILON && action.ratio > 0;
}

/** "Split 4:1", "Split 1:10" (a reverse split), "Div 0.24", or both joined. */
export function actionLabel(action: Pick<CorporateAction, 'ratio' | 'dividend'>): string {
  const parts: string[] = [];
  if (isSplit(action)) {
    parts.push(t('Split {ratio}', { ratio: action.ratio >= 1 ? `${trim(action.ratio)}:1` : `1:${trim(1 / action.ratio)}` }));
  }
  if (Math.abs(action.dividend) > EPSILON) parts.push(t('Div {amount}', { amount: trim(action.dividend) }));
  return parts.join(' · ');
}

/**
 * The index of the candle an action belongs to, in ascending candle `times`: for intraday and
 * daily candles the first one at or after the effective time (the first price the event affects);
 * for weeks and months the period containing it. -1 when it lies outside the loaded candles.
 */
export function candleIndexOfAction(times: readonly number[], time: number, periodic: boolean): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((times[mid] ?? Infinity) < time) low = mid + 1;
    else high = mid;
  }
  // low: the first candle at or after `time`.
  const first = times[0];
  if (first === undefined || time < first) return -1;
  if (times[low] === time) return low;
  if (periodic) return low - 1;
  return low < times.length ? low : -1;
}

/**
 * Markers for the loaded candles (ascending `times` on the chart's clock; `timeOf` maps an action's
 * ms time onto the same clock), one per candle, events sharing a candle joined.
 */
export function actionMarkers(factors: readonly AdjustFactor[], times: readonly number[], periodic: boolean, timeOf: (ms: number) => number): ActionMarker[] {
  const byIndex = new Map<number, { labels: string[]; factors: AdjustFactor[]; split: boolean }>();
  for (const action of actionsFromFactors(factors)) {
    const index = candleIndexOfAction(times, timeOf(action.timestamp), periodic);
    const label = actionLabel(action);
    if (index < 0 || !label) continue;
    const entry = byIndex.get(index) ?? { labels: [], factors: [], split: false };
    entry.labels.push(label);
    entry.split ||= isSplit(action);
    entry.factors.push(...factors.filter((factor) => factor.timestamp === action.timestamp));
    byIndex.set(index, entry);
  }
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .flatMap(([index, { labels, factors: eventFactors, split }]): ActionMarker[] => {
      const time = times[index];
      if (time === undefined) return [];
      return [{ time, text: labels.join(' · '), events: labels.length, letter: split ? 'S' : 'D', factors: eventFactors }];
    });
}

/** "forward ×0.25 −0.0675" — a factor as the price transformation it applies (§4.12). */
export function factorText(factor: AdjustFactor): string {
  const b = Number(factor.factor_b.toFixed(6));
  const sign = b < 0 ? '\u2212' : '+';
  return `${t(factor.adjust === 'forward' ? 'forward' : 'backward')} ×${String(Number(factor.factor_a.toFixed(6)))} ${sign}${String(Math.abs(b))}`;
}
