/**
 * The palette's options as a listbox. Focus stays in the search box, which points at the active
 * option with aria-activedescendant; a click opens an option, its "+" button adds it to the
 * active watchlist (Shift+Enter from the keyboard). A typed symbol the catalogue does not know
 * can be opened, not added.
 */
import { t } from '../../i18n/t';
import { marketTag } from '../../components/ui/market-tag';
import { typeName } from '../../components/ui/type-name';
import { useEffect } from 'react';
import type { SearchOption } from './search-options';

interface SearchResultsProps {
  id: string;
  options: readonly SearchOption[];
  activeIndex: number;
  /** DOM id of the option at `index`. */
  optionId: (index: number) => string;
  inWatchlist: ReadonlySet<string>;
  onActivate: (index: number) => void;
  onOpen: (option: SearchOption) => void;
  onAdd: (option: SearchOption) => void;
}

export function SearchResults({ id, options, activeIndex, optionId, inWatchlist, onActivate, onOpen, onAdd }: SearchResultsProps) {
  useEffect(() => {
    if (activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, optionId]);

  return (
    <ul id={id} role="listbox" aria-label={t('Symbols')} className="relative min-h-0 flex-1 overflow-y-auto py-1">
      {options.map((option, index) => {
        const active = index === activeIndex;
        const added = inWatchlist.has(option.symbol);
        return (
          <li
            key={option.key}
            id={optionId(index)}
            role="option"
            aria-selected={active}
            tabIndex={-1}
            data-testid="search-option"
            data-symbol={option.symbol}
            onMouseMove={() => {
              if (!active) onActivate(index);
            }}
            onClick={() => {
              onOpen(option);
            }}
            onKeyDown={(event) => {
              // Options are reached from the search box (aria-activedescendant); this serves an
              // option that got focus from a click or assistive technology.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              if (event.shiftKey) onAdd(option);
              else onOpen(option);
            }}
            className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 text-sm [contain-intrinsic-size:auto_2.25rem] [content-visibility:auto] ${active ? 'bg-sky-100 dark:bg-sky-900/50' : ''}`}
          >
            {option.direct ? (
              <span className="min-w-0 flex-1 truncate">
                {t('Open|verb')} <span className="font-semibold">{option.symbol}</span>
                <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">{t('typed symbol, not in the catalogue')}</span>
              </span>
            ) : (
              <>
                <span className="w-24 shrink-0 truncate font-semibold sm:w-28">{option.symbol}</span>
                <span className="flex min-w-0 flex-1 flex-col sm:flex-row sm:items-baseline sm:gap-2">
                  <span className="min-w-0 flex-1 truncate text-slate-600 dark:text-slate-300">
                    {option.name}
                    {option.detail !== undefined && <span className="ml-2 text-slate-500 dark:text-slate-400">{option.detail}</span>}
                  </span>
                  <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">
                    {marketTag(option.market)} · {option.types.map(typeName).join(' / ')}
                  </span>
                </span>
              </>
            )}
            {!option.direct && (
              <button
                type="button"
                tabIndex={-1}
                disabled={added}
                aria-label={t(added ? '{symbol} is in the watchlist' : 'Add {symbol} to watchlist', { symbol: option.symbol })}
                title={t(added ? 'In the active watchlist' : 'Add to the active watchlist (Shift+Enter)')}
                onClick={(event) => {
                  event.stopPropagation();
                  onAdd(option);
                }}
                className="shrink-0 rounded px-1.5 text-base leading-6 text-slate-500 hover:bg-slate-200 disabled:opacity-50 dark:text-slate-400 dark:hover:bg-slate-700"
              >
                {added ? '✓' : '+'}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
