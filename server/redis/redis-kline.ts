/**
 * Complete K-line windows shared by every instance (REDIS_URL): a window one instance fetched is
 * stored in Redis, and another instance's miss reads it there before asking the upstream. Settled
 * windows are kept a day (Redis is not bounded by the instances' KLINE_CACHE_MB), recent ones until
 * they expire. Redis unreachable: every lookup is a miss and nothing is stored (each instance
 * keeps its own cache, as without Redis).
 */
import type { SharedWindow, SharedWindows } from '../cache/kline-cache.ts';
import type { RedisLink } from './redis-link.ts';

const SETTLED_TTL_MS = 24 * 60 * 60 * 1000;

interface Stored {
  t: string;
  i: string;
  g: string;
  e?: number;
}

export function redisWindows(link: RedisLink, now: () => number = Date.now): SharedWindows {
  const keyOf = (key: string): string => link.key(`kline:${key}`);
  return {
    async get(key) {
      if (!link.up) return undefined;
      try {
        const text = await link.command.get(keyOf(key));
        if (text === null) return undefined;
        const stored = JSON.parse(text) as Stored;
        return { contentType: stored.t, identity: Buffer.from(stored.i, 'base64'), gzip: Buffer.from(stored.g, 'base64'), expiresAt: stored.e };
      } catch {
        return undefined;
      }
    },
    set(key, window: SharedWindow) {
      if (!link.up) return;
      const ttl = window.expiresAt === undefined ? SETTLED_TTL_MS : Math.round(window.expiresAt - now());
      if (ttl <= 0) return;
      const stored: Stored = {
        t: window.contentType,
        i: window.identity.toString('base64'),
        g: window.gzip.toString('base64'),
        ...(window.expiresAt !== undefined && { e: window.expiresAt }),
      };
      link.command.set(keyOf(key), JSON.stringify(stored), 'PX', ttl).catch(() => undefined);
    },
  };
}
