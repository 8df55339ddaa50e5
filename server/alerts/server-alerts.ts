/**
 * Every user's armed alerts, evaluated on the server's feed, with no browser open.
 *
 * - The alerts are the users' workspace records (store `alerts`): read whole at start, then per
 *   user whenever the workspace notices say their revision moved (a change on any device, or this
 *   server's own trigger), and whole again every few minutes as a safety net.
 * - The symbols of armed alerts are subscribed on the feed as one more browser (alert-feed-link.ts).
 * - Each ticker push is evaluated by the browser's own engine (#shared/alerts, through
 *   AlertEvaluator), for the users with alerts on its symbol only.
 * - Indicator alerts, which only the server evaluates, are IndicatorAlerts' (indicator-alerts.ts):
 *   their symbols are subscribed too, and their bars read through `loadBars`.
 * - Screen alerts ("a symbol enters this screen"), also the server's alone, are ScreenAlerts'
 *   (screen-alerts.ts), on the screener's universe: they subscribe nothing.
 * - A trigger is recorded by the database (trigger-store.ts), which refuses what another instance
 *   recorded already; a recorded one is told to the user's browsers and handed to the outbox.
 */
import { serverOnly, type Alert } from '#shared/alerts/alert-model.ts';
import type { ScreenAnswer } from '#shared/screener/screener-protocol.ts';
import type { Screen } from '#shared/screener/screen-model.ts';
import { alertSchema } from '#shared/alerts/alert-schema.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import type { RelayPeer } from '../realtime/browser-peer.ts';
import type { DataSourceLink } from '../realtime/data-source.ts';
import type { WorkspaceNotices } from '../workspace/workspace-notices.ts';
import type { WorkspaceStore } from '../workspace/workspace-store.ts';
import { AlertFeedLink, instrumentOf, type InstrumentKey } from './alert-feed-link.ts';
import type { LoadBars } from './bar-series.ts';
import { AlertEvaluator, type ServerTrigger, type TickerPushData } from './evaluate-alerts.ts';
import { IndicatorAlerts } from './indicator-alerts.ts';
import { ScreenAlerts } from './screen-alerts.ts';
import { ALERTS_STORE, type CommitOutcome, type TriggerStore } from './trigger-store.ts';

export interface ServerAlertsOptions {
  workspace: () => Promise<WorkspaceStore>;
  triggers: () => Promise<TriggerStore>;
  /** Opens a feed connection as a browser would (the relay's data source). */
  openFeed: (peer: RelayPeer) => DataSourceLink;
  notices: WorkspaceNotices;
  /** The users whose records hold alerts (at start and for the safety net). */
  usersWithAlerts: () => Promise<string[]>;
  /** The completed bars of indicator alerts (kline-bars.ts in production). */
  loadBars: LoadBars;
  /** The screener's answer for a screen alert's screen (absent: screen alerts are not evaluated). */
  screen?: (screen: Screen) => Promise<ScreenAnswer>;
  /** Between screen alerts' evaluations; default 30 s. */
  screenEveryMs?: number;
  /** A trigger was recorded: deliver it. */
  onRecorded?: (outcome: Extract<CommitOutcome, { committed: true }>, user: string) => void;
  /** Every evaluation's cost (ms), for the metrics and the bench. */
  onEvaluated?: (ms: number, triggers: number) => void;
  log?: (line: string) => void;
  /** The whole reload; default 5 min. */
  rescanMs?: number;
  /**
   * The tickers of instruments the feed does not carry (a plan without the socket, a refused
   * subscription, a connection cut), asked over HTTP as the browsers' polling would be. Absent:
   * no polling.
   */
  pollTickers?: (instruments: { symbol: string; type: string | undefined }[]) => Promise<TickerPushData[]>;
  /** How long an instrument waits for the feed before it is polled, and between polls; default 5 s. */
  pollMs?: number;
  /** The data's clock, which alert expiries are on (the simulator's in simulator mode); default Date.now. */
  now?: () => number;
  /** How often armed alerts past their expiry are looked for; default 15 s. */
  expiryCheckMs?: number;
}

export interface ServerAlertsStats {
  users: number;
  armed: number;
  instruments: number;
  pushes: number;
  recorded: number;
  refused: number;
  barRequests: number;
  tickerPolls: number;
  /** Screens of screen alerts evaluated on a ready universe. */
  screenEvaluations: number;
}

