/**
 * The completed bars of one instrument and interval, as the server's indicator alerts on it see
 * them: one series per instrument and interval, shared by every alert on it.
 *
 * - Bars close on the data's clock: when a push falls in a later bar than the pushes fell in so far
 *   (bar-periods.ts), the bar before has ended, and the series asks the K-line endpoint for the bars
 *   completed since the last it knows. The endpoint's bar is closed, not one built from the pushes:
 *   its open, high, low and volume are the chart's (a ticker push carries no bar volume, and pushes
 *   are samples that can miss the high), so an alert fires on the values the chart draws. One
 *   request per bar and series, whatever the number of alerts; the pushes missed while the feed
 *   was cut cost nothing, the next request brings every bar since.
 * - A bar the endpoint does not have yet (it lags the clock a little, or the market was closed) is
 *   asked for again a few seconds and half a minute later, then at the next bar's end.
 * - While a request is under way the pushes are held, and handed on after it: a tick is never
 *   evaluated before the bar it follows was closed.
 * - The bars closed last are kept (a few): a member whose history was read before them gets them.
 * - A bar closed before that comes back different when the endpoint's history was adjusted again
 *   (a split or a dividend, under forward adjustment): then every member starts again from a fresh
 *   history, so that no alert compares prices of two scales.
 */
import type { Candle } from '#shared/candle.ts';
import { MAX_LIMIT, type Interval, type ProductType } from '#shared/contract.ts';
import { BarPeriods } from './bar-periods.ts';

/** The newest `count` completed bars of an instrument, oldest first (kline-bars.ts in production). */
export type LoadBars = (symbol: string, type: ProductType | undefined, interval: Interval, count: number) => Promise<Candle[]>;

/** An alert on the series. */
export interface SeriesMember {
  /** How many completed bars it wants as history. */
  readonly historyBars: number;
  /** Starts again from `history` (completed bars, oldest first): what they crossed is past. */
  restart(history: readonly Candle[]): void;
  /** A completed bar, after the history; `now`: the data's clock when it was known complete. */
  closeBar(candle: Candle, now: number): void;
  /** A price of the forming bar at `time`. */
  tick(price: number, time: number): void;
}

export interface SeriesSource {
  symbol: string;
  type: ProductType | undefined;
  interval: Interval;
  /** The market's zone (calendar bars open at its midnights). */
  timeZone: string;
  loadBars: LoadBars;
  log?: (line: string) => void;
}

/** Bars kept for members whose history was read before them. */
const KEPT = 16;
/** Bars asked for besides those that may have opened since the last known: that one again. */
const OVERLAP = 1;
/** When a bar is still missing, it is asked for again this long after each try (data's clock). */
const RETRY_MS = [5_000, 30_000];
/** Pushes held during a request, at most (the newest are the ones that matter less: a bar fires once). */
const MAX_HELD = 10_000;

const samePrices = (a: Candle, b: Candle): boolean => a.open === b.open && a.high === b.high && a.low === b.low && a.close === b.close;

export class BarSeries {
  private readonly members = new Set<SeriesMember>();
  private readonly periods: BarPeriods;
  /** The newest completed bars, oldest first. */
  private recent: Candle[] = [];
  /** The start of the bar the pushes fall in (as far as bar-periods.ts can tell). */
  private forming: number | undefined;
  /** The newest push's time. */
  private clock = -Infinity;
  private reloading: Promise<void> | undefined;
  private held: { price: number; time: number }[] = [];
  private retry: { at: number; attempt: number } | undefined;
  private stopped = false;

  constructor(private readonly source: SeriesSource) {
    this.periods = new BarPeriods(source.interval, source.timeZone);
  }

  get size(): number {
    return this.members.size;
  }

  /** A request under way, if any (tests and shutdown wait for it). */
  get pending(): Promise<void> | undefined {
    return this.reloading;
  }

  /** `member` is on the series from now on; it is evaluated once `start` gives it its history. */
  add(member: SeriesMember): void {
    this.members.add(member);
  }

  remove(member: SeriesMember): void {
    this.members.delete(member);
  }

