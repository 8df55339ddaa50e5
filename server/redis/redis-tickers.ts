/**
 * Fresh tickers shared among instances (REDIS_URL): each ticker a window fetched is kept in Redis
 * for the ticker freshness (`ticker:<type>|<SYMBOL>`, with an expiry), so another instance's
 * browser asking for it within that second is answered without the upstream, whichever windows
 * the two instances made. Redis unreachable or failing: nothing found, nothing kept (each
 * instance fetches for itself, as without Redis).
 */
import type { Ticker, TickerStore } from '../upstream/ticker-windows.ts';
import type { RedisLink } from './redis-link.ts';

export function createRedisTickers(link: RedisLink): TickerStore {
  const keyOf = (key: string): string => link.key(`ticker:${key}`);
  return {
    async get(keys) {
      if (!link.up) return [];
      const pipeline = link.command.pipeline();
      for (const key of keys) pipeline.get(keyOf(key)).pttl(keyOf(key));
      const replies = (await pipeline.exec()) ?? [];
      return keys.map((_, i) => {
        const [, text] = replies[i * 2] ?? [];
        const [, ttlMs] = replies[i * 2 + 1] ?? [];
        if (typeof text !== 'string' || typeof ttlMs !== 'number' || ttlMs <= 0) return undefined;
        try {
          return { ticker: JSON.parse(text) as Ticker, ttlMs };
        } catch {
          return undefined;
        }
      });
    },
    put(entries, ttlMs) {
      if (!link.up) return;
      const pipeline = link.command.pipeline();
      for (const [key, ticker] of entries) pipeline.set(keyOf(key), JSON.stringify(ticker), 'PX', ttlMs);
      pipeline.exec().catch(() => undefined);
    },
  };
}
