/**
 * Quotes of one symbol for the chart, from whichever source is current, without React state per
 * quote: the market feed's ticker pushes while its ticker channel is live, otherwise the HTTP ticker
 * query the symbol header already polls (read from the query cache: no request of its own).
 */
import { hashKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { ProductType } from '#shared/contract.ts';
import type { Ticker } from '../../api/quote-schemas';
import { useAppServices } from '../../queries/app-services-context';
import { queryKeys } from '../../queries/query-keys';
import { useLiveChannel } from '../../realtime/hooks';
import { isExtendedPush, type ChannelState, type TickerPush } from '../../realtime/types';
import type { Quote } from './fold-quote';

/** A ticker (pushed or polled) as a quote; undefined when its price is not a number. */
export function quoteOfTicker(ticker: Pick<Ticker | TickerPush, 'last_price' | 'timestamp' | 'volume_24h'>): Quote | undefined {
  const price = Number(ticker.last_price);
  if (!Number.isFinite(price)) return undefined;
  const dayVolume = ticker.volume_24h === undefined ? Number.NaN : Number(ticker.volume_24h);
  return { price, time: ticker.timestamp, ...(Number.isFinite(dayVolume) && { dayVolume }) };
}

/** Calls `onQuote` with every quote of `symbol`; returns the ticker channel's state. */
export function useTickerQuotes(symbol: string, type: ProductType | undefined, onQuote: (quote: Quote) => void): ChannelState {
  const state = useLiveChannel('ticker', symbol, type);
  const live = state === 'live';
  const listener = useRef(onQuote);
  useEffect(() => {
    listener.current = onQuote;
  }, [onQuote]);
  const { queryClient, feed } = useAppServices();

  useEffect(() => {
    if (symbol.trim() === '') return undefined;
    // A replay's K-line answers hold the forming candle at every move of its clock (each move
    // refetches them): its tickers folded in too would only race them, a quote of the next minute
    // opening a bar before the history holds the one just completed (the chart then redrawn whole).
    if (feed.source.kind === 'replay') return undefined;
    const deliver = (ticker: Ticker | TickerPush | undefined) => {
      // An extended-hours push is not a price of the regular session the candles are made of.
      if (ticker && 'trade_session' in ticker && isExtendedPush(ticker)) return;
      const quote = ticker && quoteOfTicker(ticker);
      if (quote) listener.current(quote);
    };
    if (live) return feed.channels.subscribe('ticker', symbol, type, deliver);
    const key = queryKeys.tickers.one(feed.source, symbol, type);
    const hash = hashKey(key);
    deliver(queryClient.getQueryData<Ticker>(key));
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === hash) {
        deliver(event.query.state.data as Ticker | undefined);
      }
    });
  }, [queryClient, feed, symbol, type, live]);

  return state;
}
