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
 * - A day move's levels come from the day's reference (day-reference.ts), given with a price or
 *   learned from an earlier one; while none holds for the price's day, the alert waits.
 */
import { counts, step, type LevelMemory } from './crossing.ts';
import { coolingDown, instrumentKey, targetsOf, type Alert, type AlertTarget, type Crossing } from './alert-model.ts';
import { holdsAt, type DayReference } from './day-reference.ts';

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
  /** The start of the day whose reference held for this price (day move levels existed then). */
  dayFrom?: number | undefined;
}

/** A level's memory, with the level it is of: a level that moved (a dragged line, a new day) starts afresh. */
interface Remembered {
  level: number;
  memory: LevelMemory | undefined;
}

const NOTHING: Observation = { fired: [], expired: [] };

const memoryKeyOf = (alert: Alert, target: AlertTarget): string => `${alert.id}|${target.direction}`;

export class AlertMonitor {
  private readonly memories = new Map<string, Remembered>();
  private readonly last = new Map<string, LastPrice>();
  /** Per instrument, the day's reference last learned (day move alerts). */
  private readonly references = new Map<string, DayReference>();

  /**
   * One price of `symbol` at `time` (ms, the data's clock); `alerts`: those of that symbol (any
   * status: only armed ones are evaluated); `reference`: the day's reference, when the price came
   * with one (day-reference.ts), else the last one learned is used while its day lasts.
   */
  observe(symbol: string, type: Alert['type'], price: number, time: number, alerts: readonly Alert[], reference?: DayReference): Observation {
    if (!Number.isFinite(price) || !Number.isFinite(time)) return NOTHING;
    const key = instrumentKey(symbol, type);
    const previous = this.last.get(key);
    if (previous && time < previous.time) return NOTHING;
    if (reference) this.references.set(key, reference);
    const learned = this.references.get(key);
    const day = learned && holdsAt(learned, time) ? learned : undefined;
    this.last.set(key, { price, time, dayFrom: day?.from });
    const fired: Fired[] = [];
    const expired: string[] = [];
    for (const alert of alerts) {
      if (alert.status !== 'armed' || instrumentKey(alert.symbol, alert.type) !== key) continue;
      if (alert.expiresAt !== undefined && time >= alert.expiresAt) {
        expired.push(alert.id);
        continue;
      }
      let crossing: Crossing | undefined;
      for (const target of targetsOf(alert, day?.price)) {
        const memoryKey = memoryKeyOf(alert, target);
        const remembered = this.memories.get(memoryKey);
        const before = remembered?.level === target.level ? remembered.memory : this.sideBefore(alert, target.level, previous, day);
        const next = step(before, target.level, price);
        // The hot path (the server observes thousands of prices a second): no new entry per price.
        if (remembered) {
          remembered.level = target.level;
          remembered.memory = next.memory;
        } else this.memories.set(memoryKey, { level: target.level, memory: next.memory });
        if (next.crossed && counts(target.direction, next.crossed)) crossing ??= next.crossed;
      }
      if (crossing === undefined || coolingDown(alert, time)) continue;
      fired.push({ alertId: alert.id, time, price, crossing });
    }
    // Nearly every price fires nothing: no new object for it (the server observes thousands a second).
    return fired.length === 0 && expired.length === 0 ? NOTHING : { fired, expired };
  }

  /**
   * The side of a level without memory (an alert just created, a line just dragged, a new day): the
   * symbol's previous price's, so a crossing right after the alert was set still counts; for a day
   * move whose previous price was seen without this day's reference (another day's price, or this
   * day's before the reference came), the reference's: the day starts there, so a gap past the
   * level counts. No previous price (a page load, a reconnect): none, the price only sets the side.
   */
  private sideBefore(alert: Alert, level: number, previous: LastPrice | undefined, day: DayReference | undefined): LevelMemory | undefined {
    if (!previous) return undefined;
    const from = alert.condition.kind === 'dayMove' && day && previous.dayFrom !== day.from ? day.price : previous.price;
    return step(undefined, level, from).memory;
  }

  /** The next price of `symbol` only sets the side (a reconnect: what happened meanwhile is unknown). */
  reset(symbol: string, type: Alert['type'], alerts: readonly Alert[]): void {
    const key = instrumentKey(symbol, type);
    this.last.delete(key);
    for (const alert of alerts) if (instrumentKey(alert.symbol, alert.type) === key) this.forget(alert);
  }

  /** The symbol's latest price seen (for a new alert's base, a move alert's reference). */
  lastPrice(symbol: string, type: Alert['type']): LastPrice | undefined {
    return this.last.get(instrumentKey(symbol, type));
  }

  /** A day's reference told without a price (a browser's ticker snapshot while the pushes carry the prices). */
  learnDayReference(symbol: string, type: Alert['type'], reference: DayReference): void {
    this.references.set(instrumentKey(symbol, type), reference);
  }

  /** The day's reference of an instrument, while it holds at `time` (the server's polling, the page's refetch). */
  dayReference(symbol: string, type: Alert['type'], time: number): DayReference | undefined {
    const reference = this.references.get(instrumentKey(symbol, type));
    return reference && holdsAt(reference, time) ? reference : undefined;
  }

  /** Drops the memory of an alert gone. */
  forget(alert: Alert): void {
    for (const direction of ['up', 'down', 'either'] as const) this.memories.delete(`${alert.id}|${direction}`);
  }
}
