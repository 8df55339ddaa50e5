/**
 * The subscriptions of one realtime client, each under its structured key (channel, type,
 * symbol), indexed the way the server keys them, by channel and symbol, with the types holding
 * that symbol beneath: reference counts and listeners, what the current socket has been sent,
 * the requests awaiting a reply, acknowledgements, refusals and each subscription's state.
 * No socket: the client (realtime-client.ts) sends what `takeRequests` gives and hands replies
 * and pushes back.
 */
import type { ProductType } from '#shared/contract.ts';
import { createEmitter, type Emitter } from '../lib/observable';
import type { ServerMessage } from './push-schemas';
import { buildRequests, type SubscriptionRequest } from './request-batches';
import { REALTIME_CHANNELS, type ChannelState, type ChannelStatus, type PushOf, type RealtimeChannel, type SubscriptionKey } from './types';

type Listener = (push: PushOf<RealtimeChannel>) => void;

export interface Refusal {
  code: number;
  message: string;
}

/** What the link to the server allows: subscriptions are live only on an open socket. */
export type LinkState = 'open' | 'connecting' | 'down';

interface Subscription {
  readonly key: SubscriptionKey;
  refs: number;
  readonly listeners: Set<Listener>;
  acked: boolean;
  refusal: Refusal | undefined;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  state: ChannelState;
  /** Emits when `state` changes. */
  readonly watchers: Emitter;
}

/** A subscribe request awaiting its reply: the subscriptions it asked for, not yet answered. */
interface PendingRequest {
  channel: RealtimeChannel;
  subscriptions: Set<Subscription>;
}

const STATE_RANK: Record<ChannelState, number> = { live: 0, connecting: 1, down: 2, refused: 3 };

/**
 * A refusal of the symbol itself (2xxx: unknown, ambiguous without a type, a bad parameter), not
 * of the channel: the symbol's panel says so, the channel still streams every other symbol.
 */
export function isSymbolRefusal(code: number): boolean {
  return code >= 2000 && code < 3000;
}

function stateOn(link: LinkState, subscription: Pick<Subscription, 'refusal' | 'acked'>): ChannelState {
  if (subscription.refusal) return 'refused';
  if (link === 'open') return subscription.acked ? 'live' : 'connecting';
  return link;
}

function reportListenerError(error: unknown): void {
  // A failing consumer must not break delivery to the others.
  setTimeout(() => {
    throw error;
  }, 0);
}

/**
 * channel → symbol → type → subscription: a route (channel, symbol) is what the server keys on.
 * Iterated in the order the subscriptions were taken, so requests go out in a stable order.
 */
class SubscriptionIndex {
  private readonly channels = new Map<RealtimeChannel, Map<string, Map<ProductType | undefined, Subscription>>>();
  private readonly taken = new Set<Subscription>();

  get({ channel, symbol, type }: SubscriptionKey): Subscription | undefined {
    return this.channels.get(channel)?.get(symbol)?.get(type);
  }

  add(subscription: Subscription): void {
    const { channel, symbol, type } = subscription.key;
    let symbols = this.channels.get(channel);
    if (!symbols) this.channels.set(channel, (symbols = new Map<string, Map<ProductType | undefined, Subscription>>()));
    let types = symbols.get(symbol);
    if (!types) symbols.set(symbol, (types = new Map<ProductType | undefined, Subscription>()));
    types.set(type, subscription);
    this.taken.add(subscription);
  }

  delete(subscription: Subscription): void {
    const { channel, symbol, type } = subscription.key;
    const symbols = this.channels.get(channel);
    const types = symbols?.get(symbol);
    if (types?.get(type) !== subscription) return;
    types.delete(type);
    if (types.size === 0) symbols?.delete(symbol);
    this.taken.delete(subscription);
  }

  /** The subscriptions of every type on (channel, symbol). */
  route(channel: RealtimeChannel, symbol: string): Iterable<Subscription> {
    return this.channels.get(channel)?.get(symbol)?.values() ?? [];
  }

  hasRoute(channel: RealtimeChannel, symbol: string): boolean {
    return this.channels.get(channel)?.has(symbol) === true;
  }

  values(): Iterable<Subscription> {
    return this.taken.values();
  }

  clear(): void {
    this.channels.clear();
    this.taken.clear();
  }
}

export interface LedgerOptions {
  /** A refused subscription is asked again this often while the socket stays up. */
  refusalRetryMs: number;
  /** A refusal's retry time came: the client sends what is now wanted. */
  onRefusalExpired: () => void;
}

