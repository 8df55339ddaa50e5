/** Ids of the trades that appeared with the latest poll, cleared after a moment (the highlight). */
import { useEffect, useState } from 'react';
import type { Trade } from '../../api/quote-schemas';
import { newTradeIds } from './tape-rows';

export const HIGHLIGHT_MS = 1_500;
const NONE: ReadonlySet<string> = new Set();

interface Seen {
  trades: readonly Trade[] | undefined;
  fresh: ReadonlySet<string>;
}

export function useFreshIds(trades: readonly Trade[] | undefined): ReadonlySet<string> {
  const [seen, setSeen] = useState<Seen>({ trades, fresh: NONE });
  // Adjusting state to new props during render (react.dev "storing information from previous
  // renders"): the comparison needs the previous tape, which only this state holds.
  if (seen.trades !== trades) {
    setSeen({ trades, fresh: trades === undefined ? NONE : newTradeIds(seen.trades, trades) });
  }
  useEffect(() => {
    if (seen.fresh.size === 0) return undefined;
    const timer = setTimeout(() => {
      setSeen((current) => ({ ...current, fresh: NONE }));
    }, HIGHLIGHT_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [seen.fresh]);
  return seen.fresh;
}
