/**
 * The symbol search palette (Ctrl/Cmd+K or /): the whole catalogue searched in the browser from
 * the first keystroke (symbol in any spelling, names in English and Chinese, pinyin), with market
 * and type filters. The best match is selected, so Enter opens it; a typed symbol the catalogue
 * does not know is the last option, never the default. Enter pressed before the catalogue has
 * arrived opens the best match as soon as it does. ↑/↓ move, Shift+Enter adds to the active
 * watchlist, Escape closes.
 */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { ErrorNotice } from '../../components/ui/error-notice';
import { TypeChoice } from '../../components/ui/type-choice';
import { useCatalog } from '../../queries/use-catalog';
import { useAppStore } from '../../store/app-store';
import { PaletteDialog } from './palette-dialog';
import type { PaletteDraftHolder } from './palette-draft-holder';
import { PaletteFooter } from './palette-footer';
import { SearchFilters } from './search-filters';
import { useTraditionalScript } from '../../queries/use-traditional-script';
import { buildOptions, type ProductFilters, type SearchOption } from './search-options';
import { SearchResults } from './search-results';
import { useActiveWatchlistSymbols, useAddToWatchlist } from './use-add-to-watchlist';
import { acceptedType, useSymbolOpener } from './use-symbol-opener';
import { namesWhole } from '../../lib/symbol-input';
import { useKeysReturnToField } from './use-keys-return-to-field';

/** Matches listed at first, and added by each "Show more". */
export const PAGE_SIZE = 50;

export interface SearchPaletteProps {
  open: boolean;
  onClose: () => void;
  /** What was typed (and whether Enter was pressed) while the palette's code was on its way. */
  draft?: PaletteDraftHolder;
}

export function SearchPalette({ open, onClose, draft }: SearchPaletteProps) {
  return open ? <Palette onClose={onClose} draft={draft} /> : null;
}

