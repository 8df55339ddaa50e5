/**
 * A link (or Back) that opens a symbol listed under several types without saying which (BTCUSD:
 * crypto and forex) asks which one is meant, above the panels, instead of leaving every panel
 * with an error; the answer opens it with that type (into the URL) and is remembered, as the
 * search palette's is.
 */
import { t } from '../i18n/t';
import { TypeChoice } from '../components/ui/type-choice';
import type { ProductType } from '#shared/contract.ts';
import { useAmbiguousTypes } from '../queries/use-instrument-type';
import { useAppStore } from '../store/app-store';

// The question comes with the notices, in the chunk beside the chart, where the alert dialog has
// already brought its buttons (src/app/app.tsx).
export function SymbolTypePrompt() {
  const symbol = useAppStore((state) => state.workspace.symbol);
  const type = useAppStore((state) => state.workspace.type);
  const types = useAmbiguousTypes(symbol, type);
  if (types.length < 2) return null;
  const choose = (chosen: ProductType) => {
    const store = useAppStore.getState();
    store.rememberType(symbol, chosen);
    store.openSymbol(symbol, chosen);
  };
  return (
    <div data-testid="symbol-type-prompt" className="rounded border border-sky-500/50 bg-sky-500/10 text-sm text-sky-900 dark:text-sky-100">
      <TypeChoice
        symbol={symbol}
        types={types}
        onChoose={choose}
        focusOnMount={false}
        question={t('{symbol} is listed under several types. Which one do you mean?', { symbol })}
        className="flex flex-wrap items-center gap-2 px-3 py-1.5"
      />
    </div>
  );
}
