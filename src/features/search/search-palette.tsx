/**
 * The symbol search palette (Ctrl/Cmd+K or /): a search box over `symbols/available` with market
 * and type filters and paging, filtered on the client by symbol or name, plus a direct entry for
 * anything shaped like a symbol. ↑/↓ move, Enter opens in the chart, Shift+Enter adds to the
 * active watchlist, Escape closes.
 */
import { useCallback, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ErrorNotice } from '../../components/ui/error-notice';
import { PaletteDialog } from './palette-dialog';
import { PaletteFooter } from './palette-footer';
import { SearchFilters } from './search-filters';
import { buildOptions, type SearchOption } from './search-options';
import { SearchResults } from './search-results';
import { TypeChoice } from '../../components/ui/type-choice';
import { useActiveWatchlistSymbols, useAddToWatchlist } from './use-add-to-watchlist';
import { useProductPages, type ProductFilters } from './use-product-pages';
import { useSymbolOpener } from './use-symbol-opener';

export interface SearchPaletteProps {
  open: boolean;
  onClose: () => void;
}

export function SearchPalette({ open, onClose }: SearchPaletteProps) {
  return open ? <Palette onClose={onClose} /> : null;
}

function Palette({ onClose }: { onClose: () => void }) {
  const baseId = useId();
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<ProductFilters>({});
  const [pageCount, setPageCount] = useState(1);
  const [activeIndex, setActiveIndex] = useState(0);
  const [notice, setNotice] = useState('');
  const pages = useProductPages(filters, pageCount);
  const options = useMemo(() => buildOptions(pages.products, query), [pages.products, query]);
  const opener = useSymbolOpener(onClose);
  const addToWatchlist = useAddToWatchlist();
  const listed = useActiveWatchlistSymbols();
  const inWatchlist = useMemo(() => new Set(listed), [listed]);
  const active = options.length === 0 ? -1 : Math.min(activeIndex, options.length - 1);
  const optionId = useCallback((index: number) => `${baseId}-option-${String(index)}`, [baseId]);
  const listboxId = `${baseId}-listbox`;
  const input = useRef<HTMLInputElement>(null);

  const openOption = (option: SearchOption) => {
    if (opener.state.status !== 'checking') void opener.open(option.symbol, option.type);
  };
  const addOption = (option: SearchOption) => {
    setNotice(addToWatchlist(option.symbol));
  };
  const move = (step: number) => {
    if (options.length > 0) setActiveIndex((active + step + options.length) % options.length);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    const option = options[active];
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter' && option) {
      event.preventDefault();
      if (event.shiftKey) addOption(option);
      else openOption(option);
    }
  };

  return (
    <PaletteDialog label="Search symbols" onClose={onClose} initialFocus={input}>
      <div className="flex flex-col gap-2 border-b border-slate-200 p-3 dark:border-slate-800">
        <div className="flex items-center gap-2">
          <input
            type="text"
            role="combobox"
            aria-label="Search symbols"
            aria-expanded="true"
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            placeholder="Symbol or name, e.g. 00700.HK, AAPL.US, Bitcoin"
            autoComplete="off"
            spellCheck={false}
            value={query}
            ref={input}
            onChange={(event) => {
              setQuery(event.target.value);
              setActiveIndex(0);
              setNotice('');
              opener.reset();
            }}
            onKeyDown={onKeyDown}
            className="min-w-0 flex-1 rounded border border-slate-300 bg-transparent px-2 py-1.5 text-base focus:outline-2 focus:outline-sky-500 dark:border-slate-700"
          />
          <button type="button" onClick={onClose} className="rounded px-2 py-1 text-sm text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800">
            Close
          </button>
        </div>
        <SearchFilters
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            setPageCount(1);
            setActiveIndex(0);
          }}
        />
      </div>
      {pages.error !== undefined && pages.products.length === 0 ? (
        <div className="p-3">
          <ErrorNotice error={pages.error} onRetry={pages.retry} />
        </div>
      ) : null}
      <SearchResults
        id={listboxId}
        options={options}
        activeIndex={active}
        optionId={optionId}
        inWatchlist={inWatchlist}
        onActivate={setActiveIndex}
        onOpen={openOption}
        onAdd={addOption}
      />
      {opener.state.status === 'choose' && (
        <TypeChoice
          symbol={opener.state.symbol}
          types={opener.state.types}
          onChoose={(type) => {
            if (opener.state.status === 'choose') opener.choose(opener.state.symbol, type);
          }}
          onCancel={() => {
            opener.reset();
            input.current?.focus();
          }}
        />
      )}
      {opener.state.status === 'failed' && (
        <p role="alert" className="border-t border-slate-200 px-3 py-2 text-sm text-amber-700 dark:border-slate-800 dark:text-amber-300">
          {opener.state.symbol} is not a known symbol.{options.length > 1 && ' Choose a match with ↓, or check the spelling.'}
        </p>
      )}
      <PaletteFooter
        pages={pages}
        query={query}
        matches={options.filter((option) => !option.direct).length}
        checking={opener.state.status === 'checking' ? opener.state.symbol : undefined}
        notice={notice}
        onMore={() => {
          setPageCount((count) => count + 1);
        }}
      />
    </PaletteDialog>
  );
}
