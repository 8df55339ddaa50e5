/**
 * Evaluates alerts on the prices received (the page's alert feed, the server's evaluator). Per
 * symbol it keeps the latest price and its time; per alert level, the crossing memory
 * (crossing.ts). Pure: no timers, no React, no store — the feeder hands it prices and the alerts
 * of that symbol, and records what it answers (record-observation.ts).
 *
 * - A price older than one already seen for the symbol (a polled snapshot arriving after a newer
 *   push) is ignored: the price did not go back.
 * - After `reset(symbol)` (a page load, a reconnect) the next price only sets the side.
 * - A level without memory (an alert just created, a line just dragged) takes its side from the
 *   symbol's previous price, so a crossing right after the alert was set still counts.
 * - A repeating alert reports a crossing only `cooldownMs` after its last trigger; crossings in
 *   the cooldown are consumed, not postponed.
 * - Past its expiry an alert reports nothing and is answered as expired.
 */
import { counts, step, type LevelMemory } from './crossing.ts';
import { coolingDown, instrumentKey, targetsOf, type Alert, type Crossing } from './alert-model.ts';

export interface Fired {
  alertId: string;
  time: number;
  price: number;
  crossing: Crossing;
}

export interface Observation {
  fired: Fired[];
  /** Armed alerts whose expiry this price's time has passed. */
  expired: string[];
}

interface LastPrice {
  price: number;
  time: number;
}

const NOTHING: Observation = { fired: [], expired: [] };

export class AlertMonitor {
  private readonly memories = new Map<string, LevelMemory | undefined>();
  private readonly last = new Map<string, LastPrice>();

  /**
   * One price of `symbol` at `time` (ms, the data's clock); `alerts`: those of that symbol (any
   * status: only armed ones are evaluated).
   */
  observe(symbol: string, type: Alert['type'], price: number, time: number, alerts: readonly Alert[]): Observation {
    if (!Number.isFinite(price) || !Number.isFinite(time)) return NOTHING;
    const key = instrumentKey(symbol, type);
    const previous = this.last.get(key);
    if (previous && time < previous.time) return NOTHING;
    this.last.set(key, { price, time });
    const fired: Fired[] = [];
    const expired: string[] = [];
    for (const alert of alerts) {
      if (alert.status !== 'armed' || instrumentKey(alert.symbol, alert.type) !== key) continue;
      if (alert.expiresAt !== undefined && time >= alert.expiresAt) {
        expired.push(alert.id);
        continue;
      }
      let crossing: Crossing | undefined;
      for (const target of targetsOf(alert)) {
        const memoryKey = `${alert.id}|${String(target.level)}`;
        const before = this.memories.has(memoryKey) ? this.memories.get(memoryKey) : previous && step(undefined, target.level, previous.price).memory;
        const next = step(before, target.level, price);
        this.memories.set(memoryKey, next.memory);
        if (next.crossed && counts(target.direction, next.crossed)) crossing ??= next.crossed;
      }
      if (crossing === undefined || coolingDown(alert, time)) continue;
      fired.push({ alertId: alert.id, time, price, crossing });
    }
    // Nearly every price fires nothing: no new object for it (the server observes thousands a second).
    return fired.length === 0 && expired.length === 0 ? NOTHING : { fired, expired };
  }

  /** The next price of `symbol` only sets the side (a reconnect: what happened meanwhile is unknown). */
  reset(symbol: string, type: Alert['type'], alerts: readonly Alert[]): void {
    this.last.delete(instrumentKey(symbol, type));
    for (const alert of alerts) {
      if (instrumentKey(alert.symbol, alert.type) !== instrumentKey(symbol, type)) continue;
      for (const target of targetsOf(alert)) this.memories.set(`${alert.id}|${String(target.level)}`, undefined);
    }
  }

  /** The symbol's latest price seen (for a new alert's base, a move alert's reference). */
  lastPrice(symbol: string, type: Alert['type']): LastPrice | undefined {
    return this.last.get(instrumentKey(symbol, type));
  }

  /** Drops the memory of an alert gone. */
  forget(alert: Alert): void {
    for (const target of targetsOf(alert)) this.memories.delete(`${alert.id}|${String(target.level)}`);
  }
}
