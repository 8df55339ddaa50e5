/**
 * "Add symbol" for one list, over the whole catalogue: suggestions from the first keystroke
 * (symbol in any spelling, English or Chinese name, pinyin), the best one selected, so Enter adds
 * it. Typed text with nothing suggested is checked against the catalogue: an unknown symbol is
 * refused with a message and nothing is added (nor polled); an ambiguous one asks which type.
 * The catalogue downloads when the box gets focus or the pointer; Enter before it has arrived
 * waits for it.
 */
import { t } from '../../i18n/t';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { TypeChoice } from '../../components/ui/type-choice';
import { rememberedType, useSymbolEntry } from '../../components/use-symbol-entry';
import type { SymbolMatch } from '../../lib/catalog-search';
import { useCatalog, useCatalogPrefetch } from '../../queries/use-catalog';
import { useAppStore } from '../../store/app-store';
import { SymbolSuggestions } from './symbol-suggestions';
import { acceptSymbol, namesWhole } from './validate-symbol';

interface AddSymbolFormProps {
  listId: string;
  listName: string;
  symbols: readonly string[];
}

const SUGGESTIONS = 6;
const NO_SUGGESTIONS: readonly SymbolMatch[] = [];

export function AddSymbolForm({ listId, listName, symbols }: AddSymbolFormProps) {
  const [listOpen, setListOpen] = useState(false);
  const [moved, setMoved] = useState(0);
  const entry = useSymbolEntry((symbol) => {
    useAppStore.getState().addSymbol(listId, symbol);
    setListOpen(false);
    return { tone: 'ok', text: t('Added {symbol} to {list}.', { symbol, list: listName }) };
  });
  const { text, feedback, choice } = entry;
  const prefetch = useCatalogPrefetch();
  const catalog = useCatalog(text.trim() !== '');
  const baseId = useId();
  const messageId = `${baseId}-message`;
  const suggestionsId = `${baseId}-suggestions`;
  const optionId = (index: number) => `${baseId}-suggestion-${String(index)}`;
  const suggestions = useMemo(
    () =>
      catalog.data === undefined || text.trim() === ''
        ? NO_SUGGESTIONS
        : catalog.data.searchSymbols(text, { limit: SUGGESTIONS * 2 }).matches.slice(0, SUGGESTIONS),
    [catalog.data, text],
  );
  const showList = listOpen && suggestions.length > 0;
  const active = showList ? Math.min(moved, suggestions.length - 1) : -1;
  const invalid = feedback?.tone === 'error';

  const pick = (suggestion: SymbolMatch) => {
    // "BTC" picks BTCUSD the crypto pair; typed whole ("BTCUSD"), the box asks which.
    const typedWhole = catalog.data !== undefined && namesWhole(entry.text, suggestion.symbol, catalog.data);
    const result = acceptSymbol(suggestion.symbol, suggestion.types, symbols, { typedWhole, remembered: rememberedType(suggestion.symbol) });
    // Kept as the user's choice would be, so the row, the chart and the alerts read that type.
    if (result.ok === true && result.likely && result.type) useAppStore.getState().rememberType(suggestion.symbol, result.type);
    entry.settle(result);
  };
  const submit = async () => {
    const picked = suggestions[active];
    if (picked) {
      pick(picked);
      return;
    }
    await entry.check(text, symbols);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && suggestions.length > 0) {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setMoved(showList ? (active + step + suggestions.length) % suggestions.length : 0);
      setListOpen(true);
    } else if (event.key === 'Escape' && showList) {
      event.preventDefault();
      setListOpen(false);
    }
  };

  return (
    <form
      noValidate
      className="px-2 pb-1"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="relative flex gap-1">
        <input
          role="combobox"
          aria-label={t('Add symbol')}
          aria-expanded={showList}
          aria-controls={suggestionsId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          aria-invalid={invalid}
          aria-describedby={feedback ? messageId : undefined}
          placeholder={t('Add symbol or name, e.g. 700, Tencent')}
          autoComplete="off"
          spellCheck={false}
          value={text}
          onFocus={prefetch}
          onPointerEnter={prefetch}
          onBlur={() => {
            setListOpen(false);
          }}
          onChange={(event) => {
            entry.edit(event.target.value);
            setListOpen(true);
            setMoved(0);
          }}
          onKeyDown={onKeyDown}
          className={`min-w-0 flex-1 rounded border bg-transparent px-2 py-1 text-sm focus:outline-2 focus:outline-sky-500 ${
            invalid ? 'border-amber-500' : 'border-slate-300 dark:border-slate-700'
          }`}
        />
        <button type="submit" className="rounded border border-slate-300 px-2 text-sm hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800">
          {t('Add')}
        </button>
        {showList && (
          <SymbolSuggestions id={suggestionsId} suggestions={suggestions} activeIndex={active} optionId={optionId} onActivate={setMoved} onPick={pick} />
        )}
      </div>
      {choice && <TypeChoice symbol={choice.symbol} types={choice.types} onChoose={entry.choose} onCancel={entry.cancelChoice} />}
      <p
        id={messageId}
        aria-live="polite"
        className={`min-h-4 pt-0.5 text-xs ${invalid ? 'text-amber-700 dark:text-amber-300' : 'text-slate-500 dark:text-slate-400'}`}
      >
        {feedback?.text}
      </p>
    </form>
  );
}