interface UserBook {
  /** Their price alerts (the indicator alerts are `indicators`'). */
  evaluator: AlertEvaluator;
  /** The server revision of the user's records read last. */
  rev: number;
  /** Symbols (normalised) of their armed price alerts. */
  symbols: Set<string>;
  /** Their armed alerts (price and indicator) with an expiry. */
  expiring: Alert[];
  /** Commits of this user, one after another (their order is the prices'). */
  queue: Promise<unknown>;
}

/** How soon an instrument whose day reference is still missing is asked again. */
const REFERENCE_RETRY_MS = 30_000;

const instrumentKeyOf = (alert: Pick<Alert, 'symbol' | 'type'>): InstrumentKey => `${alert.type ?? ''}|${normalizeSymbol(alert.symbol)}`;

export class ServerAlerts {
  private readonly books = new Map<string, UserBook>();
  /** Normalised symbol → users with an armed alert on it. */
  private readonly bySymbol = new Map<string, Set<string>>();
  private readonly feed: AlertFeedLink;
  private readonly indicators: IndicatorAlerts;
  private readonly screens: ScreenAlerts | undefined;
  private stopNotices: (() => void) | undefined;
  private rescanTimer: ReturnType<typeof setInterval> | undefined;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  private expiryTimer: ReturnType<typeof setInterval> | undefined;
  private polling = false;
  /** When each instrument's day reference was last asked for (wall ms). */
  private readonly referenceAsked = new Map<InstrumentKey, number>();
  private readonly reloading = new Map<string, Promise<void>>();
  private readonly counts = { pushes: 0, recorded: 0, refused: 0, barRequests: 0, tickerPolls: 0 };
  private stopped = false;

  constructor(private readonly options: ServerAlertsOptions) {
    // Indicator and screen alerts' triggers queue on their user's book as price alerts' do.
    const onTrigger = (user: string, trigger: ServerTrigger): void => {
      const book = this.books.get(user);
      if (book) this.record(user, book, trigger);
    };
    this.indicators = new IndicatorAlerts({
      loadBars: (...request) => {
        this.counts.barRequests += 1;
        return options.loadBars(...request);
      },
      onTrigger,
      ...(options.log && { log: options.log }),
    });
    const { screen } = options;
    this.screens =
      screen &&
      new ScreenAlerts({
        screen,
        onTrigger,
        ...(options.screenEveryMs !== undefined && { everyMs: options.screenEveryMs }),
        ...(options.log && { log: options.log }),
      });
    this.feed = new AlertFeedLink({
      open: options.openFeed,
      onTicker: (data) => {
        this.evaluate(data);
      },
      // Indicator alerts need nothing: the bars missed meanwhile come with the next bar's request.
      onReconnect: () => {
        for (const book of this.books.values()) book.evaluator.reset();
      },
      onRefused: (message) => {
        options.log?.(`chartroom: alerts: the feed refused a subscription (${message})`);
      },
    });
  }

  /** Reads every user's alerts and starts following the feed and the users' changes. */
  async start(): Promise<void> {
    this.stopNotices = this.options.notices.subscribeAll((user, serverRev) => {
      const book = this.books.get(user);
      if (book && book.rev >= serverRev) return;
      void this.reload(user);
    });
    await this.rescan();
    this.rescanTimer = setInterval(() => void this.rescan(), this.options.rescanMs ?? 5 * 60_000);
    this.rescanTimer.unref();
    if (this.options.pollTickers) {
      this.pollTimer = setInterval(() => void this.poll(), this.pollMs());
      this.pollTimer.unref();
    }
    this.expiryTimer = setInterval(() => {
      this.expireDue();
    }, this.options.expiryCheckMs ?? 15_000);
    this.expiryTimer.unref();
  }

  stop(): void {
    this.stopped = true;
    this.stopNotices?.();
    clearInterval(this.rescanTimer);
    clearInterval(this.pollTimer);
    clearInterval(this.expiryTimer);
    this.feed.stop();
    this.indicators.stop();
    this.screens?.stop();
  }

