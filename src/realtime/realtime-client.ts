/**
 * One WebSocket for the whole page: reference-counted subscriptions per (channel, type, symbol),
 * changes coalesced per task and sent in batches, resubscription after every reconnect, heartbeat,
 * backoff, refusals, and pushes dispatched to the listeners of their (channel, symbol). Pure: no
 * React (hooks.ts adapts it).
 */
import type { ProductType } from '#shared/contract.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import { backoffDelay } from './backoff';
import { parseServerMessage, type ServerMessage } from './push-schemas';
import { buildRequests, MAX_SYMBOLS_PER_MESSAGE, type SubscriptionTarget } from './request-batches';
import type { SocketFactory, SocketHandle } from './socket';
import {
  REALTIME_CHANNELS,
  type ChannelState,
  type ChannelStatus,
  type ConnectionState,
  type PushOf,
  type RealtimeChannel,
  type RealtimeStatus,
} from './types';

export interface RealtimeClientOptions {
  createSocket: SocketFactory;
  /** Read when a connection opens (the page's host). */
  url: () => string;
  /** [0, 1): the jitter of reconnect delays. */
  random?: () => number;
  idleCloseMs?: number;
  pingIntervalMs?: number;
  pongTimeoutMs?: number;
  /** After a connection-level refusal (close 1008). */
  unavailableRetryMs?: number;
  /** A refused subscription is asked again this often while the socket stays up. */
  refusalRetryMs?: number;
  maxSymbolsPerMessage?: number;
}

export interface RealtimeClientStats {
  /** Messages that failed to parse or validate (dropped). */
  invalidMessages: number;
  pushes: number;
  sentMessages: number;
  connects: number;
}

type Listener = (push: PushOf<RealtimeChannel>) => void;

interface Refusal {
  code: number;
  message: string;
}

interface Subscription extends SubscriptionTarget {
  key: string;
  route: string;
  refs: number;
  listeners: Set<Listener>;
  acked: boolean;
  refusal: Refusal | undefined;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  state: ChannelState;
  watchers: Set<() => void>;
}

/** A subscribe request awaiting its reply: the symbols not yet acknowledged or refused. */
interface PendingRequest {
  channel: RealtimeChannel;
  keys: Set<string>;
}

const REFUSAL_CHANNELS: Readonly<Partial<Record<number, RealtimeChannel>>> = { 4003: 'depth', 4004: 'trade' };
const POLICY_VIOLATION = 1008;
const STATE_RANK: Record<ChannelState, number> = { live: 0, connecting: 1, down: 2, refused: 3 };

function keyOf(channel: RealtimeChannel, symbol: string, type: ProductType | undefined): string {
  return `${channel}|${type ?? ''}|${symbol}`;
}

function routeOf(channel: string, symbol: string): string {
  return `${channel}|${symbol}`;
}

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

function reportListenerError(error: unknown): void {
  // A failing consumer must not break delivery to the others.
  setTimeout(() => {
    throw error;
  }, 0);
}

export class RealtimeClient {
  private readonly options: Required<Omit<RealtimeClientOptions, 'createSocket' | 'url'>> & Pick<RealtimeClientOptions, 'createSocket' | 'url'>;
  private readonly subscriptions = new Map<string, Subscription>();
  private readonly routes = new Map<string, Set<Subscription>>();
  /** Keys subscribed on the current socket (sent and not refused or released). */
  private readonly onServer = new Set<string>();
  private pending: PendingRequest[] = [];
  private socket: SocketHandle | undefined;
  private socketOpen = false;
  private connection: ConnectionState = 'idle';
  private retryAt: number | undefined;
  private attempt = 0;
  private connectReply: Refusal | undefined;
  private flushTimer: ReturnType<typeof setTimeout> | undefined;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private pongTimer: ReturnType<typeof setTimeout> | undefined;
  private statusSnapshot: RealtimeStatus;
  private readonly statusWatchers = new Set<() => void>();
  readonly stats: RealtimeClientStats = { invalidMessages: 0, pushes: 0, sentMessages: 0, connects: 0 };

