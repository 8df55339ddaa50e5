/**
 * Alerts evaluated on the server (the seed of server-side alerts): the ticker pushes the server's
 * shared feed fans out (server/realtime/feed/shared-feed.ts), in the order they arrive, against
 * the alerts, by the engine the browser runs (#shared/alerts): the same crossing memory, cooldown,
 * expiry and recording, so a scenario gives the same triggers on either side.
 *
 * As in the browser (src/features/alerts/alert-feed.tsx): only regular-session prices count, an
 * alert without a type watches its symbol's pushes of any type, and the symbol may be spelled
 * either way ('00700.HK' and '700.HK' are one instrument).
 */
import { instrumentKey, type Alert, type Crossing } from '#shared/alerts/alert-model.ts';
import { AlertMonitor } from '#shared/alerts/alert-monitor.ts';
import { dayReferenceOf } from '#shared/alerts/day-reference.ts';
import { recordObservation } from '#shared/alerts/record-observation.ts';
import { isExtendedPush, PRODUCT_TYPES } from '#shared/contract.ts';
import { oneOf } from '#shared/one-of.ts';
import { normalizeSymbol } from '#shared/symbols.ts';

/** The fields of a ticker push's `data` that alerts read. */
export interface TickerPushData {
  symbol: string;
  type?: string | undefined;
  last_price: string;
  /** ms UTC, the data's clock. */
  timestamp: number;
  trade_session?: string | undefined;
  /** The day's reference, when the ticker has it (day-reference.ts): the HTTP ticker, some pushes. */
  prev_close?: string | undefined;
  price_change_24h?: string | undefined;
}

/** The alerts' fields of a ticker (a push's `data`, an HTTP ticker entry); undefined if it is not one. */
export function tickerPushDataOf(item: Record<string, unknown>): TickerPushData | undefined {
  const { symbol, last_price: price, timestamp } = item;
  if (typeof symbol !== 'string' || typeof price !== 'string' || typeof timestamp !== 'number') return undefined;
  const text = (key: string): string | undefined => (typeof item[key] === 'string' ? item[key] : undefined);
  return {
    symbol,
    last_price: price,
    timestamp,
    type: text('type'),
    trade_session: text('trade_session'),
    prev_close: text('prev_close'),
    price_change_24h: text('price_change_24h'),
  };
}

export interface ServerTrigger {
  alertId: string;
  /** The alert's symbol, or a screen alert's entrant. */
  symbol: string;
  time: number;
  price: number;
  crossing: Crossing;
  /** A screen alert's trigger: `symbol` is the entrant, recorded with the trigger. */
  entrant?: boolean;
}

/** Alerts that remember what they saw: feed it pushes one at a time. */
export class AlertEvaluator {
  private readonly monitor = new AlertMonitor();
  /** The alerts by normalised symbol: a push meets only its symbol's (the server holds thousands). */
  private bySymbol = new Map<string, Alert[]>();
  /** Symbols (normalised) with day move alerts: only their pushes' references are read. */
  private dayMoveSymbols = new Set<string>();

  constructor(private alerts: Alert[]) {
    this.index();
  }

  /** The alerts now (triggered, expired, their triggers recorded). */
  current(): readonly Alert[] {
    return this.alerts;
  }

  /**
   * The user changed their alerts: evaluate `alerts` from now on, keeping what the prices taught
   * (the sides of unchanged levels, each symbol's last price, from which a new level learns its
   * side), and forgetting the alerts gone.
   */
  replace(alerts: Alert[]): void {
    const kept = new Set(alerts.map((alert) => alert.id));
    for (const alert of this.alerts) if (!kept.has(alert.id)) this.monitor.forget(alert);
    this.alerts = alerts;
    this.index();
  }

  /** The feed was cut: what the prices did meanwhile is unknown, so the next price only sets the side. */
  reset(): void {
    const instruments = new Map(this.alerts.map((alert) => [instrumentKey(alert.symbol, alert.type), alert]));
    for (const alert of instruments.values()) this.monitor.reset(alert.symbol, alert.type, this.alerts);
  }

  /** One push: the triggers it makes, recorded on the alerts. */
  push(data: TickerPushData): ServerTrigger[] {
    if (isExtendedPush(data)) return [];
    const symbol = normalizeSymbol(data.symbol);
    let mine = this.bySymbol.get(symbol);
    if (!mine) return [];
    const type = oneOf(PRODUCT_TYPES, data.type);
    // One observation per instrument key the alerts are watched under (the browser feeds each
    // such key on its own): with this push's type, and without any.
    const watched: Alert['type'][] = [];
    for (const alert of mine)
      if (alert.status === 'armed' && (alert.type === undefined || alert.type === type) && !watched.includes(alert.type)) watched.push(alert.type);
    const triggers: ServerTrigger[] = [];
    // Read only where a day move waits on it (it costs a time zone's arithmetic once a day per zone).
    const reference = this.dayMoveSymbols.has(symbol) ? dayReferenceOf(data, symbol, type) : undefined;
    for (const watchedType of watched) {
      const observation = this.monitor.observe(symbol, watchedType, Number(data.last_price), data.timestamp, mine, reference);
      const { alerts, recorded } = recordObservation(mine, observation);
      if (alerts === mine) continue;
      const changed = new Map(alerts.map((alert) => [alert.id, alert]));
      this.alerts = this.alerts.map((alert) => changed.get(alert.id) ?? alert);
      mine = alerts;
      this.bySymbol.set(symbol, mine);
      for (const { alert, trigger } of recorded) triggers.push({ alertId: alert.id, symbol: alert.symbol, ...trigger });
    }
    return triggers;
  }

  /**
   * The instruments of armed day move alerts with no reference for the day of their latest price
   * (none learned yet, or a new day began): their HTTP tickers carry one.
   */
  referencesWanted(): { symbol: string; type: Alert['type'] }[] {
    const wanted = new Map<string, { symbol: string; type: Alert['type'] }>();
    for (const alert of this.alerts) {
      if (alert.status !== 'armed' || alert.condition.kind !== 'dayMove') continue;
      const last = this.monitor.lastPrice(alert.symbol, alert.type);
      if (last && this.monitor.dayReference(alert.symbol, alert.type, last.time)) continue;
      wanted.set(instrumentKey(alert.symbol, alert.type), { symbol: alert.symbol, type: alert.type });
    }
    return [...wanted.values()];
  }

  private index(): void {
    this.bySymbol = new Map();
    this.dayMoveSymbols = new Set(this.alerts.filter((alert) => alert.condition.kind === 'dayMove').map((alert) => normalizeSymbol(alert.symbol)));
    for (const alert of this.alerts) {
      const symbol = normalizeSymbol(alert.symbol);
      const list = this.bySymbol.get(symbol);
      if (list) list.push(alert);
      else this.bySymbol.set(symbol, [alert]);
    }
  }
}

/** The triggers `pushes` make of `alerts`, in order, and the alerts after them. */
export function evaluateAlerts(alerts: Alert[], pushes: Iterable<TickerPushData>): { triggers: ServerTrigger[]; alerts: readonly Alert[] } {
  const evaluator = new AlertEvaluator(alerts);
  const triggers: ServerTrigger[] = [];
  for (const push of pushes) triggers.push(...evaluator.push(push));
  return { triggers, alerts: evaluator.current() };
}