  stats(): ServerAlertsStats {
    let armed = 0;
    for (const book of this.books.values()) armed += book.evaluator.current().filter((alert) => alert.status === 'armed').length;
    armed += this.indicators.armed() + (this.screens?.armed() ?? 0);
    return { users: this.books.size, armed, instruments: this.feed.subscribed(), ...this.counts, screenEvaluations: this.screens?.evaluated() ?? 0 };
  }

  /** Settles once every commit queued so far is done (tests, shutdown). */
  async settled(): Promise<void> {
    await Promise.all(this.reloading.values());
    // Indicator alerts' bars first: the triggers they fire queue commits.
    await this.indicators.settled();
    await this.screens?.settled();
    await Promise.all([...this.books.values()].map((book) => book.queue));
  }

  private pollMs(): number {
    return this.options.pollMs ?? 5_000;
  }

  /**
   * One poll (never two at once) of what the feed has not carried for a while, and of the
   * instruments whose day move alerts wait for the day's reference (the HTTP ticker has it; most
   * pushes do not), each asked again at most every REFERENCE_RETRY_MS.
   */
  private async poll(): Promise<void> {
    const { pollTickers } = this.options;
    if (!pollTickers || this.polling || this.stopped) return;
    const due = new Set([...this.feed.unacknowledged(this.pollMs()), ...this.referencesDue()]);
    if (due.size === 0) return;
    this.polling = true;
    try {
      this.counts.tickerPolls += 1;
      for (const data of await pollTickers([...due].map(instrumentOf))) this.evaluate(data);
    } catch (error) {
      this.options.log?.(`chartroom: alerts: polling tickers failed (${error instanceof Error ? error.message : 'unknown error'})`);
    } finally {
      this.polling = false;
    }
  }

  private referencesDue(): InstrumentKey[] {
    const now = Date.now();
    for (const [key, asked] of this.referenceAsked) if (asked <= now - REFERENCE_RETRY_MS) this.referenceAsked.delete(key);
    const due: InstrumentKey[] = [];
    for (const book of this.books.values())
      for (const alert of book.evaluator.referencesWanted()) {
        const key = instrumentKeyOf(alert);
        if (this.referenceAsked.has(key)) continue;
        this.referenceAsked.set(key, now);
        due.push(key);
      }
    return due;
  }

  private async rescan(): Promise<void> {
    try {
      const users = new Set([...(await this.options.usersWithAlerts()), ...this.books.keys()]);
      await Promise.all([...users].map((user) => this.reload(user, true)));
    } catch (error) {
      this.options.log?.(`chartroom: alerts: reading the alerts failed (${error instanceof Error ? error.message : 'unknown error'}); tried again later`);
    }
  }

  /** Reads the user's alert records again (whole), coalescing reloads already under way. */
  private reload(user: string, whole = false): Promise<void> {
    const running = this.reloading.get(user);
    if (running && !whole) return running;
    const next = (running ?? Promise.resolve()).then(() => this.read(user));
    const settled = next.finally(() => {
      if (this.reloading.get(user) === settled) this.reloading.delete(user);
    });
    this.reloading.set(user, settled);
    return settled;
  }

  private async read(user: string): Promise<void> {
    if (this.stopped) return;
    const store = await this.options.workspace();
    const { serverRev, records } = await store.readStore(user, ALERTS_STORE);
    const alerts: Alert[] = [];
    for (const record of records) {
      if (record.kind !== 'alert') continue;
      const parsed = alertSchema.safeParse(record.value);
      if (parsed.success) alerts.push(parsed.data);
    }
    this.install(user, alerts, serverRev);
  }

  private install(user: string, alerts: Alert[], rev: number): void {
    const armed = alerts.filter((alert) => alert.status === 'armed');
    const priced = armed.filter((alert) => !serverOnly(alert.condition));
    const before = this.books.get(user);
    for (const symbol of before?.symbols ?? []) this.bySymbol.get(symbol)?.delete(user);
    // A user with indicator alerts only has a book too: their triggers queue on it.
    if (armed.length === 0) this.books.delete(user);
    else {
      const book = before ?? { evaluator: new AlertEvaluator([]), rev, symbols: new Set<string>(), expiring: [], queue: Promise.resolve() };
      book.evaluator.replace(priced);
      book.expiring = armed.filter((alert) => alert.expiresAt !== undefined);
      book.rev = Math.max(book.rev, rev);
      book.symbols = new Set(priced.map((alert) => normalizeSymbol(alert.symbol)));
      this.books.set(user, book);
      for (const symbol of book.symbols) {
        const users = this.bySymbol.get(symbol) ?? new Set<string>();
        users.add(user);
        this.bySymbol.set(symbol, users);
      }
    }
    for (const [symbol, users] of this.bySymbol) if (users.size === 0) this.bySymbol.delete(symbol);
    this.indicators.install(user, armed);
    this.screens?.install(user, armed);
    this.feed.want(this.instruments());
  }

