/**
 * The shared feed's topics: one per upstream subscription, keyed by instrument as the upstream
 * keys them (channel, product type, symbol: BTCUSD as crypto and as forex are two). The upstream's
 * acknowledgements name a channel and symbols but no type, so the index also finds topics by route
 * (channel and symbol) and tells an answer's topics by the order their subscribes went out.
 */
import type { RealtimeChannel } from '#shared/contract.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import type { DataSourceLink } from '../data-source.ts';
import type { RelayPeer } from '../browser-peer.ts';
import type { UpstreamFrame } from './replies.ts';

/** A browser as the feed sees it. */
export type FeedBrowser = RelayPeer;

/** One upstream socket of the feed. */
export interface Link {
  id: number;
  api: DataSourceLink | undefined;
  /** Frames for the upstream before the socket is opened (backoff). */
  outbox: string[];
  topics: Set<Topic>;
  /** Answered 3004: new topics go elsewhere. */
  full: boolean;
  /** The handshake or the connection was refused (a `connect` error): the backoff grows. */
  refused: boolean;
  gone: boolean;
  keepalive?: ReturnType<typeof setInterval>;
  openTimer?: ReturnType<typeof setTimeout>;
}

export interface Topic {
  key: string;
  channel: RealtimeChannel;
  /** The spelling the upstream was asked for. */
  upstreamSymbol: string;
  /** The product type the upstream was asked for; undefined: the upstream resolves the symbol. */
  type: string | undefined;
  link: Link;
  /** The upstream acknowledged it. */
  active: boolean;
  /** When its subscribe went out (a count): the upstream answers subscribes in order. */
  askedAt: number;
  /** Each holder's spelling. */
  holders: Map<FeedBrowser, string>;
  /** Holders not yet told the outcome. */
  waiting: Set<FeedBrowser>;
  /** The last ticker or depth push: a browser joining an active topic gets it at once. */
  last?: { frame: UpstreamFrame; data: Record<string, unknown>; symbol: string; text: string };
}

/** One upstream subscription per instrument: `00700.HK` and `700.HK` are one, BTCUSD crypto and forex two. */
export const topicKey = (channel: string, symbol: string, type: string | undefined): string => `${channel}|${type ?? ''}|${normalizeSymbol(symbol)}`;

const routeKey = (channel: string, symbol: string): string => `${channel}|${normalizeSymbol(symbol)}`;

export class TopicIndex {
  private readonly byKey = new Map<string, Topic>();
  private readonly byRoute = new Map<string, Set<Topic>>();

  get(key: string): Topic | undefined {
    return this.byKey.get(key);
  }

  values(): IterableIterator<Topic> {
    return this.byKey.values();
  }

  add(topic: Topic): void {
    this.byKey.set(topic.key, topic);
    const route = routeKey(topic.channel, topic.upstreamSymbol);
    const topics = this.byRoute.get(route) ?? new Set<Topic>();
    topics.add(topic);
    this.byRoute.set(route, topics);
  }

  /** Forgets `topic` if it is the one under its key (a newer one may have taken it). */
  delete(topic: Topic): void {
    if (this.byKey.get(topic.key) !== topic) return;
    this.byKey.delete(topic.key);
    const route = routeKey(topic.channel, topic.upstreamSymbol);
    const topics = this.byRoute.get(route);
    topics?.delete(topic);
    if (topics?.size === 0) this.byRoute.delete(route);
  }

  /** The topics of `link` on (channel, symbol), of any type. */
  onRoute(link: Link, channel: string, symbol: string): Topic[] {
    return [...(this.byRoute.get(routeKey(channel, symbol)) ?? [])].filter((topic) => topic.link === link);
  }

  /**
   * The topics a push of `link` feeds: its instrument's, and the untyped one of its symbol (the
   * upstream resolved that symbol, so it is unambiguous). A push without a type feeds every type.
   */
  forPush(link: Link, channel: string, symbol: string, type: unknown): Topic[] {
    return this.onRoute(link, channel, symbol).filter((topic) => typeof type !== 'string' || topic.type === undefined || topic.type === type);
  }

  /**
   * The topics an answer of `link` to a subscribe names for `symbol`: the earliest asked of those
   * still awaiting an answer (the upstream answers in order), else, for a refusal at run time,
   * every active one. A `type` in the answer narrows it.
   */
  forAnswer(link: Link, channel: string, symbol: string, type: unknown, refusal: boolean): Topic[] {
    const named = this.onRoute(link, channel, symbol).filter((topic) => typeof type !== 'string' || topic.type === type);
    const awaiting = named.filter((topic) => !topic.active).sort((a, b) => a.askedAt - b.askedAt);
    if (awaiting[0]) return [awaiting[0]];
    return refusal ? named : [];
  }

  /**
   * Whether another topic of `link` may stand on the same upstream subscription as `topic` (the
   * same symbol with one of the two untyped): unsubscribing `topic` upstream would take it too.
   */
  sharesSubscription(topic: Topic): boolean {
    return this.onRoute(topic.link, topic.channel, topic.upstreamSymbol).some(
      (other) => other !== topic && (other.type === undefined || topic.type === undefined),
    );
  }
}