function Palette({ onClose, draft }: { onClose: () => void; draft: PaletteDraftHolder | undefined }) {
  const toTraditional = useTraditionalScript(useLanguage());
  const baseId = useId();
  const [initial] = useState(() => draft?.read());
  const [query, setQuery] = useState(initial?.text ?? '');
  const [filters, setFilters] = useState<ProductFilters>({});
  const [limit, setLimit] = useState(PAGE_SIZE);
  /** Where the user moved to; undefined: the default (the best match). */
  const [moved, setMoved] = useState<number | undefined>(undefined);
  const [notice, setNotice] = useState('');
  /** The query Enter was pressed on before the catalogue arrived. */
  const [waitingEnter, setWaitingEnter] = useState<string | undefined>(initial?.enter ? initial.text : undefined);
  const catalog = useCatalog();
  const catalogFailed = catalog.data === undefined && catalog.isError;
  const list = useMemo(
    () => buildOptions(catalog.data, query, { filters, limit, catalogFailed, toTraditional }),
    [catalog.data, query, filters, limit, catalogFailed, toTraditional],
  );
  const { options } = list;
  const opener = useSymbolOpener(onClose);
  const addToWatchlist = useAddToWatchlist();
  const listed = useActiveWatchlistSymbols();
  const inWatchlist = useMemo(() => new Set(listed), [listed]);
  const active = moved === undefined ? list.defaultIndex : Math.min(moved, options.length - 1);
  const optionId = useCallback((index: number) => `${baseId}-option-${String(index)}`, [baseId]);
  const listboxId = `${baseId}-listbox`;
  const input = useRef<HTMLInputElement>(null);
  useKeysReturnToField(input);
  const nothingMatched = catalog.data !== undefined && query.trim() !== '' && list.defaultIndex === -1;

  // Whether `typed` names the option's symbol whole (BTCUSD asks crypto or forex; btc takes the crypto pair).
  const typedWhole = useCallback(
    (option: SearchOption, typed: string) => catalog.data === undefined || namesWhole(typed, option.symbol, catalog.data),
    [catalog.data],
  );
  /** Opens `option`, picked with `typed` in the box. */
  const openOption = useCallback(
    (option: SearchOption, typed: string) => {
      if (opener.state.status === 'checking') return;
      if (option.direct) void opener.open(option.symbol);
      else opener.openOneOf(option.symbol, option.types, typedWhole(option, typed));
    },
    [opener, typedWhole],
  );
  const addOption = (option: SearchOption, typed: string) => {
    if (option.direct) {
      setNotice(t('{symbol} is not in the catalogue: not added.', { symbol: option.symbol }));
      return;
    }
    if (acceptedType(option.symbol, option.types, typedWhole(option, typed)) === undefined) opener.ask(option.symbol, option.types, 'add');
    else setNotice(addToWatchlist(option.symbol));
  };
  const bestMatch = (text: string) => {
    const fresh = buildOptions(catalog.data, text, { filters, limit: PAGE_SIZE, catalogFailed, toTraditional });
    return fresh.options[fresh.defaultIndex];
  };
  const move = (step: number) => {
    if (options.length > 0) setMoved((Math.max(active, step > 0 ? -1 : 0) + step + options.length) % options.length);
  };

  // Enter before the catalogue arrived: open the best match once it has, if the query is unchanged.
  const waitedOption = waitingEnter === query && catalog.data !== undefined ? options[list.defaultIndex] : undefined;
  useEffect(() => {
    if (waitedOption) openOption(waitedOption, query);
  }, [waitedOption, openOption, query]);
  // The stand-in took keys while this rendered (a slice at a time, for long on a slow machine):
  // start from what it holds at the commit, which no key can come between, not at the render.
  useLayoutEffect(() => {
    const latest = draft?.read();
    // The draft is a holder outside React with nothing to subscribe to: read once, at the commit.
    /* eslint-disable react-hooks/set-state-in-effect */
    if (latest && latest.text !== initial?.text) setQuery(latest.text);
    if (latest?.enter) setWaitingEnter(latest.text);
    /* eslint-enable react-hooks/set-state-in-effect */
    // The field focused in this commit takes the keys from now on (the page typed them in the draft).
    draft?.shown();
  }, [draft, initial]);
  // Typing goes on after the draft's last character.
  useLayoutEffect(() => {
    const field = input.current;
    field?.setSelectionRange(field.value.length, field.value.length);
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    // Enter acts on what the box holds as it is pressed: its own best match, should the list
    // rendered still be an earlier text's.
    const text = event.currentTarget.value;
    const option = text === query ? options[active] : bestMatch(text);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      move(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (option) {
        if (event.shiftKey) addOption(option, text);
        else openOption(option, text);
      } else if (catalog.data === undefined && !catalogFailed && text.trim() !== '') {
        setWaitingEnter(text);
      }
    }
  };

  return (
    <PaletteDialog label={t('Search symbols')} onClose={onClose} initialFocus={input}>
      <div className="flex flex-col gap-2 border-b border-slate-200 p-3 dark:border-slate-800">
        <div className="flex items-center gap-2">
          <input
            type="text"
            role="combobox"
            aria-label={t('Search symbols')}
            aria-expanded="true"
            aria-controls={listboxId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            placeholder={t('Symbol, name or pinyin, e.g. 700, NVDA, Tencent, gzmt')}
            autoComplete="off"
            spellCheck={false}
            value={query}
            ref={input}
            onChange={(event) => {
              setQuery(event.target.value);
              setMoved(undefined);
              setLimit(PAGE_SIZE);
              setNotice('');
              setWaitingEnter(undefined);
              opener.reset();
            }}
            onKeyDown={onKeyDown}
            className="min-w-0 flex-1 rounded border border-slate-300 bg-transparent px-2 py-1.5 text-base focus:outline-2 focus:outline-sky-500 dark:border-slate-700"
          />
          <button
            type="button"
            onClick={onClose}
            className="rounded px-2 py-1 text-sm text-slate-500 hover:bg-slate-100 dark:text-slate-400 dark:hover:bg-slate-800"
          >
            {t('Close')}
          </button>
        </div>
        <SearchFilters
          filters={filters}
          onChange={(next) => {
            setFilters(next);
            setLimit(PAGE_SIZE);
            setMoved(undefined);
          }}
        />
      </div>
      {catalogFailed && (
        <div className="p-3">
          <ErrorNotice
            error={catalog.error}
            onRetry={() => {
              void catalog.refetch();
            }}
          />
        </div>
      )}
      {catalog.data === undefined && !catalogFailed && (
        <p data-testid="catalog-loading" className="px-3 pt-2 text-sm text-slate-500 dark:text-slate-400">
          {t('Loading the symbol catalogue…')}
          {waitingEnter === query && t(' Enter opens the best match when it arrives.')}
        </p>
      )}
      <SearchResults
        id={listboxId}
        options={options}
        activeIndex={active}
        optionId={optionId}
        inWatchlist={inWatchlist}
        onActivate={setMoved}
        onOpen={(option) => {
          openOption(option, query);
        }}
        onAdd={(option) => {
          addOption(option, query);
        }}
      />
      {nothingMatched && (
        <p className="px-3 pb-2 text-sm text-slate-500 dark:text-slate-400">
          {t(
            filters.market !== undefined || filters.type !== undefined
              ? 'Nothing in the catalogue matches “{query}” with these filters.'
              : 'Nothing in the catalogue matches “{query}”.',
            { query: query.trim() },
          )}
          {options.some((option) => option.direct) && t(' Press ↓ to open it as typed.')}
        </p>
      )}
      {opener.state.status === 'choose' && (
        <TypeChoice
          symbol={opener.state.symbol}
          types={opener.state.types}
          onChoose={(type) => {
            const { state } = opener;
            if (state.status !== 'choose') return;
            if (state.action === 'open') {
              opener.choose(state.symbol, type);
              return;
            }
            useAppStore.getState().rememberType(state.symbol, type);
            opener.reset();
            setNotice(addToWatchlist(state.symbol));
            input.current?.focus();
          }}
          onCancel={() => {
            opener.reset();
            input.current?.focus();
          }}
        />
      )}
      {opener.state.status === 'failed' && (
        <p role="alert" className="border-t border-slate-200 px-3 py-2 text-sm text-amber-700 dark:border-slate-800 dark:text-amber-300">
          {opener.state.symbol} is not a known symbol.
        </p>
      )}
      <PaletteFooter
        catalogSize={catalog.data?.size}
        query={query}
        total={list.total}
        hasMore={list.total !== undefined && list.total > limit}
        checking={opener.state.status === 'checking' ? opener.state.symbol : undefined}
        notice={notice}
        onMore={() => {
          setLimit((count) => count + PAGE_SIZE);
        }}
      />
    </PaletteDialog>
  );
}
