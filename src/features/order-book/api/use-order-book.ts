/**
 * The order book of one symbol from wherever it comes: the realtime `depth` channel while it is
 * live, `GET /v1/market/depth` every 2 s otherwise (never both: the query is off while live).
 */
import type { ProductType } from '#shared/contract.ts';
import { useDepth } from '../../queries/use-depth';
import { useLiveDepth, useRealtimeStatus } from '../../realtime';

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

export function useOrderBook(symbol: string, type: ProductType | undefined) {
  const live = useLiveDepth(symbol, type);
  const isLive = live.state === 'live';
  const query = useDepth(symbol, type, isLive);
  const depthChannel = useRealtimeStatus().channels.depth;
  const refusal: Refusal | undefined =
    live.state === 'refused' ? { ...(depthChannel.code !== undefined && { code: depthChannel.code }), ...(depthChannel.message !== undefined && { message: depthChannel.message }) } : undefined;
  const book: BookSnapshot | undefined = isLive ? (live.book ?? query.data) : newerBook<BookSnapshot>(query.data, live.book);
  return { book, state: live.state, refusal, query };
}
