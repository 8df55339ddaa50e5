/**
 * One upstream feed for every browser of the server. Subscriptions are reference-counted per
 * instrument (channel, product type, symbol: topics.ts): the upstream sees a subscribe for the
 * first browser and an unsubscribe when the last one leaves. Upstream replies and pushes are
 * fanned out to the browsers holding the instrument, each in its own spelling. A second upstream
 * socket (upstream-sockets.ts) opens only when the upstream answers 3004 (subscription limit) on
 * the first.
 *
 * Losing an upstream socket closes the browsers that used it with the upstream's code (their HTTP
 * fallbacks start, then they reconnect and subscribe again); the next socket is opened for them
 * after a backoff that grows while handshakes keep failing.
 */
import type { RealtimeChannel } from '#shared/contract.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import type { RelayPeer } from '../browser-peer.ts';
import type { DataSourceLink } from '../data-source.ts';
import { encodePush, type EncodedPush } from '../push-frame.ts';
import { recordOf, parseFrame, respellPush, respellReply, subscribed, unsubscribed, invalid, type UpstreamFrame } from './replies.ts';
import { topicKey, TopicIndex, type FeedBrowser, type Link, type Topic } from './topics.ts';
import { UpstreamSockets } from './upstream-sockets.ts';

export type { FeedBrowser } from './topics.ts';

export interface SharedFeedOptions {
  /** Opens one upstream socket; its frames and its close come back through `peer`. */
  open(peer: RelayPeer): DataSourceLink;
  /** The upstream socket stays this long after the last browser left (a reload keeps it); default 1 s. */
  lingerMs?: number;
  /** Pings the upstream this often so it never closes the socket as idle; default 10 s. */
  keepaliveMs?: number;
  /** An upstream socket that answers nothing between two keepalive pings is lost (upstream-sockets.ts); default off. */
  dropSilentUpstream?: boolean;
  /** Subscriptions one browser may hold; beyond it 3004. Default 1,000. */
  maxSubscriptionsPerBrowser?: number;
  /**
   * Told, per upstream push, how long the fan-out took: from the frame's arrival to the end of the
   * turn that wrote it to every holder (the turn's batched writes are flushed then). /metrics.
   */
  onFanOut?: (ms: number) => void;
  /** Delay before a new socket after a failed handshake, doubling up to `backoffMaxMs`. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  log?: (line: string) => void;
}

export interface SharedFeedStats {
  upstreamSockets: number;
  upstreamSubscriptions: Record<RealtimeChannel, number>;
  browsers: number;
  /** The most subscriptions one browser holds. */
  browserSubscriptionsMax: number;
}

const PUSH_CHANNELS: ReadonlySet<string> = new Set(['ticker', 'depth', 'trade']);

export class SharedFeed {
  private readonly browsers = new Map<FeedBrowser, Map<string, Topic>>();
  private readonly topics = new TopicIndex();
  /** Subscribes sent upstream so far: orders the topics awaiting an answer. */
  private asked = 0;
  private readonly sockets: UpstreamSockets;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly lingerMs: number;
  private readonly maxPerBrowser: number;
  private readonly log: (line: string) => void;

  constructor(private readonly options: SharedFeedOptions) {
    this.lingerMs = options.lingerMs ?? 1_000;
    this.maxPerBrowser = options.maxSubscriptionsPerBrowser ?? 1_000;
    this.log = options.log ?? (() => undefined);
    this.sockets = new UpstreamSockets({
      open: (peer) => options.open(peer),
      frame: (link, text) => {
        this.fromUpstream(link, text);
      },
      lost: (link, code, reason) => {
        this.lost(link, code, reason);
      },
      keepaliveMs: options.keepaliveMs ?? 10_000,
      dropSilent: options.dropSilentUpstream ?? false,
      backoffBaseMs: options.backoffBaseMs ?? 250,
      backoffMaxMs: options.backoffMaxMs ?? 15_000,
    });
  }

