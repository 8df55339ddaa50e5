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
import { Leader, type LeaderOptions } from './cluster-leader.ts';
import { ClusterLink } from './cluster-link.ts';
import type { Registration } from './cluster-registrations.ts';
import { ACQUIRE, INSTANCE_TTL_MS, REGISTER, RENEW } from './cluster-scripts.ts';
import type { RedisLink } from './redis-link.ts';

export interface ClusterFeedOptions extends LeaderOptions {
  link: RedisLink;
  /** Opens a real upstream socket (the leader's, or an instance's own while Redis is away). */
  openUpstream(peer: RelayPeer): DataSourceLink;
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
    return {
      redisUp: this.link.up,
      leader: this.leader !== undefined,
      token: this.leader?.token ?? this.newest,
      upstreamSockets: sockets,
      upstreamSubscriptions: subscriptions,
      instances: this.instances,
    };
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
      const token = Number(
        await ACQUIRE.run(this.link, [this.link.key('leader'), this.link.key('leader-token')], [this.link.instanceId, String(this.ttlMs), String(this.newest)]),
      );
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
