/**
 * The server's connection to Redis (REDIS_URL): one client for commands and one for pub/sub
 * (a subscribed connection can issue nothing else), both reconnecting on their own.
 *
 * Commands never wait in an offline queue: while Redis is unreachable every command fails at once,
 * and each shared part (budget, caches, feed) falls back to working alone. `up` and `onChange`
 * say which way to go; the change is logged (and shown in /metrics by whoever reads `up`).
 */
import { randomUUID } from 'node:crypto';
import { Redis, type RedisOptions } from 'ioredis';

export interface RedisLinkOptions {
  url: string;
  /** Keys and channels start with this; default `chartroom:`. */
  prefix?: string;
  log?: (line: string) => void;
  /** Bound of one command; default 1 s. */
  commandTimeoutMs?: number;
}

type Handler = (message: string) => void;

export class RedisLink {
  readonly instanceId = randomUUID().slice(0, 12);
  readonly prefix: string;
  readonly command: Redis;
  readonly subscriber: Redis;
  /** Times this instance fell back to working alone. */
  fallbacks = 0;
  private commandReady = false;
  private subscriberReady = false;
  private wasUp = false;
  private everUp = false;
  private closed = false;
  private readonly listeners = new Set<(up: boolean) => void>();
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly log: (line: string) => void;

  constructor(options: RedisLinkOptions) {
    this.prefix = options.prefix ?? 'chartroom:';
    this.log = options.log ?? (() => undefined);
    const common: RedisOptions = {
      lazyConnect: false,
      connectTimeout: 2_000,
      maxRetriesPerRequest: 0,
      retryStrategy: (times) => Math.min(100 * times, 1_000),
      // A Redis that stops answering (not only one that closes) counts as down.
      keepAlive: 1_000,
    };
    this.command = new Redis(options.url, {
      ...common,
      enableOfflineQueue: false,
      commandTimeout: options.commandTimeoutMs ?? 1_000,
      connectionName: `chartroom-${this.instanceId}`,
    });
    this.subscriber = new Redis(options.url, { ...common, enableOfflineQueue: true, connectionName: `chartroom-${this.instanceId}-sub` });
    const watch = (client: Redis, set: (ready: boolean) => void): void => {
      client.on('ready', () => {
        set(true);
        this.changed();
      });
      client.on('close', () => {
        set(false);
        this.changed();
      });
      // Reported through `up`; ioredis would otherwise print every failed reconnect.
      client.on('error', () => undefined);
    };
    watch(this.command, (ready) => (this.commandReady = ready));
    watch(this.subscriber, (ready) => (this.subscriberReady = ready));
    this.subscriber.on('message', (channel: string, message: string) => {
      for (const handler of this.handlers.get(channel) ?? []) handler(message);
    });
  }

  /** Both connections are ready. */
  get up(): boolean {
    return this.commandReady && this.subscriberReady && !this.closed;
  }

  key(name: string): string {
    return this.prefix + name;
  }

  onChange(listener: (up: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Messages on `channel` (prefixed here); resubscribed by ioredis after a reconnect. */
  on(channel: string, handler: Handler): () => void {
    const full = this.key(channel);
    let set = this.handlers.get(full);
    if (!set) {
      set = new Set();
      this.handlers.set(full, set);
      this.subscriber.subscribe(full).catch(() => undefined);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Resolves once up (or after `timeoutMs`); for start-up and tests. */
  async ready(timeoutMs = 5_000): Promise<boolean> {
    const deadline = performance.now() + timeoutMs;
    while (!this.up && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    return this.up;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.changed();
    this.command.disconnect();
    this.subscriber.disconnect();
    await Promise.resolve();
  }

  private changed(): void {
    const up = this.up;
    if (up === this.wasUp) return;
    this.wasUp = up;
    if (up) {
      this.log(
        this.everUp
          ? 'chartroom: Redis reachable again; rejoining the other instances (shared budget, caches and upstream feed)'
          : 'chartroom: Redis connected; sharing the budget, caches and upstream feed with the other instances',
      );
      this.everUp = true;
    } else if (!this.closed) {
      this.fallbacks += 1;
      this.log('chartroom: Redis unreachable; this instance works alone (own upstream socket, caches and a share of the key budget) until it returns');
    }
    for (const listener of [...this.listeners]) listener(up);
  }
}