  stats(): SharedFeedStats {
    const upstreamSubscriptions: Record<RealtimeChannel, number> = { ticker: 0, depth: 0, trade: 0 };
    for (const topic of this.topics.values()) upstreamSubscriptions[topic.channel] += 1;
    let browserSubscriptionsMax = 0;
    for (const held of this.browsers.values()) browserSubscriptionsMax = Math.max(browserSubscriptionsMax, held.size);
    return { upstreamSockets: this.sockets.open, upstreamSubscriptions, browsers: this.browsers.size, browserSubscriptionsMax };
  }

  attach(browser: FeedBrowser): void {
    clearTimeout(this.lingerTimer);
    this.lingerTimer = undefined;
    this.browsers.set(browser, new Map());
    if (this.sockets.count === 0) this.sockets.add();
  }

  detach(browser: FeedBrowser): void {
    const held = this.browsers.get(browser);
    if (!held) return;
    this.browsers.delete(browser);
    this.release(browser, [...held.values()]);
    if (this.browsers.size === 0) {
      clearTimeout(this.lingerTimer);
      this.lingerTimer = setTimeout(() => {
        if (this.browsers.size === 0) this.sockets.closeAll();
      }, this.lingerMs);
      this.lingerTimer.unref();
    }
  }

  /** `spellings` are trimmed and upper-cased, without repeats. */
  subscribe(browser: FeedBrowser, channel: RealtimeChannel, spellings: readonly string[], type: string | undefined): void {
    const held = this.browsers.get(browser);
    if (!held) return;
    const added = new Set(spellings.map((spelling) => topicKey(channel, spelling, type)).filter((key) => !held.has(key)));
    if (held.size + added.size > this.maxPerBrowser) {
      browser.send(invalid.tooMany(channel, spellings, this.maxPerBrowser));
      return;
    }
    const ready: Topic[] = [];
    const asks = new Map<Link, string[]>();
    for (const spelling of spellings) {
      const key = topicKey(channel, spelling, type);
      let topic = this.topics.get(key);
      if (!topic) {
        const link = this.sockets.withRoom();
        topic = { key, channel, upstreamSymbol: spelling, type, link, active: false, askedAt: ++this.asked, holders: new Map(), waiting: new Set() };
        this.topics.add(topic);
        link.topics.add(topic);
        asks.set(link, [...(asks.get(link) ?? []), spelling]);
      }
      topic.holders.set(browser, spelling);
      held.set(key, topic);
      if (topic.active) ready.push(topic);
      else topic.waiting.add(browser);
    }
    if (ready.length > 0) {
      browser.send(
        subscribed(
          channel,
          ready.map((topic) => topic.holders.get(browser) ?? topic.upstreamSymbol),
        ),
      );
      for (const topic of ready) this.sendLast(topic, browser);
    }
    for (const [link, symbols] of asks) this.sockets.ask(link, 'subscribe', channel, symbols, type);
  }

  /** With a `type`, that instrument's topics; without, the symbols' topics of every type (as the upstream reads it). */
  unsubscribe(browser: FeedBrowser, channel: RealtimeChannel, spellings: readonly string[], type: string | undefined): void {
    const held = this.browsers.get(browser);
    if (!held) return;
    const symbols = new Set(spellings.map(normalizeSymbol));
    const topics = [...held.values()].filter(
      (topic) => topic.channel === channel && (type === undefined || topic.type === type) && symbols.has(normalizeSymbol(topic.upstreamSymbol)),
    );
    this.release(browser, topics);
    browser.send(unsubscribed(channel, spellings));
  }

  /** Closes every upstream socket (the server stops); browsers are closed by the relay. */
  close(): void {
    clearTimeout(this.lingerTimer);
    this.sockets.closeAll();
  }

  /** The browsers an event of `link` concerns: all of them on the first socket, else its holders. */
  private affected(link: Link): Set<FeedBrowser> {
    if (this.sockets.isFirst(link) || this.sockets.count <= 1) return new Set(this.browsers.keys());
    const browsers = new Set<FeedBrowser>();
    for (const topic of link.topics) for (const browser of topic.holders.keys()) browsers.add(browser);
    return browsers;
  }

