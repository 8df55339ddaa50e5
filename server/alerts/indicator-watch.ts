/**
 * One armed indicator alert of one user, on the server: its condition's evaluator over the bars of
 * its series (bar-series.ts), and each event it fires made a trigger when the alert takes it (armed,
 * before its expiry, past its cooldown). The trigger is recorded on the alert here as the database
 * records it (once: triggered; every: the cooldown starts, record-observation.ts), so the next bar
 * meets the alert as it now is; the database still decides (trigger-store.ts).
 */
import { coolingDown, instrumentKey, type Alert } from '#shared/alerts/alert-model.ts';
import type { IndicatorCondition } from '#shared/alerts/indicator-condition.ts';
import { IndicatorConditionEvaluator, type IndicatorConditionEvent } from '#shared/alerts/indicator-condition-evaluator.ts';
import { warmUpBars } from '#shared/alerts/indicator-condition-lines.ts';
import { recordObservation } from '#shared/alerts/record-observation.ts';
import type { Candle } from '#shared/candle.ts';
import { MAX_LIMIT } from '#shared/contract.ts';
import { instrumentTimeZone } from '#shared/symbols.ts';
import type { SeriesMember } from './bar-series.ts';
import type { ServerTrigger } from './evaluate-alerts.ts';

export type IndicatorAlert = Alert & { condition: IndicatorCondition };

export const isIndicatorAlert = (alert: Alert): alert is IndicatorAlert => alert.condition.kind === 'indicator';

/** Fewer bars than this read as no chart does. */
const MIN_HISTORY = 200;
/** Times the warm-up: smoothed lines (RSI, EMA, MACD, ATR…) forget their start after about 7 periods. */
const WARM_UP_FACTOR = 8;

/**
 * The history an alert's evaluator starts from: enough for its smoothed lines to read as the
 * chart's (the evaluator's header), at least a screen of bars, at most one request's worth.
 */
export function historyBarsOf(condition: IndicatorCondition): number {
  return Math.min(MAX_LIMIT, Math.max(warmUpBars(condition) * WARM_UP_FACTOR, MIN_HISTORY));
}

export class IndicatorWatch implements SeriesMember {
  readonly historyBars: number;
  /** Its history could not be read: set again on the next reload of the user's alerts. */
  failed = false;
  private evaluator: IndicatorConditionEvaluator | undefined;

  constructor(
    readonly user: string,
    /** The alert as stored, then as its triggers left it here. */
    public alert: IndicatorAlert,
    private readonly onTrigger: (watch: IndicatorWatch, trigger: ServerTrigger) => void,
  ) {
    this.historyBars = historyBarsOf(alert.condition);
  }

  /** Whether `alert` is evaluated as this watch evaluates (then it keeps its memory). */
  evaluates(alert: IndicatorAlert): boolean {
    const { symbol, type, condition } = this.alert;
    return instrumentKey(symbol, type) === instrumentKey(alert.symbol, alert.type) && JSON.stringify(condition) === JSON.stringify(alert.condition);
  }

  restart(history: readonly Candle[]): void {
    const { symbol, type, condition } = this.alert;
    this.evaluator = new IndicatorConditionEvaluator(condition, history, { timeZone: instrumentTimeZone(symbol, type) });
  }

  closeBar(candle: Candle, now: number): void {
    if (this.live(now)) this.take(this.evaluator?.closeBar(candle));
  }

  tick(price: number, time: number): void {
    if (this.alert.condition.on === 'tick' && this.live(time)) this.take(this.evaluator?.tick(price, time));
  }

  /** Armed at `now` (the data's clock); past its expiry it is expired from then on, as the price monitor expires one. */
  private live(now: number): boolean {
    const { alert } = this;
    if (alert.status !== 'armed') return false;
    if (alert.expiresAt === undefined || now < alert.expiresAt) return true;
    this.alert = { ...alert, status: 'expired' };
    return false;
  }

  private take(event: IndicatorConditionEvent | undefined): void {
    const { alert } = this;
    if (!event || coolingDown(alert, event.time)) return;
    const { time, price, crossing } = event;
    const { alerts, recorded } = recordObservation([alert], { fired: [{ alertId: alert.id, time, price, crossing }], expired: [] });
    const [after] = alerts;
    if (after) this.alert = { ...after, condition: alert.condition };
    for (const { trigger } of recorded) this.onTrigger(this, { alertId: alert.id, symbol: alert.symbol, ...trigger });
  }
}
