/**
 * The order book of one symbol from wherever it comes: the realtime `depth` channel while it is
 * live, `GET /v1/market/depth` every 2 s otherwise (never both: a pushed book is the whole book,
 * so the query is off while live).
 */
import type { ProductType } from '#shared/contract.ts';
import type { Depth } from '../../../api/depth-schemas';
import { useMarketFeed } from '../../../queries/app-services-context';
import { useLiveOrPoll } from '../../../queries/live-or-poll';
import type { DepthPush } from '../../../realtime/types';
import { depthQueryOptions } from './use-depth';

export interface BookSnapshot {
  timestamp: number;
  bids: readonly (readonly [string, string])[];
  asks: readonly (readonly [string, string])[];
}

export interface Refusal {
  code?: number;
  message?: string;
}

/** The newer of two books: on a switch of source the other may hold a stale one for a moment. */
export function newerBook<B extends BookSnapshot>(a: B | undefined, b: B | undefined): B | undefined {
  if (!a) return b;
  if (!b) return a;
  return b.timestamp > a.timestamp ? b : a;
}

/** While live the pushed book (the polled one until the first push); otherwise the newer of the two. */
function currentBook(polled: Depth | undefined, pushed: DepthPush | undefined, live: boolean): BookSnapshot | undefined {
  return live ? (pushed ?? polled) : newerBook<BookSnapshot>(polled, pushed);
}

export function useOrderBook(symbol: string, type: ProductType | undefined) {
  const {
    data: book,
    state,
    refusal,
    query,
  } = useLiveOrPoll({ channel: 'depth', symbol, type, query: depthQueryOptions(useMarketFeed(), symbol, type), whileLive: 'off', merge: currentBook });
  return { book, state, refusal, query };
}
