/**
 * The server's alerts as one more browser of the realtime feed: a connection opened through the
 * relay's own data source (the shared upstream feed, the cluster's, or the embedded simulator),
 * so the symbols with armed alerts are subscribed, counted and budgeted like any browser's. It
 * holds the wanted set of instruments (symbol and product type), subscribes what is new and
 * unsubscribes what went, and opens the connection again after it is cut (the evaluation then
 * forgets the sides: what the price did meanwhile is unknown).
 */
import type { RelayPeer } from '../realtime/browser-peer.ts';
import type { DataSourceLink } from '../realtime/data-source.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import { parseFrame, recordOf } from '../realtime/feed/replies.ts';
import { tickerPushDataOf, type TickerPushData } from './evaluate-alerts.ts';

/** An instrument as the feed is asked for it: `type|SYMBOL` (type empty: the service resolves it). */
export type InstrumentKey = string;

export const instrumentOf = (key: InstrumentKey): { type: string | undefined; symbol: string } => {
  const bar = key.indexOf('|');
  const type = key.slice(0, bar);
  return { type: type === '' ? undefined : type, symbol: key.slice(bar + 1) };
};

export interface AlertFeedLinkOptions {
  open: (peer: RelayPeer) => DataSourceLink;
  onTicker: (data: TickerPushData) => void;
  /** The connection was cut and opened again. */
  onReconnect: () => void;
  /** A subscription the feed refused (code and message), for the log and the metrics. */
  onRefused?: (message: string) => void;
  reopenMs?: number;
  /** Symbols per subscribe message (the service takes lists). */
  batch?: number;
}

const TICKER = 'ticker';

export class AlertFeedLink {
  private link: DataSourceLink | undefined;
  private readonly wanted = new Set<InstrumentKey>();
  private readonly sent = new Set<InstrumentKey>();
  /** Subscriptions the feed acknowledged on the open connection. */
  private readonly acked = new Set<InstrumentKey>();
  /** Since when each wanted instrument has waited for its acknowledgement (ms, performance clock). */
  private readonly waitingSince = new Map<InstrumentKey, number>();
  private reopenTimer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly options: AlertFeedLinkOptions) {}

  /** The instruments the alerts watch now; the feed follows. */
  want(instruments: ReadonlySet<InstrumentKey>): void {
    this.wanted.clear();
    for (const key of instruments) this.wanted.add(key);
    for (const key of this.waitingSince.keys()) if (!this.wanted.has(key)) this.waitingSince.delete(key);
    for (const key of this.wanted) if (!this.acked.has(key) && !this.waitingSince.has(key)) this.waitingSince.set(key, performance.now());
    if (this.wanted.size > 0) this.ensureOpen();
    this.reconcile();
  }

  subscribed(): number {
    return this.sent.size;
  }

  /**
   * The wanted instruments the feed has not acknowledged for `ms` or more (refused: a plan
   * without the channel, a connection refused or cut): their prices come by polling meanwhile.
   */
  unacknowledged(ms: number): InstrumentKey[] {
    const before = performance.now() - ms;
    return [...this.waitingSince].filter(([, since]) => since <= before).map(([key]) => key);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.reopenTimer);
    const link = this.link;
    this.link = undefined;
    this.sent.clear();
    link?.closed();
  }

  private ensureOpen(): void {
    if (this.link || this.stopped || this.reopenTimer) return;
    const peer: RelayPeer = {
      send: (text) => {
        this.receive(text);
      },
      close: () => {
        if (this.link !== link) return;
        this.link = undefined;
        this.sent.clear();
        this.unacknowledgeAll();
        this.scheduleReopen();
      },
    };
    const link = this.options.open(peer);
    this.link = link;
  }

  private unacknowledgeAll(): void {
    const now = performance.now();
    for (const key of this.acked) if (this.wanted.has(key)) this.waitingSince.set(key, now);
    this.acked.clear();
  }

  private scheduleReopen(): void {
    if (this.stopped) return;
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = undefined;
      if (this.wanted.size === 0) return;
      this.ensureOpen();
      this.options.onReconnect();
      this.reconcile();
    }, this.options.reopenMs ?? 1_000);
    this.reopenTimer.unref();
  }

  private reconcile(): void {
    const link = this.link;
    if (!link) return;
    const added = [...this.wanted].filter((key) => !this.sent.has(key));
    const removed = [...this.sent].filter((key) => !this.wanted.has(key));
    for (const key of added) this.sent.add(key);
    for (const key of removed) {
      this.sent.delete(key);
      this.acked.delete(key);
    }
    this.send(link, 'unsubscribe', removed);
    this.send(link, 'subscribe', added);
  }

  /** One message per product type and batch of symbols. */
  private send(link: DataSourceLink, cmd: 'subscribe' | 'unsubscribe', keys: readonly InstrumentKey[]): void {
    const byType = new Map<string | undefined, string[]>();
    for (const key of keys) {
      const { type, symbol } = instrumentOf(key);
      byType.set(type, [...(byType.get(type) ?? []), symbol]);
    }
    const batch = this.options.batch ?? 100;
    for (const [type, symbols] of byType)
      for (let start = 0; start < symbols.length; start += batch)
        link.receive(JSON.stringify({ cmd, data: { channel: TICKER, symbols: symbols.slice(start, start + batch), ...(type !== undefined && { type }) } }));
  }

  private receive(text: string): void {
    const frame = parseFrame(text);
    if (!frame) return;
    const data = recordOf(frame.data);
    if (frame.cmd === TICKER && data) {
      const ticker = tickerPushDataOf(data);
      if (ticker) this.options.onTicker(ticker);
      return;
    }
    if (frame.cmd !== 'subscribe' || typeof frame.code !== 'number') return;
    if (frame.code !== 0) {
      this.options.onRefused?.(`${String(frame.code)} ${typeof frame.message === 'string' ? frame.message : ''}`);
      return;
    }
    // An acknowledgement names symbols, not types: it stands for the instruments of those symbols.
    const symbols = new Set(
      (Array.isArray(data?.symbols) ? data.symbols : []).filter((symbol) => typeof symbol === 'string').map((symbol) => normalizeSymbol(symbol)),
    );
    for (const key of this.sent)
      if (symbols.has(normalizeSymbol(instrumentOf(key).symbol))) {
        this.acked.add(key);
        this.waitingSince.delete(key);
      }
  }
}