  private lost(link: Link, code: number, reason: string): void {
    if (link.gone) return;
    const browsers = this.affected(link);
    this.sockets.drop(link);
    for (const topic of link.topics) {
      this.topics.delete(topic);
      for (const browser of topic.holders.keys()) this.browsers.get(browser)?.delete(topic.key);
    }
    link.topics.clear();
    const wait = this.sockets.backOff(link);
    this.log(`chartroom: realtime upstream socket ${link.id} closed ${code}; ${browsers.size} browser(s) told; next socket in ≥ ${wait} ms`);
    for (const browser of browsers) {
      browser.close(code, reason);
      this.detach(browser);
    }
    // Browsers left (on other sockets) keep their feed; a new first socket serves newcomers.
    if (this.browsers.size > 0 && this.sockets.count === 0) this.sockets.add();
  }

  // --- frames from the upstream ---

  private fromUpstream(link: Link, text: string): void {
    if (link.gone) return;
    const arrived = performance.now();
    const frame = parseFrame(text);
    if (!frame) return;
    const data = recordOf(frame.data);
    if (PUSH_CHANNELS.has(frame.cmd) && data) {
      this.push(link, frame, data, text);
      const { onFanOut } = this.options;
      // Queued after the holders' flushes (browser-peer.ts), so it runs once they are written.
      if (onFanOut) {
        process.nextTick(() => {
          onFanOut(performance.now() - arrived);
        });
      }
      return;
    }
    if (frame.cmd === 'connect' && frame.code !== 0) {
      link.refused = true;
      for (const browser of this.affected(link)) browser.send(text);
      return;
    }
    if (frame.cmd === 'subscribe' && data) this.subscribeReply(link, frame, data);
    // Unsubscribe acks and pongs answer the server's own frames; browsers got theirs already.
  }

  private push(link: Link, frame: UpstreamFrame, data: Record<string, unknown>, text: string): void {
    const symbol = data.symbol;
    if (typeof symbol !== 'string') return;
    for (const topic of this.topics.forPush(link, frame.cmd, symbol, data.type)) this.pushTo(topic, frame, data, symbol, text);
  }

  private pushTo(topic: Topic, frame: UpstreamFrame, data: Record<string, unknown>, symbol: string, text: string): void {
    if (frame.cmd !== 'trade') topic.last = { frame, data, symbol, text };
    const coalesce = frame.cmd === 'ticker' ? topic.key : undefined;
    // Serialised and encoded once per spelling: every browser of a spelling gets the same bytes.
    const respelled = new Map<string, { out: string; encoded: EncodedPush }>();
    for (const [browser, spelling] of topic.holders) {
      let frameOut = respelled.get(spelling);
      if (!frameOut) {
        const out = spelling === symbol ? text : respellPush(frame, data, spelling);
        frameOut = { out, encoded: encodePush(out) };
        respelled.set(spelling, frameOut);
      }
      browser.send(frameOut.out, coalesce, frameOut.encoded);
    }
  }

  private sendLast(topic: Topic, browser: FeedBrowser): void {
    const last = topic.last;
    const spelling = topic.holders.get(browser);
    if (!last || spelling === undefined) return;
    browser.send(spelling === last.symbol ? last.text : respellPush(last.frame, last.data, spelling), topic.channel === 'ticker' ? topic.key : undefined);
  }

  private namedTopics(link: Link, data: Record<string, unknown>, refusal: boolean): { channel: string; topics: Topic[] } | undefined {
    const { channel, symbols } = data;
    if (typeof channel !== 'string' || !Array.isArray(symbols)) return undefined;
    const topics: Topic[] = [];
    for (const symbol of symbols) {
      if (typeof symbol !== 'string') continue;
      for (const topic of this.topics.forAnswer(link, channel, symbol, data.type, refusal)) if (!topics.includes(topic)) topics.push(topic);
    }
    return { channel, topics };
  }

