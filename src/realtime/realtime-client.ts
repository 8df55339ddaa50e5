/**
 * One WebSocket for a page's subscriptions: the connection (connection.ts: socket, heartbeat,
 * backoff, idle close) and the subscription ledger (subscription-ledger.ts: reference counts,
 * requests, acknowledgements, refusals, states) joined. Changes are coalesced per task and sent
 * in batches, everything held is asked again after a reconnect, and pushes go to the listeners of
 * their (channel, type, symbol). Pure: no React (hooks.ts adapts it). An instance, built by the
 * app's boot; tests build their own over a fake socket.
 */
import type { ProductType } from '#shared/contract.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import { createEmitter } from '../lib/observable';
import { RealtimeConnection } from './connection';
import { parseServerMessages, type ServerMessage } from './push-schemas';
import { MAX_SYMBOLS_PER_MESSAGE } from './request-batches';
import type { SocketFactory } from './socket';
import { SubscriptionLedger, type Refusal } from './subscription-ledger';
import { REALTIME_CHANNELS, type ChannelState, type PushOf, type RealtimeChannel, type RealtimeStatus, type SubscriptionKey } from './types';
import { wallClock } from '../time/clock';
import type { Realtime, RealtimeStats } from './realtime';

export type { Refusal } from './subscription-ledger';

export interface RealtimeClientOptions {
  createSocket: SocketFactory;
  /** Read when a connection opens (the page's host). */
  url: () => string;
  /** [0, 1): the jitter of reconnect delays. */
  random?: () => number;
  idleCloseMs?: number;
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  openTimeoutMs?: number;
  /** After a connection-level refusal (close 1008). */
  unavailableRetryMs?: number;
  /** A refused subscription is asked again this often while the socket stays up. */
  refusalRetryMs?: number;
  maxSymbolsPerMessage?: number;
}

const REFUSAL_CHANNELS: Readonly<Partial<Record<number, RealtimeChannel>>> = { 4003: 'depth', 4004: 'trade' };

function isChannel(value: unknown): value is RealtimeChannel {
  return typeof value === 'string' && (REALTIME_CHANNELS as readonly string[]).includes(value);
}

function replyDetails(data: unknown): { channel: RealtimeChannel | undefined; symbols: string[] | undefined } {
  if (typeof data !== 'object' || data === null) return { channel: undefined, symbols: undefined };
  const record = data as { channel?: unknown; symbols?: unknown };
  const symbols = Array.isArray(record.symbols) ? record.symbols.filter((item): item is string => typeof item === 'string').map(normalizeSymbol) : undefined;
  return { channel: isChannel(record.channel) ? record.channel : undefined, symbols };
}

function sameStatus(a: RealtimeStatus, b: RealtimeStatus): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export function subscriptionKey(channel: RealtimeChannel, symbol: string, type: ProductType | undefined): SubscriptionKey {
  return { channel, type, symbol: normalizeSymbol(symbol) };
}

export class RealtimeClient implements Realtime {
  private readonly connection: RealtimeConnection;
  private readonly ledger: SubscriptionLedger;
  private readonly maxSymbolsPerMessage: number;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private statusSnapshot: RealtimeStatus;
  private readonly statusChanged = createEmitter();
  private readonly pushed = createEmitter();
  private readonly counts: RealtimeStats = { invalidMessages: 0, lastPushAt: undefined };

  constructor(options: RealtimeClientOptions) {
    this.maxSymbolsPerMessage = options.maxSymbolsPerMessage ?? MAX_SYMBOLS_PER_MESSAGE;
    this.ledger = new SubscriptionLedger({
      refusalRetryMs: options.refusalRetryMs ?? 300_000,
      onRefusalExpired: () => {
        this.refreshStates();
        this.scheduleFlush();
      },
    });
    this.connection = new RealtimeConnection(
      {
        createSocket: options.createSocket,
        url: options.url,
        random: options.random ?? Math.random,
        idleCloseMs: options.idleCloseMs ?? 5_000,
        // A silent socket is found 3 to 7 s after its last message (the issue: 20 s offline read as live).
        pingIntervalMs: options.pingIntervalMs ?? 4_000,
        pongTimeoutMs: options.pongTimeoutMs ?? 3_000,
        openTimeoutMs: options.openTimeoutMs ?? 10_000,
        unavailableRetryMs: options.unavailableRetryMs ?? 60_000,
      },
      {
        opened: () => {
          this.ledger.connectionOpened();
          this.flush();
        },
        detached: () => {
          this.ledger.connectionLost();
        },
        message: (data) => {
          this.handleMessage(data);
        },
        resumed: () => {
          this.ledger.askUnansweredAgain();
          this.flush();
        },
        changed: () => {
          this.refreshStates();
        },
        wanted: () => this.ledger.anyHeld(),
      },
    );
    this.statusSnapshot = this.computeStatus();
  }

