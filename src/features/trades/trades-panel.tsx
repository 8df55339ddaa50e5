/**
 * Time and sales of the workspace symbol. Symbols without trades (forex, indices) get a sentence
 * and no trades request: the type comes from the workspace, the symbol's shape (stocks), or the
 * ticker the rest of the page already polls.
 */
import { useTicker } from '../../queries/use-ticker';
import { useAppStore } from '../../store/app-store';
import { tradesAvailability } from './trade-availability';
import { TradeTape } from './trade-tape';
import { TradesUnavailable } from './trades-unavailable';

export function TradesPanel() {
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  switch (tradesAvailability(symbol, type)) {
    case 'available':
      return <TradeTape key={symbol} symbol={symbol} type={type} />;
    case 'unavailable':
      return <TradesUnavailable symbol={symbol} type={type} />;
    case 'unknown':
      return <TypedByTicker key={symbol} symbol={symbol} />;
  }
}

/** A bare code without a chosen type: its ticker says what it is. */
function TypedByTicker({ symbol }: { symbol: string }) {
  const ticker = useTicker(symbol);
  if (ticker.isPending) {
    return (
      <p role="status" className="p-3 text-sm text-slate-500 dark:text-slate-400">
        Loading trades…
      </p>
    );
  }
  // Without a ticker (or its type) the trades request decides; its 2001 reads as "no trades".
  const reported = ticker.data?.type;
  if (reported !== undefined && tradesAvailability(symbol, reported) === 'unavailable') {
    return <TradesUnavailable symbol={symbol} type={reported} />;
  }
  return <TradeTape symbol={symbol} />;
}
