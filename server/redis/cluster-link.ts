/**
 * What one instance's SharedFeed takes for an upstream socket: it registers the feed's
 * subscriptions in Redis and hands the leader's published frames back, as an upstream socket
 * would; while Redis is away, a socket of its own to the upstream carries what it holds.
 */
import type { RealtimeChannel } from '#shared/contract.ts';
import type { RelayPeer } from '../realtime/browser-peer.ts';
import type { DataSourceLink } from '../realtime/data-source.ts';
import { parseFrame, recordOf } from '../realtime/feed/replies.ts';
import { keyOf, routeOf, subscribeGroups, typeOf, type Registration } from './cluster-registrations.ts';

/** What a link needs of the cluster feed that made it. */
export interface ClusterLinkHost {
  /** Writes this instance's registrations to Redis; `announce`: the leader looks now. */
  register(announce: boolean): Promise<void>;
  forget(link: ClusterLink): void;
  openUpstream(peer: RelayPeer): DataSourceLink;
}

/** What one instance's SharedFeed takes for an upstream socket. */
export class ClusterLink implements DataSourceLink {
  /** This link's subscriptions, by topic key, as the feed asked for them. */
  readonly registrations = new Map<string, Registration>();
  upstream: DataSourceLink | undefined;
  private generation = 0;
  private gone = false;

  constructor(
    private readonly cluster: ClusterLinkHost,
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
    for (const group of subscribeGroups(this.registrations.values())) {
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
