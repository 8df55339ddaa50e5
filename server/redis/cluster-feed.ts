/**
 * One upstream socket for every instance (REDIS_URL). Each instance keeps its own SharedFeed for
 * its browsers (reference counts, spellings, send queues); what that feed would send to an upstream
 * socket goes to a ClusterLink instead, which registers the instance's subscriptions in Redis
 * (`subs:<instance>`, rewritten by a heartbeat every second with a 5 s expiry, so a dead instance's
 * subscriptions go with it and an emptied Redis is filled again). Liveness is on Redis's clock:
 * the instances' own clocks may disagree.
 *
 * One instance is the leader: it holds `leader` (a lock with a TTL, renewed while alive) and its
 * fencing token (a counter bumped at every takeover). The leader runs the one upstream feed (a
 * SharedFeed with the upstream socket) for the union of every instance's subscriptions, and
 * publishes every upstream frame on the `feed` channel through a script that publishes only while
 * the lock still names it and its token: a stale leader (paused past its TTL, cut from Redis)
 * cannot publish. Receivers also drop frames carrying a token older than the newest they have seen.
 * Every instance (the leader too) hands the published frames to its SharedFeed, which fans them out
 * to its browsers as it would an upstream socket's.
 *
 * When the leader dies, its lock expires (3 s); another instance takes it within half a second
 * more, opens the upstream socket and subscribes the union. Browsers keep their sockets and
 * subscriptions: they see a short gap in pushes, not an error.
 *
 * Redis unreachable: every ClusterLink switches to a socket of its own to the upstream (the
 * instance works alone, as without REDIS_URL) and resubscribes what it holds on it; when Redis
 * returns it closes that socket and registers again.
 */
import type { RealtimeChannel } from '#shared/contract.ts';
import type { RelayPeer } from '../realtime/browser-peer.ts';
import type { DataSourceLink } from '../realtime/data-source.ts';
import { normalizeSymbol } from '#shared/symbols.ts';
import { parseFrame, recordOf, subscribed } from '../realtime/feed/replies.ts';
import { SharedFeed, type SharedFeedOptions } from '../realtime/feed/shared-feed.ts';
import { topicKey } from '../realtime/feed/topics.ts';
import type { RedisLink } from './redis-link.ts';
import { RedisScript } from './redis-script.ts';

export interface ClusterFeedOptions {
  link: RedisLink;
  /** Opens a real upstream socket (the leader's, or an instance's own while Redis is away). */
  openUpstream(peer: RelayPeer): DataSourceLink;
  /** Tuning of the leader's upstream feed. */
  feed?: Omit<SharedFeedOptions, 'open' | 'log'>;
  /** Lock life; default 3 s (failover within it plus `pollMs`). */
  leaderTtlMs?: number;
  /** How often the lock is renewed or tried, and registrations rewritten; default 500 ms. */
  pollMs?: number;
  log?: (line: string) => void;
}

export interface ClusterStats {
  redisUp: boolean;
  leader: boolean;
  token: number;
  /** Upstream sockets this instance holds (the leader's, or its own while alone). */
  upstreamSockets: number;
  upstreamSubscriptions: Record<RealtimeChannel, number>;
  instances: number;
}

interface Registration {
  channel: RealtimeChannel;
  symbol: string;
  type?: string;
}

const typeOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const keyOf = (registration: Registration): string => topicKey(registration.channel, registration.symbol, registration.type);
/** The upstream's acknowledgements name a channel and symbols, no type. */
const routeOf = (channel: string, symbol: string): string => `${channel}|${normalizeSymbol(symbol)}`;

/**
 * KEYS: leader, token counter. ARGV: instance, ttl, newest token seen. The new token; or, while
 * another instance holds the lock, minus its token (followers learn it before its first frame).
 */
const ACQUIRE = new RedisScript(`
local holder = redis.call('GET', KEYS[1])
if holder then return -(tonumber(string.match(holder, ':(%d+)$')) or 0) end
local token = redis.call('INCR', KEYS[2])
if token <= tonumber(ARGV[3]) then
  token = tonumber(ARGV[3]) + 1
  redis.call('SET', KEYS[2], token)
end
redis.call('SET', KEYS[1], ARGV[1] .. ':' .. token, 'PX', ARGV[2])
return token
`);

/** KEYS: leader. ARGV: holder (`instance:token`), ttl. 1 while still ours. */
const RENEW = new RedisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
return 0
`);

/** KEYS: leader, channel. ARGV: holder, message. Publishes only while the lock names the holder. */
const FENCED_PUBLISH = new RedisScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('PUBLISH', KEYS[2], ARGV[2]) return 1 end
return 0
`);

