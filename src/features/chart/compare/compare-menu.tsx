/**
 * The chart's Compare popup (loaded on demand by CompareButton): the watchlist's add box
 * (src/components/symbol-add-box.tsx: the search's suggestions, an unknown symbol refused, an
 * ambiguous one asked its type) adding a symbol of any market, and the compared symbols, each with its colour and a Remove button. At most five, each
 * once, and not the chart's own symbol. Drawn in a portal at the button (the folded toolbar clips
 * what overflows it), marked as the toolbar's popup; Escape or a click elsewhere closes it.
 */
import { t } from '../../../i18n/t';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { SymbolAddBox } from '../../../components/symbol-add-box';
import { useSymbolEntry } from '../../../components/use-symbol-entry';
import { useAppStore } from '../../../store/app-store';
import { MAX_COMPARISONS } from '../../../store/compare-slice';
import { TOOLBAR_POPUP } from '../toolbar-row';
// The popup adds what the layer shows: it loads the layer's chunk (and takes its colours) with it.
import { compareColour } from './compare-layer';
import { usePointerDownOutside } from '../../../components/ui/use-pointer-down-outside';

export interface CompareMenuProps {
  chartId: string;
  /** The chart's own symbol: not comparable with itself. */
  symbol: string;
  /** The button that opened the popup: it sits under it. */
  anchor: HTMLElement;
  onClose: (refocus: boolean) => void;
}

const NONE: readonly string[] = [];

function placeUnder(anchor: HTMLElement): { top: number; left: number } {
  const rect = anchor.getBoundingClientRect();
  return { top: rect.bottom + 4, left: Math.max(4, Math.min(rect.left, document.documentElement.clientWidth - 260)) };
}

export function CompareMenu({ chartId, symbol, anchor, onClose }: CompareMenuProps) {
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // Placed at every render: the unfolding toolbar may still move the button as the popup opens.
  const place = placeUnder(anchor);
  const entry = useSymbolEntry((added) => {
    const result = useAppStore.getState().addComparison(chartId, added);
    return result === 'added' ? undefined : { tone: 'error', text: refusal(result, added) };
  });
  const comparisons = useAppStore((state) => state.comparisons[chartId] ?? NONE);
  const theme = useAppStore((state) => state.preferences.theme);
  const full = comparisons.length >= MAX_COMPARISONS;

  useEffect(() => {
    input.current?.focus();
  }, []);
  usePointerDownOutside(box, anchor, () => {
    onClose(false);
  });
  useEffect(() => {
    // Escape closes the popup, not the unfolded toolbar around it too (it listens on the document).
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !box.current?.contains(event.target as Node)) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      onClose(true);
    };
    box.current?.addEventListener('keydown', escape);
    const element = box.current;
    return () => {
      element?.removeEventListener('keydown', escape);
    };
  }, [onClose]);

  return createPortal(
    <div
      ref={box}
      role="dialog"
      aria-label={t('Compare with other symbols')}
      {...{ [TOOLBAR_POPUP]: '' }}
      style={{ top: place.top, left: place.left }}
      className="fixed z-50 w-64 rounded border border-slate-200 bg-white p-2 text-xs shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <SymbolAddBox
        entry={entry}
        existing={[symbol, ...comparisons]}
        label={t('Symbol to compare')}
        placeholder={t('e.g. 700.HK, EURUSD')}
        refusal={() => (full ? refusal('full', '') : undefined)}
        hint={full ? refusal('full', '') : t('Up to {n} symbols of any market, as percent from the first visible candle.', { n: MAX_COMPARISONS })}
        compact
        choiceClassName="flex flex-wrap items-center gap-2 pt-0.5"
        inputRef={input}
      />
      {comparisons.length > 0 && (
        <ul aria-label={t('Compared symbols')} className="mt-1">
          {comparisons.map((item, index) => (
            <li key={item} className="flex items-center gap-2">
              <span aria-hidden="true" className="inline-block" style={{ backgroundColor: compareColour(theme, index), width: 12, height: 2 }} />
              <span className="flex-1 tabular-nums">{item}</span>
              <button
                type="button"
                aria-label={t('Remove {symbol}', { symbol: item })}
                onClick={() => {
                  useAppStore.getState().removeComparison(chartId, item);
                  input.current?.focus();
                }}
                className="rounded px-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-800 dark:hover:text-slate-200"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>,
    document.body,
  );
}

function refusal(result: 'full' | 'duplicate', symbol: string): string {
  return result === 'full'
    ? t('At most {n} symbols can be compared: remove one first.', { n: MAX_COMPARISONS })
    : t('{symbol} is already in this list.', { symbol });
}
