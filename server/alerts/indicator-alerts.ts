/**
 * The armed indicator alerts of every user, for server-alerts.ts: one watch per alert (its
 * evaluator, indicator-watch.ts) on one bar series per instrument and interval (bar-series.ts,
 * shared by every alert on it, whoever set it). A watch starts from its own history, read through
 * `loadBars` when the alert is set or changed (the K-line endpoint in production, kline-bars.ts);
 * an alert whose history could not be read is tried again at the next reload of its user's alerts
 * (their change, or the periodic whole reload).
 *
 * Pushes reach the series of their symbol as they reach the price alerts: regular-session prices
 * only, an alert without a type taking its symbol's pushes of any type. A feed cut and reopened
 * needs nothing here: the bars missed meanwhile come with the next bar's request.
 */
import { instrumentKey, type Alert } from '#shared/alerts/alert-model.ts';
import { isExtendedPush, PRODUCT_TYPES, type ProductType } from '#shared/contract.ts';
import { oneOf } from '#shared/one-of.ts';
import { instrumentTimeZone, normalizeSymbol } from '#shared/symbols.ts';
import type { InstrumentKey } from './alert-feed-link.ts';
import { BarSeries, type LoadBars } from './bar-series.ts';
import type { ServerTrigger, TickerPushData } from './evaluate-alerts.ts';
import { isIndicatorAlert, IndicatorWatch, type IndicatorAlert } from './indicator-watch.ts';

export interface IndicatorAlertsOptions {
  loadBars: LoadBars;
  /** A watch fired: record the trigger (server-alerts.ts, through the trigger store). */
  onTrigger: (user: string, trigger: ServerTrigger) => void;
  log?: (line: string) => void;
}

interface Placed {
  series: BarSeries;
  type: ProductType | undefined;
}

const seriesKeyOf = (alert: IndicatorAlert): string => `${instrumentKey(alert.symbol, alert.type)}|${alert.condition.interval}`;

export class IndicatorAlerts {
  /** User → alert id → its watch. */
  private readonly users = new Map<string, Map<string, IndicatorWatch>>();
  private readonly series = new Map<string, Placed>();
  /** Normalised symbol → the series on it. */
  private readonly bySymbol = new Map<string, Set<Placed>>();
  /** Histories being read. */
  private readonly loads = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly options: IndicatorAlertsOptions) {}

  /**
   * The user's alerts now (any kind, any status: their armed indicator alerts are watched). An
   * alert evaluated as before keeps its watch, and so its memory; a new or changed one starts
   * from a history read for it; the others are dropped.
   */
  install(user: string, alerts: readonly Alert[]): void {
    if (this.stopped) return;
    const before = new Map(this.users.get(user));
    const after = new Map<string, IndicatorWatch>();
    for (const alert of alerts) {
      if (!isIndicatorAlert(alert) || alert.status !== 'armed') continue;
      const held = before.get(alert.id);
      if (held && !held.failed && held.evaluates(alert)) {
        held.alert = alert;
        before.delete(alert.id);
        after.set(alert.id, held);
      } else after.set(alert.id, this.watch(user, alert));
    }
    for (const gone of before.values()) this.drop(gone);
    if (after.size > 0) this.users.set(user, after);
    else this.users.delete(user);
  }

  /** The instruments of the armed indicator alerts (the feed subscribes them). */
  instruments(): Set<InstrumentKey> {
    const keys = new Set<InstrumentKey>();
    for (const watch of this.watches()) if (watch.alert.status === 'armed') keys.add(instrumentKey(watch.alert.symbol, watch.alert.type));
    return keys;
  }

  armed(): number {
    let count = 0;
    for (const watch of this.watches()) if (watch.alert.status === 'armed') count += 1;
    return count;
  }

  push(data: TickerPushData): void {
    if (isExtendedPush(data)) return;
    const placed = this.bySymbol.get(normalizeSymbol(data.symbol));
    if (!placed) return;
    const type = oneOf(PRODUCT_TYPES, data.type);
    const price = Number(data.last_price);
    if (!Number.isFinite(price)) return;
    for (const { series, type: wanted } of placed) if (wanted === undefined || wanted === type) series.push(price, data.timestamp);
  }

  /** Settles once no history is being read and no series is asking for bars (tests, shutdown). */
  async settled(): Promise<void> {
    for (;;) {
      const pending = [...this.loads, ...[...this.series.values()].flatMap(({ series }) => series.pending ?? [])];
      if (pending.length === 0) return;
      await Promise.all(pending);
    }
  }

  stop(): void {
    this.stopped = true;
    for (const { series } of this.series.values()) series.stop();
    this.series.clear();
    this.bySymbol.clear();
    this.users.clear();
  }

  private *watches(): Iterable<IndicatorWatch> {
    for (const watches of this.users.values()) yield* watches.values();
  }

  private watch(user: string, alert: IndicatorAlert): IndicatorWatch {
    const watch = new IndicatorWatch(user, alert, (fired, trigger) => {
      this.options.onTrigger(fired.user, trigger);
    });
    const { series } = this.place(alert);
    series.add(watch);
    const { symbol, type, condition } = alert;
    const load = this.options
      .loadBars(symbol, type, condition.interval, watch.historyBars)
      .then((history) => {
        if (history.length === 0) throw new Error('no completed bars');
        series.start(watch, history);
      })
      .catch((error: unknown) => {
        watch.failed = true;
        this.options.log?.(
          `chartroom: alerts: the alert ${alert.id} on ${symbol} waits for its ${condition.interval} bars (${error instanceof Error ? error.message : 'unknown error'}); tried again at the next reload`,
        );
      })
      .finally(() => {
        this.loads.delete(load);
      });
    this.loads.add(load);
    return watch;
  }

  /** The series of the alert's instrument and interval, made when it is the first. */
  private place(alert: IndicatorAlert): Placed {
    const key = seriesKeyOf(alert);
    const held = this.series.get(key);
    if (held) return held;
    const { symbol, type, condition } = alert;
    const { loadBars, log } = this.options;
    const series = new BarSeries({ symbol, type, interval: condition.interval, timeZone: instrumentTimeZone(symbol, type), loadBars, ...(log && { log }) });
    const placed: Placed = { series, type };
    this.series.set(key, placed);
    const normalised = normalizeSymbol(symbol);
    this.bySymbol.set(normalised, new Set([...(this.bySymbol.get(normalised) ?? []), placed]));
    return placed;
  }

  private drop(watch: IndicatorWatch): void {
    const key = seriesKeyOf(watch.alert);
    const placed = this.series.get(key);
    if (!placed) return;
    placed.series.remove(watch);
    if (placed.series.size > 0) return;
    placed.series.stop();
    this.series.delete(key);
    const normalised = normalizeSymbol(watch.alert.symbol);
    const others = this.bySymbol.get(normalised);
    others?.delete(placed);
    if (others?.size === 0) this.bySymbol.delete(normalised);
  }
}