  constructor(options: RealtimeClientOptions) {
    this.options = {
      random: Math.random,
      idleCloseMs: 5_000,
      pingIntervalMs: 20_000,
      pongTimeoutMs: 10_000,
      unavailableRetryMs: 60_000,
      refusalRetryMs: 300_000,
      maxSymbolsPerMessage: MAX_SYMBOLS_PER_MESSAGE,
      ...options,
    };
    this.statusSnapshot = this.computeStatus();
  }

  /** Holds (channel, type, symbol) until the returned function runs; `listener` gets its pushes. */
  subscribe<C extends RealtimeChannel>(channel: C, symbol: string, type: ProductType | undefined, listener?: (push: PushOf<C>) => void): () => void {
    const normalized = normalizeSymbol(symbol);
    const key = keyOf(channel, normalized, type);
    let subscription = this.subscriptions.get(key);
    if (!subscription) {
      subscription = {
        key,
        route: routeOf(channel, normalized),
        channel,
        type,
        symbol: normalized,
        refs: 0,
        listeners: new Set(),
        acked: false,
        refusal: undefined,
        retryTimer: undefined,
        state: 'connecting',
        watchers: new Set(),
      };
      subscription.state = this.stateOf(subscription);
      this.subscriptions.set(key, subscription);
      let route = this.routes.get(subscription.route);
      if (!route) this.routes.set(subscription.route, (route = new Set()));
      route.add(subscription);
    }
    const held = subscription;
    held.refs += 1;
    // A wrapper per call, so the same function given twice is released twice.
    const wrapped: Listener | undefined = listener && ((push) => {
      listener(push as PushOf<C>);
    });
    if (wrapped) held.listeners.add(wrapped);
    this.cancelIdleClose();
    if (this.connection === 'idle') this.connect();
    else this.scheduleFlush();
    this.updateStatus();

    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (wrapped) held.listeners.delete(wrapped);
      held.refs -= 1;
      // Dropped at the next flush, so a release and re-take in the same task sends nothing.
      this.scheduleFlush();
      if (held.refs === 0) {
        this.updateStatus();
        if (!this.anyHeld()) this.scheduleIdleClose();
      }
    };
  }

  /** The state of a (channel, type, symbol); one not held reads as it would right now. */
  channelState(channel: RealtimeChannel, symbol: string, type: ProductType | undefined): ChannelState {
    const subscription = this.subscriptions.get(keyOf(channel, normalizeSymbol(symbol), type));
    if (subscription) return subscription.state;
    return this.connection === 'reconnecting' || this.connection === 'unavailable' ? 'down' : 'connecting';
  }

  /** Calls `watcher` when the state of that (channel, type, symbol) changes while it is held. */
  watchState(channel: RealtimeChannel, symbol: string, type: ProductType | undefined, watcher: () => void): () => void {
    const subscription = this.subscriptions.get(keyOf(channel, normalizeSymbol(symbol), type));
    if (!subscription) return () => undefined;
    subscription.watchers.add(watcher);
    return () => {
      subscription.watchers.delete(watcher);
    };
  }

  status(): RealtimeStatus {
    return this.statusSnapshot;
  }

  watchStatus(watcher: () => void): () => void {
    this.statusWatchers.add(watcher);
    return () => {
      this.statusWatchers.delete(watcher);
    };
  }

  /** Closes everything now (tests, page teardown). */
  dispose(): void {
    this.clearTimer('flushTimer');
    this.clearTimer('idleTimer');
    this.clearTimer('reconnectTimer');
    for (const subscription of this.subscriptions.values()) clearTimeout(subscription.retryTimer);
    this.dropSocket(1000, 'dispose');
    this.subscriptions.clear();
    this.routes.clear();
    this.connection = 'idle';
    this.updateStatus();
  }

  // --- connection -------------------------------------------------------------------------

  private connect(): void {
    this.clearTimer('reconnectTimer');
    if (this.connection === 'idle') this.connection = 'connecting';
    this.retryAt = undefined;
    this.stats.connects += 1;
    const socket: SocketHandle = this.options.createSocket(this.options.url(), {
      open: () => {
        if (this.socket === socket) this.handleOpen();
      },
      message: (data) => {
        if (this.socket === socket) this.handleMessage(data);
      },
      close: (code, reason) => {
        if (this.socket === socket) this.handleClose(code, reason);
      },
    });
    this.socket = socket;
    this.refreshStates();
  }

  private handleOpen(): void {
    this.socketOpen = true;
    this.connection = 'open';
    this.retryAt = undefined;
    this.connectReply = undefined;
    // A new connection asks again for everything held, refused ones included (once).
    this.onServer.clear();
    this.pending = [];
    for (const subscription of this.subscriptions.values()) {
      subscription.acked = false;
      this.clearRefusal(subscription);
    }
    this.pingTimer = setInterval(() => {
      this.ping();
    }, this.options.pingIntervalMs);
    this.flush();
    this.refreshStates();
  }

  private handleClose(code: number, reason: string): void {
    this.detachSocket();
    if (!this.anyHeld()) {
      this.goIdle();
      return;
    }
    if (code === POLICY_VIOLATION) {
      // The service refuses this connection (key, plan, connection limit): retry slowly.
      this.connection = 'unavailable';
      this.connectReply ??= { code, message: reason || 'Connection refused' };
      this.scheduleReconnect(this.options.unavailableRetryMs);
    } else {
      this.connection = 'reconnecting';
      this.scheduleReconnect(backoffDelay(this.attempt, this.options.random));
      this.attempt += 1;
    }
    this.refreshStates();
  }

  private scheduleReconnect(delayMs: number): void {
    this.clearTimer('reconnectTimer');
    this.retryAt = Date.now() + delayMs;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delayMs);
  }

  private ping(): void {
    this.send({ cmd: 'ping' });
    // Any message resets this; none within the timeout means the socket is dead.
    this.pongTimer ??= setTimeout(() => {
      this.pongTimer = undefined;
      this.dropSocket(1000, 'heartbeat timeout');
      this.handleClose(1006, 'heartbeat timeout');
    }, this.options.pongTimeoutMs);
  }

  private detachSocket(): void {
    this.socket = undefined;
    this.socketOpen = false;
    this.onServer.clear();
    this.pending = [];
    for (const subscription of this.subscriptions.values()) subscription.acked = false;
    if (this.pingTimer !== undefined) clearInterval(this.pingTimer);
    this.pingTimer = undefined;
    this.clearTimer('pongTimer');
  }

  private dropSocket(code: number, reason: string): void {
    const socket = this.socket;
    this.detachSocket();
    socket?.close(code, reason);
  }

  private goIdle(): void {
    this.clearTimer('reconnectTimer');
    this.clearTimer('idleTimer');
    this.connection = 'idle';
    this.retryAt = undefined;
    this.attempt = 0;
    this.connectReply = undefined;
    this.refreshStates();
  }

  private scheduleIdleClose(): void {
    this.cancelIdleClose();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = undefined;
      if (this.anyHeld()) return;
      this.flush();
      this.dropSocket(1000, 'idle');
      this.goIdle();
    }, this.options.idleCloseMs);
  }

  private cancelIdleClose(): void {
    this.clearTimer('idleTimer');
  }

  // --- subscriptions ----------------------------------------------------------------------

  private scheduleFlush(): void {
    this.flushTimer ??= setTimeout(() => {
      this.flushTimer = undefined;
      this.flush();
    }, 0);
  }

  /** Sends the difference between what is held and what the server has. */
  private flush(): void {
    this.clearTimer('flushTimer');
    for (const subscription of [...this.subscriptions.values()]) {
      if (subscription.refs === 0) this.forget(subscription);
    }
    if (!this.socketOpen) return;
    const released: SubscriptionTarget[] = [];
    for (const key of [...this.onServer]) {
      if (this.subscriptions.has(key)) continue;
      this.onServer.delete(key);
      const [channel = '', type = '', symbol = ''] = key.split('|');
      // The server keys on (channel, symbol): keep it while another type still holds the symbol.
      if (this.routes.has(routeOf(channel, symbol))) continue;
      released.push({ channel: channel as RealtimeChannel, type: (type || undefined) as ProductType | undefined, symbol });
    }
    const wanted: Subscription[] = [];
    for (const subscription of this.subscriptions.values()) {
      if (!this.onServer.has(subscription.key) && subscription.refusal === undefined) wanted.push(subscription);
    }
    for (const request of buildRequests('unsubscribe', released, this.options.maxSymbolsPerMessage)) this.send(request);
    for (const request of buildRequests('subscribe', wanted, this.options.maxSymbolsPerMessage)) {
      const keys = new Set(request.data.symbols.map((symbol) => keyOf(request.data.channel, symbol, request.data.type)));
      for (const key of keys) this.onServer.add(key);
      this.pending.push({ channel: request.data.channel, keys });
      this.send(request);
    }
  }

  private forget(subscription: Subscription): void {
    clearTimeout(subscription.retryTimer);
    this.subscriptions.delete(subscription.key);
    const route = this.routes.get(subscription.route);
    route?.delete(subscription);
    if (route?.size === 0) this.routes.delete(subscription.route);
  }

  private anyHeld(): boolean {
    for (const subscription of this.subscriptions.values()) if (subscription.refs > 0) return true;
    return false;
  }

  private send(message: object): void {
    if (!this.socket || !this.socketOpen) return;
    this.stats.sentMessages += 1;
    this.socket.send(JSON.stringify(message));
  }

  // --- messages ---------------------------------------------------------------------------

  private handleMessage(data: unknown): void {
    this.clearTimer('pongTimer');
    const message = parseServerMessage(data);
    switch (message.kind) {
      case 'invalid':
        this.stats.invalidMessages += 1;
        return;
      case 'reply':
        this.handleReply(message);
        return;
      default:
        this.dispatch(message);
    }
  }

  private dispatch(message: Exclude<ServerMessage, { kind: 'invalid' | 'reply' }>): void {
    const route = this.routes.get(routeOf(message.kind, normalizeSymbol(message.symbol)));
    if (!route) return;
    for (const push of message.pushes) {
      this.stats.pushes += 1;
      for (const subscription of route) {
        // BTCUSD as crypto and as forex are two instruments.
        if (subscription.type !== undefined && message.type !== undefined && subscription.type !== message.type) continue;
        for (const listener of subscription.listeners) {
          try {
            listener(push);
          } catch (error) {
            reportListenerError(error);
          }
        }
      }
    }
  }

  private handleReply(reply: Extract<ServerMessage, { kind: 'reply' }>): void {
    if (reply.cmd === 'connect') {
      // 1001/1002/3003 come before close 1008; 5001 before close 1011.
      this.connectReply = { code: reply.code, message: reply.message };
      return;
    }
    if (reply.cmd !== 'subscribe') return;
    const { channel, symbols } = replyDetails(reply.data);
    if (reply.code === 0) {
      this.attempt = 0; // the connection is healthy: the next failure starts the backoff afresh
      if (channel && symbols) this.acknowledge(channel, symbols);
      return;
    }
    this.refuse(reply, channel ?? REFUSAL_CHANNELS[reply.code], symbols);
  }

  private acknowledge(channel: RealtimeChannel, symbols: readonly string[]): void {
    for (const symbol of symbols) {
      for (const subscription of this.routes.get(routeOf(channel, symbol)) ?? []) {
        if (!this.onServer.has(subscription.key)) continue;
        subscription.acked = true;
        this.settlePending(subscription.key);
      }
    }
    this.refreshStates();
  }

  /** Marks refused what the reply names, or else the oldest request awaiting an answer. */
  private refuse(reply: Refusal, channel: RealtimeChannel | undefined, symbols: readonly string[] | undefined): void {
    let keys: string[];
    if (symbols) {
      keys = [];
      const request = channel ? undefined : this.pending.find((candidate) => symbols.some((symbol) => [...candidate.keys].some((key) => key.endsWith(`|${symbol}`))));
      const onChannel = channel ?? request?.channel;
      if (!onChannel) return;
      for (const symbol of symbols) for (const subscription of this.routes.get(routeOf(onChannel, symbol)) ?? []) keys.push(subscription.key);
    } else {
      const request = this.pending.find((candidate) => channel === undefined || candidate.channel === channel);
      if (!request) return;
      keys = [...request.keys];
    }
    for (const key of keys) {
      const subscription = this.subscriptions.get(key);
      this.onServer.delete(key);
      this.settlePending(key);
      if (!subscription) continue;
      subscription.acked = false;
      subscription.refusal = { code: reply.code, message: reply.message };
      clearTimeout(subscription.retryTimer);
      subscription.retryTimer = setTimeout(() => {
        this.clearRefusal(subscription);
        this.refreshStates();
        this.scheduleFlush();
      }, this.options.refusalRetryMs);
    }
    this.refreshStates();
  }

  private clearRefusal(subscription: Subscription): void {
    clearTimeout(subscription.retryTimer);
    subscription.retryTimer = undefined;
    subscription.refusal = undefined;
  }

  private settlePending(key: string): void {
    const index = this.pending.findIndex((request) => request.keys.has(key));
    const request = this.pending[index];
    if (!request) return;
    request.keys.delete(key);
    if (request.keys.size === 0) this.pending.splice(index, 1);
  }

  // --- states -----------------------------------------------------------------------------

  private stateOf(subscription: Subscription): ChannelState {
    if (subscription.refusal) return 'refused';
    if (this.socketOpen) return subscription.acked ? 'live' : 'connecting';
    return this.connection === 'connecting' ? 'connecting' : 'down';
  }

  /** Recomputes every held subscription's state; notifies only those that changed. */
  private refreshStates(): void {
    for (const subscription of this.subscriptions.values()) {
      const state = this.stateOf(subscription);
      if (state === subscription.state) continue;
      subscription.state = state;
      for (const watcher of subscription.watchers) watcher();
    }
    this.updateStatus();
  }

  private computeStatus(): RealtimeStatus {
    const channels = {} as Record<RealtimeChannel, ChannelStatus>;
    for (const channel of REALTIME_CHANNELS) channels[channel] = { state: 'unused' };
    for (const subscription of this.subscriptions.values()) {
      if (subscription.refs === 0) continue;
      const current = channels[subscription.channel];
      if (current.state !== 'unused' && STATE_RANK[current.state] >= STATE_RANK[subscription.state]) continue;
      channels[subscription.channel] = { state: subscription.state, ...subscription.refusal };
    }
    const status: RealtimeStatus = { connection: this.connection, channels };
    if (this.connection === 'reconnecting' && this.retryAt !== undefined) status.retryInMs = Math.max(0, this.retryAt - Date.now());
    if ((this.connection === 'reconnecting' || this.connection === 'unavailable') && this.connectReply) {
      status.code = this.connectReply.code;
      status.message = this.connectReply.message;
    }
    return status;
  }

  private updateStatus(): void {
    const next = this.computeStatus();
    if (sameStatus(next, this.statusSnapshot)) return;
    this.statusSnapshot = next;
    for (const watcher of this.statusWatchers) watcher();
  }

  private clearTimer(name: 'flushTimer' | 'idleTimer' | 'reconnectTimer' | 'pongTimer'): void {
    const timer = this[name];
    if (timer !== undefined) clearTimeout(timer);
    this[name] = undefined;
  }
}