  private subscribeReply(link: Link, frame: UpstreamFrame, data: Record<string, unknown>): void {
    const named = this.namedTopics(link, data, frame.code !== 0);
    if (!named) return;
    const { topics } = named;
    if (frame.code === 0) {
      const told = new Map<FeedBrowser, string[]>();
      for (const topic of topics) {
        topic.active = true;
        for (const browser of topic.waiting) told.set(browser, [...(told.get(browser) ?? []), topic.holders.get(browser) ?? topic.upstreamSymbol]);
        topic.waiting.clear();
      }
      for (const [browser, spellings] of told) browser.send(subscribed(topics[0]?.channel ?? 'ticker', spellings));
      return;
    }
    // The subscription limit of this socket: the topics move to another one (unless this socket holds nothing yet).
    if (frame.code === 3004 && [...link.topics].some((topic) => topic.active)) {
      link.full = true;
      this.overflow(link, topics);
      return;
    }
    // A refusal (2001, 2002, 1004, 3004, 4003/4004 now or at run time): every holder is told, in its spelling.
    const told = new Map<FeedBrowser, string[]>();
    for (const topic of topics) {
      for (const [browser, spelling] of topic.holders) {
        told.set(browser, [...(told.get(browser) ?? []), spelling]);
        this.browsers.get(browser)?.delete(topic.key);
      }
      this.topics.delete(topic);
      link.topics.delete(topic);
    }
    for (const [browser, spellings] of told) browser.send(respellReply(frame, data, spellings));
  }

  private overflow(from: Link, topics: readonly Topic[]): void {
    const moved = topics.filter((topic) => !topic.active);
    if (moved.length === 0) return;
    const to = this.sockets.withRoom();
    this.log(`chartroom: realtime upstream socket ${from.id} is at its subscription limit; ${moved.length} subscription(s) go to socket ${to.id}`);
    for (const topic of moved) {
      from.topics.delete(topic);
      topic.link = to;
      topic.askedAt = ++this.asked;
      to.topics.add(topic);
    }
    const byAsk = new Map<string, Topic[]>();
    for (const topic of moved) {
      const ask = `${topic.channel}|${topic.type ?? ''}`;
      byAsk.set(ask, [...(byAsk.get(ask) ?? []), topic]);
    }
    for (const group of byAsk.values()) {
      const first = group[0];
      if (first)
        this.sockets.ask(
          to,
          'subscribe',
          first.channel,
          group.map((topic) => topic.upstreamSymbol),
          first.type,
        );
    }
  }

  /** `browser` no longer holds `topics`; the last holder's leaving unsubscribes upstream. */
  private release(browser: FeedBrowser, topics: readonly Topic[]): void {
    const held = this.browsers.get(browser);
    const leaving = new Map<string, { link: Link; channel: RealtimeChannel; type: string | undefined; symbols: string[] }>();
    for (const topic of topics) {
      held?.delete(topic.key);
      topic.holders.delete(browser);
      topic.waiting.delete(browser);
      if (topic.holders.size > 0 || this.topics.get(topic.key) !== topic) continue;
      this.topics.delete(topic);
      topic.link.topics.delete(topic);
      // Another topic may stand on the same upstream subscription (one of them untyped): it stays.
      if (this.topics.sharesSubscription(topic)) continue;
      const ask = `${topic.link.id}|${topic.channel}|${topic.type ?? ''}`;
      const entry = leaving.get(ask) ?? { link: topic.link, channel: topic.channel, type: topic.type, symbols: [] };
      entry.symbols.push(topic.upstreamSymbol);
      leaving.set(ask, entry);
    }
    for (const { link, channel, type, symbols } of leaving.values()) {
      this.sockets.ask(link, 'unsubscribe', channel, symbols, type);
      // An overflow socket with nothing left closes; the first socket stays while browsers do.
      if (link.topics.size === 0 && !this.sockets.isFirst(link)) this.sockets.close(link);
    }
  }
}