export class SubscriptionLedger {
  private readonly index = new SubscriptionIndex();
  /** Sent on the current socket and not refused or unsubscribed (released ones until their unsubscribe). */
  private readonly onServer = new Set<Subscription>();
  private pending: PendingRequest[] = [];

  constructor(private readonly options: LedgerOptions) {}

  /**
   * Holds `key` (and `listener` on its pushes) until the returned function runs; that function
   * returns true when it released the last hold. A released subscription stays until
   * `forgetReleased`, so a release and re-take in the same task changes nothing on the server.
   */
  hold(key: SubscriptionKey, link: LinkState, listener?: Listener): () => boolean {
    let subscription = this.index.get(key);
    if (!subscription) {
      subscription = {
        key,
        refs: 0,
        listeners: new Set(),
        acked: false,
        refusal: undefined,
        retryTimer: undefined,
        state: 'connecting',
        watchers: createEmitter(),
      };
      subscription.state = stateOn(link, subscription);
      this.index.add(subscription);
    }
    const held = subscription;
    held.refs += 1;
    // A wrapper per call, so the same function given twice is released twice.
    const wrapped: Listener | undefined =
      listener &&
      ((push) => {
        listener(push);
      });
    if (wrapped) held.listeners.add(wrapped);
    return () => {
      if (wrapped) held.listeners.delete(wrapped);
      held.refs -= 1;
      return held.refs === 0;
    };
  }

  anyHeld(): boolean {
    for (const subscription of this.index.values()) if (subscription.refs > 0) return true;
    return false;
  }

  /** The state of `key`; undefined when nothing holds it. */
  stateOf(key: SubscriptionKey): ChannelState | undefined {
    return this.index.get(key)?.state;
  }

  /** The refusal of `key` while it is refused. */
  refusalOf(key: SubscriptionKey): Refusal | undefined {
    return this.index.get(key)?.refusal;
  }

  /** Calls `watcher` when the state of `key` changes while it is held. */
  watch(key: SubscriptionKey, watcher: () => void): () => void {
    const subscription = this.index.get(key);
    if (!subscription) return () => undefined;
    return subscription.watchers.subscribe(watcher);
  }

  /** Drops the subscriptions no one holds any more (their unsubscribe goes with the next requests). */
  forgetReleased(): void {
    for (const subscription of [...this.index.values()]) {
      if (subscription.refs > 0) continue;
      clearTimeout(subscription.retryTimer);
      this.index.delete(subscription);
    }
  }

  /**
   * The messages that bring the server to what is held: unsubscribes of what was released,
   * subscribes of what it lacks (refused ones wait for their retry). Marks them sent.
   */
  takeRequests(maxSymbols: number): SubscriptionRequest[] {
    const released: SubscriptionKey[] = [];
    for (const subscription of [...this.onServer]) {
      if (this.index.get(subscription.key) === subscription) continue;
      this.onServer.delete(subscription);
      const { channel, symbol } = subscription.key;
      // The server keys on (channel, symbol): keep it while another type still holds the symbol.
      if (!this.index.hasRoute(channel, symbol)) released.push(subscription.key);
    }
    const wanted: Subscription[] = [];
    for (const subscription of this.index.values()) {
      if (!this.onServer.has(subscription) && subscription.refusal === undefined) wanted.push(subscription);
    }
    const requests = buildRequests('unsubscribe', released, maxSymbols);
    for (const request of buildRequests(
      'subscribe',
      wanted.map((subscription) => subscription.key),
      maxSymbols,
    )) {
      const { channel, type, symbols } = request.data;
      const asked = new Set<Subscription>();
      for (const symbol of symbols) {
        const subscription = this.index.get({ channel, type, symbol });
        if (!subscription) continue;
        asked.add(subscription);
        this.onServer.add(subscription);
      }
      this.pending.push({ channel, subscriptions: asked });
      requests.push(request);
    }
    return requests;
  }

  /** The socket is gone: nothing is on the server or awaited any more. */
  connectionLost(): void {
    this.onServer.clear();
    this.pending = [];
    for (const subscription of this.index.values()) subscription.acked = false;
  }

  /** The requests awaiting an answer go again with the next ones (the socket was silent: their answers may be lost). */
  askUnansweredAgain(): void {
    for (const request of this.pending) for (const subscription of request.subscriptions) this.onServer.delete(subscription);
    this.pending = [];
  }