  /**
   * `member` starts from `history` (read for it alone, when it was set): the bars the series closed
   * since are handed to it, and those of its history the series had not closed yet to the others.
   */
  start(member: SeriesMember, history: readonly Candle[]): void {
    if (this.stopped || !this.members.has(member)) return;
    member.restart(history);
    const through = history.at(-1)?.time ?? -Infinity;
    for (const bar of this.recent) if (bar.time > through) member.closeBar(bar, this.clock);
    const last = this.recent.at(-1)?.time ?? -Infinity;
    this.close(
      history.filter((bar) => bar.time > last),
      member,
    );
  }

  /** A regular-session price at `time` (ms UTC): may close bars, and is a tick of the forming one. */
  push(price: number, time: number): void {
    if (this.stopped || !(time >= this.clock)) return;
    this.clock = time;
    const last = this.recent.at(-1);
    if (last) {
      this.forming ??= this.periods.nextStart(last.time);
      const start = this.periods.startOf(time, last.time);
      if (start > this.forming) {
        this.forming = start;
        this.retry = undefined;
        this.reload();
      } else if (this.retry && time >= this.retry.at) {
        // Once: the pushes until the answer must not ask again.
        this.retry = { ...this.retry, at: Infinity };
        this.reload();
      }
    }
    if (this.reloading) {
      if (this.held.length < MAX_HELD) this.held.push({ price, time });
      return;
    }
    for (const member of this.members) member.tick(price, time);
  }

  stop(): void {
    this.stopped = true;
    this.members.clear();
    this.held = [];
  }

  /** Asks for the bars completed since the last known, after any request under way. */
  private reload(): void {
    const run: Promise<void> = (this.reloading ?? Promise.resolve())
      .then(() => this.catchUp())
      .catch((error: unknown) => {
        this.source.log?.(
          `chartroom: alerts: the ${this.source.interval} bars of ${this.source.symbol} were not read (${error instanceof Error ? error.message : 'unknown error'}); asked again at the next bar`,
        );
      })
      .finally(() => {
        if (this.reloading !== run) return;
        this.reloading = undefined;
        this.release();
      });
    this.reloading = run;
  }

  private async catchUp(): Promise<void> {
    const last = this.recent.at(-1);
    if (!last || this.stopped) return;
    const now = this.clock;
    let bars = await this.load(this.periods.barsBetween(last.time, now) + OVERLAP);
    const again = bars.find((bar) => bar.time === last.time);
    if (again && !samePrices(again, last)) {
      this.source.log?.(`chartroom: alerts: the ${this.source.interval} bars of ${this.source.symbol} were adjusted again; its alerts start again from them`);
      bars = await this.load(Math.max(OVERLAP, ...[...this.members].map((member) => member.historyBars)));
      const history = bars.filter((bar) => bar.time <= last.time);
      for (const member of this.members) member.restart(history);
      this.recent = history.slice(-KEPT);
    }
    this.close(bars.filter((bar) => bar.time > last.time));
    this.scheduleRetry(now);
  }

  private async load(count: number): Promise<Candle[]> {
    const { symbol, type, interval, loadBars } = this.source;
    const bars = await loadBars(symbol, type, interval, Math.min(MAX_LIMIT, count));
    if (this.stopped) return [];
    return bars;
  }

  /** Newer bars (oldest first) to every member but `except` (which has them), and to the kept ones. */
  private close(bars: readonly Candle[], except?: SeriesMember): void {
    for (const bar of bars) {
      for (const member of this.members) if (member !== except) member.closeBar(bar, this.clock);
      this.recent.push(bar);
    }
    if (this.recent.length > KEPT) this.recent = this.recent.slice(-KEPT);
  }

  /** A bar may be missing between the newest known and the forming one: ask again soon, twice. */
  private scheduleRetry(now: number): void {
    const newest = this.recent.at(-1);
    if (!newest || this.forming === undefined || this.periods.nextStart(newest.time) >= this.forming) {
      this.retry = undefined;
      return;
    }
    const attempt = this.retry?.attempt ?? 0;
    const delay = RETRY_MS[attempt];
    this.retry = delay === undefined ? undefined : { at: now + delay, attempt: attempt + 1 };
  }

  /** The pushes held during the request, in order. */
  private release(): void {
    const held = this.held;
    this.held = [];
    for (const { price, time } of held) for (const member of this.members) member.tick(price, time);
  }
}