/**
 * KEYS: this instance's subscriptions, instances (sorted set), subs-changed channel. ARGV: instance,
 * subscriptions (JSON), ttl, announce (1/0). Writes the subscriptions and this instance's heartbeat
 * on Redis's clock (TIME: the instances' own clocks may disagree), forgets instances silent for
 * the ttl, and returns how many are alive.
 */
const REGISTER = new RedisScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local ttl = tonumber(ARGV[3])
redis.call('SET', KEYS[1], ARGV[2], 'PX', ttl)
redis.call('ZADD', KEYS[2], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - ttl)
if ARGV[4] == '1' then redis.call('PUBLISH', KEYS[3], ARGV[1]) end
return redis.call('ZCARD', KEYS[2])
`);

/** KEYS: instances. ARGV: ttl. The instances heard from within the ttl, on Redis's clock. */
const LIVE_INSTANCES = new RedisScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
return redis.call('ZRANGE', KEYS[1], 0, -1)
`);

const INSTANCE_TTL_MS = 5_000;
const PUSHES: ReadonlySet<string> = new Set(['ticker', 'depth']);

/** `token f<frame>` or `token c<code> <reason>`. */
function encode(token: number, kind: 'f' | 'c', body: string): string {
  return `${token} ${kind}${body}`;
}

export class ClusterFeed {
  private readonly link: RedisLink;
  private readonly log: (line: string) => void;
  private readonly ttlMs: number;
  private readonly pollMs: number;
  private readonly links = new Set<ClusterLink>();
  private readonly timer: ReturnType<typeof setInterval>;
  /** Newest fencing token seen (published frames older than it are dropped). */
  private newest = 0;
  private instances = 0;
  private closed = false;
  private leader: Leader | undefined;

  constructor(private readonly options: ClusterFeedOptions) {
    this.link = options.link;
    this.log = options.log ?? (() => undefined);
    this.ttlMs = options.leaderTtlMs ?? 3_000;
    this.pollMs = options.pollMs ?? 500;
    this.link.on('feed', (message) => {
      this.received(message);
    });
    this.link.on('subs-changed', () => {
      this.leader?.reconcileSoon();
    });
    this.link.onChange((up) => {
      if (!up) this.stepDown('Redis unreachable');
      for (const link of this.links) link.switchTo(up ? 'cluster' : 'alone');
      if (up) void this.tick();
    });
    this.timer = setInterval(() => void this.tick(), this.pollMs);
    this.timer.unref();
  }

  /** Not closed, Redis up (read afresh: awaits may have changed both). */
  live(): boolean {
    return !this.closed && this.link.up;
  }

  get redisUp(): boolean {
    return this.link.up;
  }

  /** The SharedFeed's `open`: a link to the cluster (or, while Redis is away, to the upstream). */
  open(peer: RelayPeer): DataSourceLink {
    const link = new ClusterLink(this, peer, this.link.up ? 'cluster' : 'alone');
    this.links.add(link);
    return link;
  }

  stats(): ClusterStats {
    const subscriptions: Record<RealtimeChannel, number> = { ticker: 0, depth: 0, trade: 0 };
    let sockets = 0;
    for (const link of this.links) if (link.mode === 'alone' && link.upstream) sockets += 1;
    if (this.leader) {
      const feed = this.leader.feed.stats();
      sockets += feed.upstreamSockets;
      Object.assign(subscriptions, feed.upstreamSubscriptions);
    } else if (sockets > 0) {
      for (const link of this.links) for (const registration of link.registrations.values()) subscriptions[registration.channel] += 1;
    }
    return { redisUp: this.link.up, leader: this.leader !== undefined, token: this.leader?.token ?? this.newest, upstreamSockets: sockets, upstreamSubscriptions: subscriptions, instances: this.instances };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    const leader = this.leader;
    this.stepDown('closing');
    for (const link of [...this.links]) link.closed();
    // Hand the lock over at once rather than after its TTL (a frozen leader stands for a crashed one: it cannot).
    if (leader && !leader.frozen && this.link.up) await RENEW.run(this.link, [this.link.key('leader')], [leader.holder, '1']).catch(() => undefined);
    await this.link.command.del(this.link.key(`subs:${this.link.instanceId}`)).catch(() => undefined);
  }

  // --- for ClusterLink ---