  /** A new connection asks again for everything held, refused ones included (once). */
  connectionOpened(): void {
    this.connectionLost();
    for (const subscription of this.index.values()) this.clearRefusal(subscription);
  }

  acknowledge(channel: RealtimeChannel, symbols: readonly string[]): void {
    for (const symbol of symbols) {
      for (const subscription of this.index.route(channel, symbol)) {
        if (!this.onServer.has(subscription)) continue;
        subscription.acked = true;
        this.settlePending(subscription);
      }
    }
  }

  /** Marks refused what the reply names, or else the oldest request awaiting an answer. */
  refuse(refusal: Refusal, channel: RealtimeChannel | undefined, symbols: readonly string[] | undefined): void {
    let refused: Subscription[];
    if (symbols) {
      const named = new Set(symbols);
      const onChannel =
        channel ?? this.pending.find((request) => [...request.subscriptions].some((subscription) => named.has(subscription.key.symbol)))?.channel;
      if (!onChannel) return;
      refused = symbols.flatMap((symbol) => [...this.index.route(onChannel, symbol)]);
    } else {
      const request = this.pending.find((candidate) => channel === undefined || candidate.channel === channel);
      if (!request) return;
      refused = [...request.subscriptions];
    }
    for (const subscription of refused) {
      this.onServer.delete(subscription);
      this.settlePending(subscription);
      if (this.index.get(subscription.key) !== subscription) continue;
      subscription.acked = false;
      subscription.refusal = { code: refusal.code, message: refusal.message };
      clearTimeout(subscription.retryTimer);
      subscription.retryTimer = setTimeout(() => {
        this.clearRefusal(subscription);
        this.options.onRefusalExpired();
      }, this.options.refusalRetryMs);
    }
  }

  /** Hands each push of `message` to the listeners of its (channel, symbol) and type; returns how many pushes found a holder. */
  dispatch(message: Extract<ServerMessage, { kind: RealtimeChannel }>, symbol: string): number {
    const route = [...this.index.route(message.kind, symbol)];
    if (route.length === 0) return 0;
    for (const push of message.pushes) {
      for (const subscription of route) {
        // BTCUSD as crypto and as forex are two instruments.
        if (subscription.key.type !== undefined && message.type !== undefined && subscription.key.type !== message.type) continue;
        for (const listener of subscription.listeners) {
          try {
            listener(push);
          } catch (error) {
            reportListenerError(error);
          }
        }
      }
    }
    return message.pushes.length;
  }

  /** Recomputes every held subscription's state; notifies only the watchers of those that changed. */
  refreshStates(link: LinkState): void {
    for (const subscription of this.index.values()) {
      const state = stateOn(link, subscription);
      if (state === subscription.state) continue;
      subscription.state = state;
      subscription.watchers.emit();
    }
  }

  /**
   * Per channel, the worst state among its held subscriptions, with the refusal if any. A symbol
   * refused for itself (isSymbolRefusal) says nothing about the channel and is left out.
   */
  channelStatuses(): Record<RealtimeChannel, ChannelStatus> {
    const channels = {} as Record<RealtimeChannel, ChannelStatus>;
    for (const channel of REALTIME_CHANNELS) channels[channel] = { state: 'unused' };
    for (const subscription of this.index.values()) {
      if (subscription.refs === 0) continue;
      if (subscription.refusal && isSymbolRefusal(subscription.refusal.code)) continue;
      const { channel } = subscription.key;
      const current = channels[channel];
      if (current.state !== 'unused' && STATE_RANK[current.state] >= STATE_RANK[subscription.state]) continue;
      channels[channel] = { state: subscription.state, ...subscription.refusal };
    }
    return channels;
  }

  /** Forgets everything (the client is disposed). */
  clear(): void {
    for (const subscription of this.index.values()) clearTimeout(subscription.retryTimer);
    this.index.clear();
    this.connectionLost();
  }

  private clearRefusal(subscription: Subscription): void {
    clearTimeout(subscription.retryTimer);
    subscription.retryTimer = undefined;
    subscription.refusal = undefined;
  }

  private settlePending(subscription: Subscription): void {
    const index = this.pending.findIndex((request) => request.subscriptions.has(subscription));
    const request = this.pending[index];
    if (!request) return;
    request.subscriptions.delete(subscription);
    if (request.subscriptions.size === 0) this.pending.splice(index, 1);
  }
}
