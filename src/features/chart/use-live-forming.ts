/**
 * Moves the chart's forming candle with quotes between K-line requests: every forming candle of
 * the service (the reconcile) is the new base, every quote is folded into it (foldQuote) and the
 * result, adjusted like the series, goes to the live candle that the feed draws. When pushes
 * resume after an interruption the forming candle is asked for again.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { Interval, ProductType } from '#shared/contract.ts';
import type { Candle } from '#shared/candle.ts';
import { foldQuote, type FoldState, type Quote } from './fold-quote';
import type { LiveCandle } from './live-candle';
import { useTickerQuotes } from './use-ticker-quotes';

export interface LiveFormingParams {
  live: LiveCandle;
  /** Identity of the series (symbol, type, interval). */
  dataset: string;
  symbol: string;
  type: ProductType | undefined;
  interval: Interval;
  /** The service's forming candle (unadjusted); undefined: nothing to move. */
  base: Candle | undefined;
  adjustForming: (candle: Candle) => Candle;
  refetchForming: () => void;
}

interface Folding {
  dataset: string;
  state: FoldState;
}

export function useLiveForming({ live, dataset, symbol, type, interval, base, adjustForming, refetchForming }: LiveFormingParams): void {
  const folding = useRef<Folding | undefined>(undefined);
  const adjust = useRef(adjustForming);
  useEffect(() => {
    adjust.current = adjustForming;
    // Another adjustment of the same series: the live candle follows it at once.
    const current = folding.current;
    if (current && live.get()?.dataset === current.dataset) live.set({ dataset: current.dataset, candle: adjustForming(current.state.candle) });
  }, [live, adjustForming]);

  // Only a new base (or series) rebases: quotes folded since the last reconcile must survive renders.
  useEffect(() => {
    const current = folding.current?.dataset === dataset ? folding.current : undefined;
    if (!base) {
      folding.current = undefined;
      live.set(undefined);
      return;
    }
    // Quotes already opened a bar the service has not reported yet: keep it.
    if (current && current.state.candle.time > base.time) {
      live.set({ dataset, candle: adjust.current(current.state.candle) });
      return;
    }
    const dayVolume = current?.state.dayVolume;
    folding.current = { dataset, state: { candle: base, ...(dayVolume !== undefined && { dayVolume }) } };
    live.set(undefined);
  }, [live, dataset, base]);

  const onQuote = useCallback(
    (quote: Quote) => {
      const current = folding.current;
      if (current?.dataset !== dataset) return;
      const next = foldQuote(current.state, quote, interval);
      if (next === current.state) return;
      folding.current = { dataset, state: next };
      live.set({ dataset, candle: adjust.current(next.candle) });
    },
    [live, dataset, interval],
  );
  const state = useTickerQuotes(symbol, type, onQuote);

  // 'lost': pushes stopped after having flowed for this symbol; their return is a reconnect.
  const phase = useRef<{ key: string; seen: 'never' | 'live' | 'lost' }>({ key: '', seen: 'never' });
  useEffect(() => {
    const key = `${symbol}|${type ?? ''}`;
    if (phase.current.key !== key) phase.current = { key, seen: 'never' };
    if (state === 'live') {
      if (phase.current.seen === 'lost') refetchForming();
      phase.current.seen = 'live';
    } else if (phase.current.seen === 'live') {
      phase.current.seen = 'lost';
    }
  }, [symbol, type, state, refetchForming]);
}
