/**
 * The cluster's leader: the one upstream feed (a SharedFeed with the real upstream socket) for
 * the union of every instance's registrations, read from Redis and reconciled whenever they
 * change; every upstream frame is published on the `feed` channel through a fenced script, so a
 * stale leader (its lock expired) cannot publish.
 */
import type { RelayPeer } from '../realtime/browser-peer.ts';
import type { DataSourceLink } from '../realtime/data-source.ts';
import { parseFrame, recordOf, subscribed } from '../realtime/feed/replies.ts';
import { SharedFeed, type SharedFeedOptions } from '../realtime/feed/shared-feed.ts';
import { topicKey } from '../realtime/feed/topics.ts';
import { routeOf, subscribeGroups, typeOf, type Registration } from './cluster-registrations.ts';
import { encode, FENCED_PUBLISH, INSTANCE_TTL_MS, LIVE_INSTANCES } from './cluster-scripts.ts';
import type { RedisLink } from './redis-link.ts';

/** What the leader needs of the cluster feed that made it. */
export interface LeaderHost {
  stepDown(why: string): void;
}

export interface LeaderOptions {
  /** Opens the real upstream socket. */
  openUpstream(peer: RelayPeer): DataSourceLink;
  /** Tuning of the upstream feed. */
  feed?: Omit<SharedFeedOptions, 'open' | 'log'>;
}

const PUSHES: ReadonlySet<string> = new Set(['ticker', 'depth']);

/** The leader's side: the one upstream feed, subscribed to the union of every instance's subscriptions. */
export class Leader {
  readonly holder: string;
  readonly feed: SharedFeed;
  frozen = false;
  private readonly peer: RelayPeer;
  private attached = false;
  private stopped = false;
  /** What the upstream feed holds for the cluster, by topic key. */
  private readonly held = new Map<string, Registration>();
  /** Routes (channel and symbol) the upstream acknowledged or refused: its answers carry no type. */
  private readonly active = new Set<string>();
  private readonly refused = new Set<string>();
  /** The last ticker or depth push, by topic key (and by the untyped key of its symbol). */
  private readonly last = new Map<string, string>();
  /** Each instance's subscriptions as last read (newcomers to active topics are acknowledged). */
  private readonly known = new Map<string, Set<string>>();
  private reconciling = false;
  private again = false;

  constructor(
    private readonly cluster: LeaderHost,
    private readonly link: RedisLink,
    readonly token: number,
    options: LeaderOptions,
    log: (line: string) => void,
  ) {
    this.holder = `${link.instanceId}:${token}`;
    this.peer = {
      send: (text) => {
        this.fromUpstream(text);
      },
      close: (code, reason) => {
        // The upstream socket was lost: every instance's browsers are told, as in one process.
        this.attached = false;
        this.held.clear();
        this.active.clear();
        this.last.clear();
        this.known.clear();
        void this.publish('c', `${code} ${reason}`);
      },
    };
    // The cluster is one "browser" of this feed holding everything: no per-browser cap.
    // The fan-out timed for /metrics is each instance's to its browsers, not this feed's to Redis.
    const { onFanOut: _browsersOnly, ...feedOptions } = options.feed ?? {};
    this.feed = new SharedFeed({
      dropSilentUpstream: true,
      ...feedOptions,
      maxSubscriptionsPerBrowser: Number.MAX_SAFE_INTEGER,
      log,
      open: (peer) => options.openUpstream(peer),
    });
  }

  async publish(kind: 'f' | 'c', body: string): Promise<number> {
    try {
      const done = Number(await FENCED_PUBLISH.run(this.link, [this.link.key('leader'), this.link.key('feed')], [this.holder, encode(this.token, kind, body)]));
      if (done !== 1 && !this.stopped) this.cluster.stepDown('fenced off: another instance holds the lock');
      return done;
    } catch {
      return 0;
    }
  }

  isStopped(): boolean {
    return this.stopped;
  }

  stop(): void {
    this.stopped = true;
    this.feed.close();
  }

