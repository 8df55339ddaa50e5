/**
 * "Which BTCUSD do you mean?" — one button per type of an ambiguous symbol (the catalogue's, or
 * the service's AMBIGUOUS_SYMBOL answer): the search palette, the watchlist's add box and the
 * prompt of a link that names one ask it.
 */
import { t } from '../../i18n/t';
import { typeName } from './type-name';
import { useEffect, useId, useRef } from 'react';
import type { ProductType } from '#shared/contract.ts';

interface TypeChoiceProps {
  symbol: string;
  types: readonly ProductType[];
  onChoose: (type: ProductType) => void;
  /** Without it, no Cancel button (nothing sensible to go back to). */
  onCancel?: () => void;
  /** Focus the first choice on mount (the palette: the user just asked). */
  focusOnMount?: boolean;
  /** The sentence before the choices. */
  question?: string;
  className?: string;
}

export function TypeChoice({ symbol, types, onChoose, onCancel, focusOnMount = true, question, className }: TypeChoiceProps) {
  const headingId = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusOnMount) first.current?.focus();
  }, [focusOnMount]);

  return (
    <div
      role="group"
      aria-labelledby={headingId}
      className={className ?? 'flex flex-wrap items-center gap-2 border-t border-slate-200 px-3 py-2 text-sm dark:border-slate-800'}
    >
      <p id={headingId} className="font-medium">
        {question ?? t('Which {symbol} do you mean?', { symbol })}
      </p>
      {types.map((type, index) => (
        <button
          key={type}
          ref={index === 0 ? first : undefined}
          type="button"
          onClick={() => {
            onChoose(type);
          }}
          className="rounded border border-sky-500 px-2 py-0.5 text-sky-700 hover:bg-sky-100 focus:outline-2 focus:outline-sky-500 dark:text-sky-300 dark:hover:bg-sky-900/50"
        >
          {typeName(type)}
        </button>
      ))}
      {onCancel && (
        <button type="button" onClick={onCancel} className="ml-auto text-xs text-slate-500 underline dark:text-slate-400">
          {t('Cancel')}
        </button>
      )}
    </div>
  );
}
