/**
 * The armed screen alerts of every user, for server-alerts.ts: "tell me when a symbol enters this
 * screen". Every `everyMs` each distinct screen is evaluated once on the screener's warm universe
 * (server/screener/, the rows the browsers see), whoever set it; a symbol in the rows now that was
 * not at the previous evaluation fires each alert on that screen, at the price of its row.
 *
 * - The first evaluation of a watch (a new or changed alert, a restart) only learns who is in: an
 *   alert never fires for what the screen held when it was set.
 * - While the universe warms, or a screen fails, nothing is learnt and nothing fires: a warming
 *   screen holds only the symbols ready so far, and each one coming ready would read as an entry.
 * - A repeating alert's cooldown counts per entrant (a symbol that flickers in and out of a
 *   threshold fires once per cooldown); the trigger store applies the same rule when it records.
 */
import { coolingDown, type Alert, type ScreenEntryCondition } from '#shared/alerts/alert-model.ts';
import type { ScreenAnswer } from '#shared/screener/screener-protocol.ts';
import type { Screen } from '#shared/screener/screen-model.ts';
import type { ServerTrigger } from './evaluate-alerts.ts';

export type ScreenAlert = Alert & { condition: ScreenEntryCondition };

export const isScreenAlert = (alert: Alert): alert is ScreenAlert => alert.condition.kind === 'screen';

export interface ScreenAlertsOptions {
  /** The screener's answer for a screen (the server's screener service). */
  screen: (screen: Screen) => Promise<ScreenAnswer>;
  /** An alert fired for an entrant: record the trigger (server-alerts.ts, through the trigger store). */
  onTrigger: (user: string, trigger: ServerTrigger) => void;
  /** Between evaluations; default 30 s (the universe's quotes refresh about so often). */
  everyMs?: number;
  log?: (line: string) => void;
}

interface Watch {
  user: string;
  alert: ScreenAlert;
  /** The screen as JSON: alerts with the same one share an evaluation. */
  key: string;
  /** Symbols in the screen at its last evaluation; undefined until the first. */
  members: Set<string> | undefined;
  /** Entrant → when it last fired this alert (data clock), beside the alert's kept triggers. */
  fired: Map<string, number>;
}

export const DEFAULT_SCREEN_ALERTS_EVERY_MS = 30_000;

export class ScreenAlerts {
  /** User → alert id → its watch. */
  private readonly users = new Map<string, Map<string, Watch>>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;
  /** Screens evaluated on a ready universe (each distinct screen once per pass). */
  private evaluations = 0;

  constructor(private readonly options: ScreenAlertsOptions) {}

  /** The user's alerts now (any kind, any status): their armed screen alerts are watched. */
  install(user: string, alerts: readonly Alert[]): void {
    if (this.stopped) return;
    const before = this.users.get(user) ?? new Map<string, Watch>();
    const after = new Map<string, Watch>();
    for (const alert of alerts) {
      if (!isScreenAlert(alert) || alert.status !== 'armed') continue;
      const key = JSON.stringify(alert.condition.screen);
      const held = before.get(alert.id);
      if (held?.key === key) {
        held.alert = alert;
        after.set(alert.id, held);
      } else after.set(alert.id, { user, alert, key, members: undefined, fired: new Map() });
    }
    if (after.size > 0) this.users.set(user, after);
    else this.users.delete(user);
    if (this.armed() > 0) this.startTimer();
    else this.stopTimer();
  }

  evaluated(): number {
    return this.evaluations;
  }

  armed(): number {
    let count = 0;
    for (const watches of this.users.values()) count += watches.size;
    return count;
  }

  stop(): void {
    this.stopped = true;
    this.stopTimer();
  }

  /** Settles once the evaluation under way (if any) is done. */
  async settled(): Promise<void> {
    await this.running;
  }

  /** One evaluation of every watched screen (the timer's; tests call it directly). Never two at once. */
  evaluate(): Promise<void> {
    this.running ??= this.evaluateAll().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private startTimer(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.evaluate(), this.options.everyMs ?? DEFAULT_SCREEN_ALERTS_EVERY_MS);
    this.timer.unref();
  }

  private stopTimer(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async evaluateAll(): Promise<void> {
    const byScreen = new Map<string, Watch[]>();
    for (const watches of this.users.values())
      for (const watch of watches.values()) {
        const same = byScreen.get(watch.key);
        if (same) same.push(watch);
        else byScreen.set(watch.key, [watch]);
      }
    for (const watches of byScreen.values()) {
      if (this.stopped) return;
      const first = watches[0];
      if (!first) continue;
      let answer: ScreenAnswer;
      try {
        answer = await this.options.screen(first.alert.condition.screen);
      } catch (error) {
        this.options.log?.(
          `chartroom: alerts: a screen alert's screen failed (${error instanceof Error ? error.message : 'unknown error'}); tried again later`,
        );
        continue;
      }
      if (answer.state !== 'ready') continue;
      this.evaluations += 1;
      const priceAt = answer.keys.indexOf('price');
      const prices = new Map<string, number>();
      for (const row of answer.rows) {
        const price = row.values[priceAt];
        prices.set(row.symbol, typeof price === 'number' ? price : Number.NaN);
      }
      for (const watch of watches) this.follow(watch, prices, answer.asOf);
    }
  }

  /** The watch sees the screen's rows now: its entrants fire, and they become what it knows. */
  private follow(watch: Watch, prices: Map<string, number>, time: number): void {
    const known = watch.members;
    watch.members = new Set(prices.keys());
    if (!known) return;
    for (const [symbol, price] of prices) {
      if (known.has(symbol) || !(price > 0)) continue;
      const { alert } = watch;
      const lastFired = watch.fired.get(symbol);
      const cooling = alert.repeat === 'every' && lastFired !== undefined && time - lastFired < alert.cooldownMs;
      if (cooling || coolingDown(alert, time, symbol)) continue;
      watch.fired.set(symbol, time);
      this.options.onTrigger(watch.user, { alertId: alert.id, symbol, time, price, crossing: 'up', entrant: true });
      // A once-only alert fires for its first entrant only.
      if (alert.repeat === 'once') return;
    }
  }
}