  private instruments(): Set<InstrumentKey> {
    const keys = this.indicators.instruments();
    for (const book of this.books.values()) for (const alert of book.evaluator.current()) if (alert.status === 'armed') keys.add(instrumentKeyOf(alert));
    return keys;
  }

  private evaluate(data: TickerPushData): void {
    this.indicators.push(data);
    // A reference came: a later day's absence may be asked for at once.
    if (this.referenceAsked.size > 0 && (data.prev_close !== undefined || data.price_change_24h !== undefined)) {
      const symbol = normalizeSymbol(data.symbol);
      this.referenceAsked.delete(instrumentKeyOf({ symbol, type: undefined }));
      if (data.type !== undefined) this.referenceAsked.delete(`${data.type}|${symbol}`);
    }
    const users = this.bySymbol.get(normalizeSymbol(data.symbol));
    if (!users) return;
    const started = performance.now();
    this.counts.pushes += 1;
    let fired = 0;
    for (const user of users) {
      const book = this.books.get(user);
      if (!book) continue;
      const triggers = book.evaluator.push(data);
      fired += triggers.length;
      for (const trigger of triggers) this.record(user, book, trigger);
    }
    this.options.onEvaluated?.(performance.now() - started, fired);
  }

  /**
   * Armed alerts past their expiry are recorded expired, with no price needed (a closed market's
   * alert expires on time too); the stored alert's change comes back through the notices, and
   * its symbol is no longer watched.
   */
  private expireDue(): void {
    const now = (this.options.now ?? Date.now)();
    for (const [user, book] of this.books) {
      const due = book.expiring.filter((alert) => alert.expiresAt !== undefined && alert.expiresAt <= now);
      if (due.length === 0) continue;
      book.expiring = book.expiring.filter((alert) => !due.includes(alert));
      book.queue = book.queue.then(async () => {
        for (const alert of due) {
          try {
            const written = await (await this.options.triggers()).expire(user, alert.id, now);
            if (written) {
              this.options.notices.publish(user, written.serverRev);
              // Read again: the alert leaves the evaluation, and its symbol the feed.
              void this.reload(user);
            }
          } catch (error) {
            this.options.log?.(`chartroom: alerts: the expiry of ${alert.id} was not recorded (${error instanceof Error ? error.message : 'unknown error'})`);
          }
        }
      });
    }
  }

  private record(user: string, book: UserBook, trigger: ServerTrigger): void {
    book.queue = book.queue.then(async () => {
      const outcome = await this.commit(user, trigger);
      if (!outcome) return;
      if (outcome.committed) {
        this.counts.recorded += 1;
        book.rev = Math.max(book.rev, outcome.serverRev);
        this.options.notices.publish(user, outcome.serverRev);
        this.options.onRecorded?.(outcome, user);
      } else {
        this.counts.refused += 1;
        // The database knew better (another instance's trigger, a change not heard yet): read again.
        if (outcome.why !== 'duplicate') void this.reload(user);
      }
    });
  }

  /** The commit, tried three times over a database hiccup. */
  private async commit(user: string, { alertId, symbol, time, price, crossing, entrant }: ServerTrigger): Promise<CommitOutcome | undefined> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const store = await this.options.triggers();
        return await store.commit({ user, alertId, trigger: { time, price, crossing, ...(entrant && { symbol }) } });
      } catch (error) {
        if (attempt >= 3 || this.stopped) {
          this.options.log?.(`chartroom: alerts: a trigger of ${alertId} was not recorded (${error instanceof Error ? error.message : 'unknown error'})`);
          return undefined;
        }
        await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
      }
    }
  }
}