  get stats(): Readonly<RealtimeStats> {
    return this.counts;
  }

  /** Holds (channel, type, symbol) until the returned function runs; `listener` gets its pushes. */
  subscribe<C extends RealtimeChannel>(channel: C, symbol: string, type: ProductType | undefined, listener?: (push: PushOf<C>) => void): () => void {
    const release = this.ledger.hold(
      subscriptionKey(channel, symbol, type),
      this.connection.link(),
      listener as ((push: PushOf<RealtimeChannel>) => void) | undefined,
    );
    if (!this.connection.ensureOpen()) this.scheduleFlush();
    this.updateStatus();

    let released = false;
    return () => {
      if (released) return;
      released = true;
      const last = release();
      // Dropped at the next flush, so a release and re-take in the same task sends nothing.
      this.scheduleFlush();
      if (!last) return;
      this.updateStatus();
      if (!this.ledger.anyHeld()) {
        this.connection.scheduleIdleClose(() => {
          this.flush();
        });
      }
    };
  }

  /** The state of a (channel, type, symbol); one not held reads as it would right now. */
  channelState(channel: RealtimeChannel, symbol: string, type: ProductType | undefined): ChannelState {
    const state = this.ledger.stateOf(subscriptionKey(channel, symbol, type));
    if (state !== undefined) return state;
    const { connection, silent } = this.statusSnapshot;
    return silent || connection === 'reconnecting' || connection === 'unavailable' ? 'down' : 'connecting';
  }

  /** Why the service refused a held (channel, type, symbol), while it is refused. */
  refusalOf(channel: RealtimeChannel, symbol: string, type: ProductType | undefined): Refusal | undefined {
    return this.ledger.refusalOf(subscriptionKey(channel, symbol, type));
  }

  /** Calls `watcher` when the state of that (channel, type, symbol) changes while it is held. */
  watchState(channel: RealtimeChannel, symbol: string, type: ProductType | undefined, watcher: () => void): () => void {
    return this.ledger.watch(subscriptionKey(channel, symbol, type), watcher);
  }

  status(): RealtimeStatus {
    return this.statusSnapshot;
  }

  watchStatus(watcher: () => void): () => void {
    return this.statusChanged.subscribe(watcher);
  }

  /** Calls `watcher` after every push that reached a subscription held here (keep it cheap). */
  watchPushes(watcher: () => void): () => void {
    return this.pushed.subscribe(watcher);
  }

  /** Closes everything now (tests, page teardown). */
  /** See RealtimeConnection.networkReturned: the browser's 'online' event calls it. */
  networkReturned(): void {
    this.connection.networkReturned();
  }

  dispose(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.connection.dispose();
    this.ledger.clear();
    this.updateStatus();
  }

  private scheduleFlush(): void {
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      this.flush();
    }, 0);
  }

  /** Sends the difference between what is held and what the server has. */
  private flush(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    this.ledger.forgetReleased();
    if (!this.connection.isOpen()) return;
    for (const request of this.ledger.takeRequests(this.maxSymbolsPerMessage)) this.connection.send(request);
  }

  private handleMessage(data: unknown): void {
    let delivered = 0;
    for (const message of parseServerMessages(data)) {
      if (message.kind === 'invalid') this.counts.invalidMessages += 1;
      else if (message.kind === 'reply') this.handleReply(message);
      else delivered += this.ledger.dispatch(message, normalizeSymbol(message.symbol));
    }
    if (delivered === 0) return;
    this.counts.lastPushAt = wallClock.now();
    // Once a frame: its pushes are read together.
    this.pushed.emit();
  }

  private handleReply(reply: Extract<ServerMessage, { kind: 'reply' }>): void {
    if (reply.cmd === 'connect') {
      // 1001/1002/3003 come before close 1008; 5001 before close 1011.
      this.connection.noteConnectReply({ code: reply.code, message: reply.message });
      return;
    }
    if (reply.cmd !== 'subscribe') return;
    const { channel, symbols } = replyDetails(reply.data);
    if (reply.code === 0) {
      this.connection.markHealthy();
      if (channel && symbols) this.ledger.acknowledge(channel, symbols);
    } else {
      this.ledger.refuse({ code: reply.code, message: reply.message }, channel ?? REFUSAL_CHANNELS[reply.code], symbols);
    }
    this.refreshStates();
  }

  private refreshStates(): void {
    this.ledger.refreshStates(this.connection.link());
    this.updateStatus();
  }

  private computeStatus(): RealtimeStatus {
    return { ...this.connection.snapshot(), channels: this.ledger.channelStatuses() };
  }

  private updateStatus(): void {
    const next = this.computeStatus();
    if (sameStatus(next, this.statusSnapshot)) return;
    this.statusSnapshot = next;
    this.statusChanged.emit();
  }
}
