/**
 * The React tree's realtime client, with its live feeds: per-symbol slots that components read
 * pushes from (the latest ticker and book, the recent trades), made once per client. The app's
 * services provider (src/queries/app-services-context.tsx) puts it in the tree.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { LiveSlots } from './live-slots';
import type { RealtimeClient } from './realtime-client';
import type { DepthPush, TickerPush, TradePush } from './types';

export const MAX_LIVE_TRADES = 200;
const NO_TRADES: readonly TradePush[] = [];

export interface LiveFeeds {
  ticker: LiveSlots<'ticker', TickerPush | undefined>;
  depth: LiveSlots<'depth', DepthPush | undefined>;
  /** Newest first, at most MAX_LIVE_TRADES, only trades pushed since subscribing. */
  trade: LiveSlots<'trade', readonly TradePush[]>;
}

export function createLiveFeeds(client: RealtimeClient): LiveFeeds {
  return {
    ticker: new LiveSlots<'ticker', TickerPush | undefined>(client, 'ticker', undefined, (_previous, push) => push),
    depth: new LiveSlots<'depth', DepthPush | undefined>(client, 'depth', undefined, (_previous, push) => push),
    trade: new LiveSlots<'trade', readonly TradePush[]>(client, 'trade', NO_TRADES, (trades, push) => [push, ...trades.slice(0, MAX_LIVE_TRADES - 1)]),
  };
}

export interface RealtimeBinding {
  client: RealtimeClient;
  feeds: LiveFeeds;
}

const RealtimeContext = /* @__PURE__ */ createContext<RealtimeBinding | undefined>(undefined);

export function RealtimeProvider({ client, children }: { client: RealtimeClient; children: ReactNode }) {
  const value = useMemo(() => ({ client, feeds: createLiveFeeds(client) }), [client]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeBinding {
  const binding = useContext(RealtimeContext);
  if (!binding) throw new Error('No realtime client: render inside AppServicesProvider (or RealtimeProvider)');
  return binding;
}
