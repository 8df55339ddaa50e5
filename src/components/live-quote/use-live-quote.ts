/**
 * A symbol's quote with pushes kept out of React, for watchlist rows and the symbol header: the
 * component renders from the HTTP snapshot (polled only while the ticker channel is not live)
 * merged with the newest push, and each later push is written straight into its price and change
 * cells, at most once a frame. A 300-symbol list takes ~25 pushes a second; none of them renders
 * a component. It renders again only when what it shows changes shape: the snapshot, its error,
 * the first quote. Given `watchView` (a watchlist row's visibility), pushes that come while it is out
 * of view write nothing; the newest is written when it comes back (a second's 230 pushes to a
 * 300-symbol list touch the ~30 rows in view, not 230).
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { ProductType } from '#shared/contract.ts';
import type { Ticker } from '../../api/quote-schemas';
import { useTickerSnapshot } from '../../queries/use-ticker';
import { useLiveTickerFeed } from '../../realtime/hooks';
import { mergeTicker } from '../../realtime/merge-ticker';
import { isExtendedPush, type TickerPush } from '../../realtime/types';
import { changeText, directionColor, tickerFigures } from './ticker-figures';
import { flashPrice } from './price-flash';

export interface LiveQuote {
  ticker: Ticker | undefined;
  error: Error | null;
  isPending: boolean;
  /** The socket is lost (silent, reconnecting, unavailable): the quote is polled, not streamed. */
  socketLost: boolean;
  /** The price cell (`ref`), written on pushes and pulsed when the price moves. */
  lastCell: React.RefObject<HTMLSpanElement | null>;
  /** The change cell (`ref`), written on pushes. */
  changeCell: React.RefObject<HTMLSpanElement | null>;
}

export interface LiveQuoteOptions {
  /** Pulse the price cell when the price moves (watchlist rows); the symbol header does not. */
  flash?: boolean;
  /**
   * Tells its listener when the quote's element comes into view or leaves it (returns the stop):
   * out of view, the cells are not written. Without it, always written.
   */
  watchView?: (listener: (inView: boolean) => void) => () => void;
}

export function useLiveQuote(symbol: string, type: ProductType | undefined, { flash = true, watchView }: LiveQuoteOptions = {}): LiveQuote {
  const { query: snapshot, state } = useTickerSnapshot(symbol, type);
  const feed = useLiveTickerFeed();
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const lastCell = useRef<HTMLSpanElement>(null);
  const changeCell = useRef<HTMLSpanElement>(null);
  /** What the row last showed: its snapshot (for pushes to merge into) and price (for the pulse). */
  const shown = useRef<{ snapshot: Ticker | undefined; price: string | undefined }>({ snapshot: undefined, price: undefined });
  const ticker = mergeTicker(snapshot.data, feed.read(symbol, type));

  const show = useCallback(
    (price: string | undefined, pulse = true) => {
      const before = shown.current.price;
      shown.current.price = price;
      if (flash && pulse && lastCell.current) flashPrice(lastCell.current, before, price);
    },
    [flash],
  );

  useEffect(() => {
    shown.current.snapshot = snapshot.data;
    show(ticker?.last_price);
  });

  useEffect(() => {
    /** Writes a push into the cells (pulsing on a new price), or has React draw the row. */
    const write = (push: TickerPush, pulse: boolean) => {
      const merged = mergeTicker(shown.current.snapshot, push);
      const last = lastCell.current;
      const change = changeCell.current;
      // No quote drawn yet (or no cells): the row's shape changes, React draws it. So does an
      // extended-hours push: it moves that session's figures, not the cells written here.
      if (!merged || !last || !change || shown.current.price === undefined || isExtendedPush(push)) {
        rerender();
        return;
      }
      const figures = tickerFigures(merged);
      last.textContent = figures.last;
      change.textContent = changeText(figures);
      change.style.color = directionColor(figures.direction) ?? '';
      show(merged.last_price, pulse);
    };
    let inView = true;
    let missed = false;
    const stopWatching = feed.watch(symbol, type, (push) => {
      if (inView) write(push, true);
      else missed = true;
    });
    const stopObserving = watchView?.((visible) => {
      inView = visible;
      const newest = visible && missed ? feed.read(symbol, type) : undefined;
      missed = false;
      // Back in view: the newest quote, without a pulse for a change the trader did not see happen.
      if (newest) write(newest, false);
    });
    return () => {
      stopWatching();
      stopObserving?.();
    };
  }, [feed, symbol, type, show, watchView]);

  return { ticker, error: snapshot.error, isPending: snapshot.isPending && ticker === undefined, socketLost: state === 'down', lastCell, changeCell };
}