  forget(link: ClusterLink): void {
    this.links.delete(link);
    void this.register(true);
  }

  openUpstream(peer: RelayPeer): DataSourceLink {
    return this.options.openUpstream(peer);
  }

  /** Writes this instance's subscriptions (all its links') to Redis; `announce`: the leader looks now. */
  async register(announce: boolean): Promise<void> {
    if (!this.link.up || this.closed) return;
    const union: Record<string, Registration> = {};
    for (const link of this.links) if (link.mode === 'cluster') for (const [key, registration] of link.registrations) union[key] = registration;
    const id = this.link.instanceId;
    const keys = [this.link.key(`subs:${id}`), this.link.key('instances'), this.link.key('subs-changed')];
    try {
      this.instances = Number(await REGISTER.run(this.link, keys, [id, JSON.stringify(union), String(INSTANCE_TTL_MS), announce ? '1' : '0']));
    } catch {
      // Redis went away: its change event says so.
    }
  }

  /** Test hook: this instance stops renewing its lock (a paused or partitioned leader). */
  freezeLeadership(): void {
    if (this.leader) this.leader.frozen = true;
  }

  /** Test hook: what the stale leader's publish amounts to: 1 published, 0 fenced off. */
  async publishAsLeader(text: string): Promise<number> {
    if (!this.leader) return 0;
    return this.leader.publish('f', text);
  }

  // --- leadership ---

  private async tick(): Promise<void> {
    if (this.closed || !this.link.up) return;
    await this.register(false);
    try {
      if (this.leader) {
        if (this.leader.frozen) return;
        const still = await RENEW.run(this.link, [this.link.key('leader')], [this.leader.holder, String(this.ttlMs)]);
        if (still !== 1) this.stepDown('lost the leader lock');
        else this.leader.reconcileSoon();
        return;
      }
      const token = Number(await ACQUIRE.run(this.link, [this.link.key('leader'), this.link.key('leader-token')], [this.link.instanceId, String(this.ttlMs), String(this.newest)]));
      // A frame published under an older token than the lock's is a stale leader's: dropped from now on.
      if (token < 0) this.newest = Math.max(this.newest, -token);
      if (token > 0 && this.live()) {
        this.newest = Math.max(this.newest, token);
        this.leader = new Leader(this, this.link, token, this.options, this.log);
        this.log(`chartroom: this instance leads the upstream feed (fencing token ${token})`);
        this.leader.reconcileSoon();
      }
    } catch {
      // Redis went away mid-way: its change event says so.
    }
  }

  stepDown(why: string): void {
    const leader = this.leader;
    if (!leader) return;
    this.leader = undefined;
    leader.stop();
    this.log(`chartroom: this instance no longer leads the upstream feed (${why})`);
  }

  /** A frame published by a leader: handed to every cluster link unless its token is stale. */
  private received(message: string): void {
    const space = message.indexOf(' ');
    const token = Number(message.slice(0, space));
    if (!Number.isInteger(token) || token < this.newest) return;
    this.newest = token;
    const kind = message[space + 1];
    const body = message.slice(space + 2);
    for (const link of [...this.links]) {
      if (link.mode !== 'cluster') continue;
      if (kind === 'f') link.frame(body);
      else if (kind === 'c') {
        const gap = body.indexOf(' ');
        link.lost(Number(body.slice(0, gap)), body.slice(gap + 1));
      }
    }
  }
}

/** The leader's side: the one upstream feed, subscribed to the union of every instance's subscriptions. */
class Leader {
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
    private readonly cluster: ClusterFeed,
    private readonly link: RedisLink,
    readonly token: number,
    options: ClusterFeedOptions,
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
    this.feed = new SharedFeed({ ...feedOptions, maxSubscriptionsPerBrowser: Number.MAX_SAFE_INTEGER, log, open: (peer) => options.openUpstream(peer) });
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
      const groups = new Map<string, Registration[]>();
      for (const registration of [...adding, ...again]) {
        const group = `${registration.channel}|${registration.type ?? ''}`;
        groups.set(group, [...(groups.get(group) ?? []), registration]);
      }
      for (const group of groups.values()) {
        const first = group[0];
        if (first) this.feed.subscribe(this.peer, first.channel, group.map((registration) => registration.symbol), first.type);
      }
    }
    if (wanted.size === 0 && this.attached) {
      this.feed.detach(this.peer);
      this.attached = false;
    }
  }
}

