/**
 * One topic per (channel, symbol as written, instrument): the connections holding it and what
 * each has been sent. A push round computes each topic's payload once and fans the same text out,
 * so 300 symbols cost 300 computations however many connections hold them.
 */
import type { RealtimeChannel } from '#shared/contract.ts';
import type { Instrument } from '../catalog/types.ts';
import { modelOf } from '../engine/instrument-model.ts';
import { MINUTE_MS } from '../engine/price-path.ts';
import { depthPushData, tickerPushData, tradePushMessages, tradesBetween } from './feeds.ts';

/** The side of a connection a topic talks to. */
export interface Subscriber {
  send(text: string): void;
}

interface Holding {
  /** Trades at or before this instant are not this subscriber's (it subscribed then). */
  since: number;
  /** Change key of the last ticker/depth state sent. */
  lastKey?: string;
}

export class Topic {
  readonly holders = new Map<Subscriber, Holding>();
  /** Trade channel: trades up to this instant have been pushed. */
  private cursor: number;
  /**
   * Ticker channel: the epoch minute in which the market was found shut. Sessions open on whole
   * minutes, so nothing can change before the next one: the ticker is not recomputed until then.
   */
  private shutInMinute: number | undefined;

  constructor(
    readonly channel: RealtimeChannel,
    readonly symbol: string,
    readonly instrument: Instrument,
    now: number,
  ) {
    this.cursor = now;
  }

  /** Adds a subscriber and sends it the snapshot (ticker, depth); trades start after `now`. */
  add(subscriber: Subscriber, now: number): void {
    const holding: Holding = { since: now };
    this.holders.set(subscriber, holding);
    if (this.channel === 'trade') return;
    const state = this.state(now);
    if (state) {
      holding.lastKey = state.key;
      subscriber.send(state.text);
    }
  }

  remove(subscriber: Subscriber): void {
    this.holders.delete(subscriber);
  }

  /** One push round: what changed since each holder's last message. */
  push(now: number): void {
    if (this.holders.size === 0) return;
    if (this.channel === 'trade') {
      this.pushTrades(now);
      return;
    }
    if (this.shutInMinute === Math.floor(now / MINUTE_MS)) return;
    const state = this.state(now);
    if (!state) return;
    for (const [subscriber, holding] of this.holders) {
      if (holding.lastKey === state.key) continue;
      holding.lastKey = state.key;
      subscriber.send(state.text);
    }
  }

  /** The current message and its change key (the book's timestamp is the clock: not a change). */
  private state(now: number): { key: string; text: string } | undefined {
    if (this.channel === 'ticker') {
      const data = tickerPushData(this.symbol, this.instrument, now);
      if (!data) return undefined;
      // A minute in progress prints its first trade at its very start: an older last trade means shut.
      const minute = Math.floor(now / MINUTE_MS);
      this.shutInMinute = (data.timestamp as number) < minute * MINUTE_MS ? minute : undefined;
      const text = JSON.stringify({ cmd: 'ticker', data });
      return { key: text, text };
    }
    const data = depthPushData(this.symbol, this.instrument, now);
    if (!data) return undefined;
    return { key: JSON.stringify([data.bids, data.asks]), text: JSON.stringify({ cmd: 'depth', data }) };
  }

  private pushTrades(now: number): void {
    if (now < this.cursor) {
      // The clock was set back: start over from the new present.
      this.cursor = now;
      for (const holding of this.holders.values()) holding.since = Math.min(holding.since, now);
      return;
    }
    const after = this.cursor;
    this.cursor = now;
    const trades = tradesBetween(modelOf(this.instrument), after, now);
    if (trades.length === 0) return;
    let shared: string[] | undefined;
    for (const [subscriber, holding] of this.holders) {
      let messages: string[];
      if (holding.since <= after) {
        shared ??= tradePushMessages(this.symbol, this.instrument, trades);
        messages = shared;
      } else {
        messages = tradePushMessages(
          this.symbol,
          this.instrument,
          trades.filter((trade) => trade.timestamp > holding.since),
        );
      }
      for (const text of messages) subscriber.send(text);
    }
  }
}

const topicKey = (channel: RealtimeChannel, symbol: string, instrument: Instrument): string => `${channel}|${instrument.type}|${symbol}`;

/** The topics of one simulator, created on first subscriber and dropped with the last. */
export class TopicRegistry {
  private readonly topics = new Map<string, Topic>();

  acquire(channel: RealtimeChannel, symbol: string, instrument: Instrument, now: number): Topic {
    const key = topicKey(channel, symbol, instrument);
    let topic = this.topics.get(key);
    if (!topic) {
      topic = new Topic(channel, symbol, instrument, now);
      this.topics.set(key, topic);
    }
    return topic;
  }

  release(topic: Topic, subscriber: Subscriber): void {
    topic.remove(subscriber);
    if (topic.holders.size === 0) this.topics.delete(topicKey(topic.channel, topic.symbol, topic.instrument));
  }

  pushAll(now: number): void {
    for (const topic of this.topics.values()) topic.push(now);
  }

  get size(): number {
    return this.topics.size;
  }
}
