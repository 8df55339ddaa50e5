/** The sentence shown instead of a tape for symbols without trades (forex, metals, indices). */
import { unavailableSentence } from './trade-availability';

export function TradesUnavailable({ symbol, type }: { symbol: string; type?: string | undefined }) {
  return (
    <p data-testid="trades-unavailable" className="p-3 text-sm text-slate-500 dark:text-slate-400">
      {unavailableSentence(symbol, type)} Trades exist for US, HK and A-share stocks, China futures and crypto.
    </p>
  );
}