/** What one instance's SharedFeed takes for an upstream socket. */
class ClusterLink implements DataSourceLink {
  /** This link's subscriptions, by topic key, as the feed asked for them. */
  readonly registrations = new Map<string, Registration>();
  upstream: DataSourceLink | undefined;
  private generation = 0;
  private gone = false;

  constructor(
    private readonly cluster: ClusterFeed,
    private readonly peer: RelayPeer,
    public mode: 'cluster' | 'alone',
  ) {
    if (mode === 'alone') this.openOwn();
  }

  receive(text: string): void {
    if (this.gone) return;
    const frame = parseFrame(text);
    const data = frame && recordOf(frame.data);
    if (frame && data && (frame.cmd === 'subscribe' || frame.cmd === 'unsubscribe') && typeof data.channel === 'string' && Array.isArray(data.symbols)) {
      const channel = data.channel as RealtimeChannel;
      const type = typeOf(data.type);
      for (const symbol of data.symbols) {
        if (typeof symbol !== 'string') continue;
        const registration: Registration = { channel, symbol, ...(type !== undefined && { type }) };
        if (frame.cmd === 'subscribe') this.registrations.set(keyOf(registration), registration);
        else this.forget(channel, symbol, type);
      }
      if (this.mode === 'cluster') void this.cluster.register(true);
    }
    // Pings keep an upstream socket alive: the leader's feed pings its own.
    if (this.mode === 'alone') this.upstream?.receive(text);
  }

  closed(): void {
    if (this.gone) return;
    this.gone = true;
    this.generation += 1;
    this.upstream?.closed();
    this.upstream = undefined;
    this.cluster.forget(this);
  }

  /** A frame the leader published. */
  frame(text: string): void {
    if (this.gone) return;
    this.dropRefused(text);
    this.peer.send(text);
  }

  /** The leader's upstream socket closed: this link is lost as an upstream socket would be. */
  lost(code: number, reason: string): void {
    if (this.gone) return;
    this.closed();
    this.peer.close(code, reason);
  }

  switchTo(mode: 'cluster' | 'alone'): void {
    if (this.gone || mode === this.mode) return;
    this.mode = mode;
    this.generation += 1;
    this.upstream?.closed();
    this.upstream = undefined;
    if (mode === 'alone') this.openOwn();
    else void this.cluster.register(true);
  }

  /** A socket of this instance's own, carrying what the feed holds (acks of active topics change nothing). */
  private openOwn(): void {
    const generation = this.generation;
    const current = (): boolean => generation === this.generation && !this.gone;
    this.upstream = this.cluster.openUpstream({
      send: (text) => {
        if (!current()) return;
        this.dropRefused(text);
        this.peer.send(text);
      },
      close: (code, reason) => {
        if (!current()) return;
        this.gone = true;
        this.upstream = undefined;
        this.cluster.forget(this);
        this.peer.close(code, reason);
      },
    });
    const groups = new Map<string, Registration[]>();
    for (const registration of this.registrations.values()) {
      const group = `${registration.channel}|${registration.type ?? ''}`;
      groups.set(group, [...(groups.get(group) ?? []), registration]);
    }
    for (const group of groups.values()) {
      const first = group[0];
      if (!first) continue;
      const data = { channel: first.channel, symbols: group.map((registration) => registration.symbol), ...(first.type !== undefined && { type: first.type }) };
      this.upstream.receive(JSON.stringify({ cmd: 'subscribe', data }));
    }
  }

  /** The feed forgets refused topics without unsubscribing: so does the registration. */
  private dropRefused(text: string): void {
    if (!text.startsWith('{"cmd":"subscribe"')) return;
    const frame = parseFrame(text);
    const data = frame && recordOf(frame.data);
    if (!frame || frame.code === 0 || !data || typeof data.channel !== 'string' || !Array.isArray(data.symbols)) return;
    let changed = false;
    for (const symbol of data.symbols) if (typeof symbol === 'string') changed = this.forget(data.channel, symbol, typeOf(data.type)) || changed;
    if (changed && this.mode === 'cluster') void this.cluster.register(true);
  }

  /** Drops the registrations of (channel, symbol): of `type`, or of every type as the upstream reads an untyped unsubscribe. */
  private forget(channel: string, symbol: string, type: string | undefined): boolean {
    const route = routeOf(channel, symbol);
    let changed = false;
    for (const [key, registration] of this.registrations) {
      if (routeOf(registration.channel, registration.symbol) !== route || (type !== undefined && registration.type !== type)) continue;
      changed = this.registrations.delete(key) || changed;
    }
    return changed;
  }
}