  reconcileSoon(): void {
    if (this.reconciling) {
      this.again = true;
      return;
    }
    this.reconciling = true;
    void this.reconcile().finally(() => {
      this.reconciling = false;
      if (this.again && !this.stopped) {
        this.again = false;
        this.reconcileSoon();
      }
    });
  }

  private fromUpstream(text: string): void {
    if (this.stopped) return;
    const frame = parseFrame(text);
    const data = frame && recordOf(frame.data);
    if (frame && data) {
      if (PUSHES.has(frame.cmd) && typeof data.symbol === 'string') {
        this.last.set(topicKey(frame.cmd, data.symbol, typeOf(data.type)), text);
        this.last.set(topicKey(frame.cmd, data.symbol, undefined), text);
      }
      if (frame.cmd === 'subscribe' && typeof data.channel === 'string' && Array.isArray(data.symbols)) {
        for (const symbol of data.symbols) {
          if (typeof symbol !== 'string') continue;
          const key = routeOf(data.channel, symbol);
          if (frame.code === 0) this.active.add(key);
          else {
            this.refused.add(key);
            this.active.delete(key);
          }
        }
      }
    }
    void this.publish('f', text);
  }

  private async reconcile(): Promise<void> {
    if (this.stopped || !this.link.up) return;
    let wanted: Map<string, Registration>;
    const byInstance = new Map<string, Set<string>>();
    try {
      const ids = (await LIVE_INSTANCES.run(this.link, [this.link.key('instances')], [String(INSTANCE_TTL_MS)])) as string[];
      const values = ids.length === 0 ? [] : await this.link.command.mget(ids.map((id) => this.link.key(`subs:${id}`)));
      wanted = new Map();
      ids.forEach((id, index) => {
        const text = values[index];
        if (!text) return;
        const registrations = JSON.parse(text) as Record<string, Registration>;
        byInstance.set(id, new Set(Object.keys(registrations)));
        for (const [key, registration] of Object.entries(registrations)) if (!wanted.has(key)) wanted.set(key, registration);
      });
    } catch {
      return;
    }
    if (this.isStopped()) return;
    // Newcomers to topics held: to ask again (refused before) or to acknowledge (with the last push).
    const again: Registration[] = [];
    for (const [id, keys] of byInstance) {
      const before = this.known.get(id) ?? new Set<string>();
      for (const key of keys) {
        if (before.has(key) || !this.held.has(key)) continue;
        const registration = wanted.get(key);
        if (!registration) continue;
        const route = routeOf(registration.channel, registration.symbol);
        if (this.refused.has(route)) {
          this.refused.delete(route);
          again.push(registration);
        } else if (this.active.has(route)) {
          void this.publish('f', subscribed(registration.channel, [registration.symbol]));
          const last = this.last.get(key);
          if (last !== undefined) void this.publish('f', last);
        }
      }
    }
    this.known.clear();
    for (const [id, keys] of byInstance) this.known.set(id, keys);

    const adding = [...wanted].filter(([key]) => !this.held.has(key)).map(([, registration]) => registration);
    const dropping = [...this.held].filter(([key]) => !wanted.has(key));
    if (wanted.size > 0 && !this.attached) {
      this.feed.attach(this.peer);
      this.attached = true;
    }
    for (const [key, registration] of dropping) {
      this.held.delete(key);
      this.last.delete(key);
      const route = routeOf(registration.channel, registration.symbol);
      // The route's answers stand while another type of the symbol is held.
      if (![...this.held.values()].some((other) => routeOf(other.channel, other.symbol) === route)) this.active.delete(route);
      // A refused topic is no longer in the upstream feed: nothing to unsubscribe.
      if (this.refused.delete(route)) continue;
      this.feed.unsubscribe(this.peer, registration.channel, [registration.symbol], registration.type);
    }
    for (const [key, registration] of wanted) if (!this.held.has(key)) this.held.set(key, registration);
    if (this.attached) {
      for (const group of subscribeGroups([...adding, ...again])) {
        const first = group[0];
        if (first)
          this.feed.subscribe(
            this.peer,
            first.channel,
            group.map((registration) => registration.symbol),
            first.type,
          );
      }
    }
    if (wanted.size === 0 && this.attached) {
      this.feed.detach(this.peer);
      this.attached = false;
    }
  }
}
