/**
 * One client connection: its commands, its subscriptions (a topic per channel and instrument),
 * and its idle timer. Transport-neutral: it talks to a RealtimePeer.
 */
import { REALTIME_CHANNELS, type RealtimeChannel } from '#shared/contract.ts';
import { canonicalSymbol } from '../catalog/lookup.ts';
import type { Instrument } from '../catalog/types.ts';
import type { Plan } from '../http/access.ts';
import { errorReply, parseClientMessage, reply, type SubscriptionCommand } from '#shared/realtime-messages.ts';
import { checkRequest, refusalReply } from './subscription-request.ts';
import type { Topic, TopicRegistry } from './topics.ts';
import type { RealtimeConnectionInfo, RealtimePeer, RealtimeSession, RealtimeSettings } from './types.ts';

/** What a connection needs from the service that opened it. */
export interface ConnectionHost {
  now(): number;
  settings(): RealtimeSettings;
  topics: TopicRegistry;
  /** The connection has ended (either side). */
  ended(connection: Connection): void;
}

/** Subscriptions are per instrument: `700.HK` and `00700.HK` are one. */
const instrumentKey = (instrument: Instrument): string => `${instrument.type}:${instrument.symbol}`;

export class Connection implements RealtimeSession {
  /** Per channel, the topic held for each instrument (one spelling per instrument). */
  private readonly held: Record<RealtimeChannel, Map<string, Topic>> = { ticker: new Map(), depth: new Map(), trade: new Map() };
  private idleTimer: ReturnType<typeof setTimeout> | undefined;
  private open = true;
  private readonly subscriber = {
    send: (text: string): void => {
      this.send(text);
    },
  };

  constructor(
    readonly id: number,
    readonly key: string,
    readonly plan: Plan,
    private readonly peer: RealtimePeer,
    private readonly host: ConnectionHost,
  ) {
    this.armIdleTimer();
  }

  receive(text: string): void {
    if (!this.open) return;
    this.armIdleTimer();
    const parsed = parseClientMessage(text);
    if ('reply' in parsed) {
      this.send(parsed.reply);
      return;
    }
    const { command } = parsed;
    if (command.cmd === 'ping') this.send(reply('pong', 0, 'pong', { timestamp: this.host.now() }));
    else if (command.cmd === 'subscribe') this.subscribe(command);
    else this.unsubscribe(command);
  }

  closed(): void {
    if (!this.open) return;
    this.open = false;
    clearTimeout(this.idleTimer);
    for (const channel of REALTIME_CHANNELS) {
      for (const topic of this.held[channel].values()) this.host.topics.release(topic, this.subscriber);
      this.held[channel].clear();
    }
    this.host.ended(this);
  }

  /** Closes from our side (idle, drop, refusal) and releases everything. */
  close(code: number, reason: string): void {
    if (!this.open) return;
    try {
      this.peer.close(code, reason);
    } finally {
      this.closed();
    }
  }

  info(): RealtimeConnectionInfo {
    const symbols = (channel: RealtimeChannel): string[] => [...this.held[channel].values()].map((topic) => topic.symbol);
    return { id: this.id, plan: this.plan, subscriptions: { ticker: symbols('ticker'), depth: symbols('depth'), trade: symbols('trade') } };
  }

  subscriptionCount(): number {
    return this.held.ticker.size + this.held.depth.size + this.held.trade.size;
  }

  /** A refusal switched on: the channel's subscriptions go, with the 4003/4004 message. */
  refuse(channel: 'depth' | 'trade'): void {
    const topics = [...this.held[channel].values()];
    if (topics.length === 0) return;
    for (const topic of topics) this.host.topics.release(topic, this.subscriber);
    this.held[channel].clear();
    this.send(
      refusalReply(
        channel,
        topics.map((topic) => topic.symbol),
      ),
    );
  }

  private send(text: string): void {
    if (!this.open || this.host.settings().silent) return;
    try {
      this.peer.send(text);
    } catch {
      this.closed();
    }
  }

  private armIdleTimer(): void {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.close(1000, 'idle');
    }, this.host.settings().idleTimeoutMs);
    this.idleTimer.unref();
  }

  private subscribe(command: SubscriptionCommand): void {
    const checked = checkRequest(command, this.plan, this.host.settings());
    if (!checked.ok) {
      this.send(checked.reply);
      return;
    }
    const { channel, accepted, errors } = checked;
    const held = this.held[channel];
    const limit = this.host.settings().maxSubscriptionsPerConnection;
    const added = new Set(accepted.map(({ instrument }) => instrumentKey(instrument)).filter((key) => !held.has(key)));
    if (this.subscriptionCount() + added.size > limit) {
      this.send(errorReply('subscribe', 3004, { channel, symbols: accepted.map(({ symbol }) => symbol), limit }));
      return;
    }
    const now = this.host.now();
    if (accepted.length > 0) {
      this.send(reply('subscribe', 0, 'success', { channel, symbols: accepted.map(({ symbol }) => symbol) }));
    }
    for (const { symbol, instrument } of accepted) {
      const key = instrumentKey(instrument);
      const previous = held.get(key);
      if (previous) this.host.topics.release(previous, this.subscriber);
      const topic = this.host.topics.acquire(channel, symbol, instrument, now);
      held.set(key, topic);
      topic.add(this.subscriber, now);
    }
    for (const error of errors) this.send(error);
  }

  /** Unsubscribing what is not held is not an error: the ack says the symbols are not held now. */
  private unsubscribe(command: SubscriptionCommand): void {
    const checked = checkRequest(command, this.plan, this.host.settings());
    if (!checked.ok) {
      this.send(checked.reply);
      return;
    }
    const { channel, type, symbols } = checked;
    const wanted = new Set(symbols.map(canonicalSymbol));
    const held = this.held[channel];
    for (const [key, topic] of held) {
      if (!wanted.has(canonicalSymbol(topic.instrument.symbol))) continue;
      if (type !== undefined && topic.instrument.type !== type) continue;
      this.host.topics.release(topic, this.subscriber);
      held.delete(key);
    }
    this.send(reply('unsubscribe', 0, 'success', { channel, symbols }));
  }
}
