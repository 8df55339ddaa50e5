/**
 * A box that adds a symbol to a list (a watchlist, a chart's comparisons) over the whole
 * catalogue: suggestions from the first keystroke, as the search palette finds them (symbol in any
 * spelling, English or Chinese name, pinyin; src/lib/catalog-search.ts), the best one selected, so
 * Enter adds it; arrows move, Escape folds the list. Typed text with nothing suggested is checked
 * against the catalogue: an unknown symbol is refused with a message and nothing is added; an
 * ambiguous one asks which type. The catalogue downloads when the box gets focus or the pointer;
 * Enter before it has arrived frees the box for the next symbol and takes the best suggestion for
 * the text once the catalogue is here, as Enter on the list would have.
 */
import { useId, useMemo, useState, type KeyboardEvent, type Ref } from 'react';
import { t } from '../i18n/t';
import type { CatalogSearch, SymbolMatch } from '../lib/catalog-search';
import { acceptSymbol, namesWhole, type SymbolInput } from '../lib/symbol-input';
import { useCatalog, useCatalogPrefetch } from '../queries/use-catalog';
import { useAppStore } from '../store/app-store';
import { TypeChoice } from './ui/type-choice';
import { SymbolSuggestions } from './symbol-suggestions';
import { rememberedType, type SymbolEntry } from './use-symbol-entry';

export interface SymbolAddBoxProps {
  entry: SymbolEntry;
  /** The symbols already in the list: refused again. */
  existing: readonly string[];
  label: string;
  placeholder: string;
  /** Why nothing may be added now (a full list), checked before anything else; undefined: go ahead. */
  refusal?: () => string | undefined;
  /** The line under the box when there is nothing to report. */
  hint?: string;
  /** Smaller text, for a popup. */
  compact?: boolean;
  /** The type question's layout, when the default does not fit. */
  choiceClassName?: string;
  inputRef?: Ref<HTMLInputElement>;
}

const SUGGESTIONS = 6;
const NO_SUGGESTIONS: readonly SymbolMatch[] = [];

/** The list under the box for `text` (a symbol of several types is one suggestion, with all its types). */
function suggestionsFor(text: string, catalog: CatalogSearch): readonly SymbolMatch[] {
  return text.trim() === '' ? NO_SUGGESTIONS : catalog.searchSymbols(text, { limit: SUGGESTIONS * 2 }).matches.slice(0, SUGGESTIONS);
}

/** What picking `suggestion` for the text `typed` settles to. */
function suggestionResult(suggestion: SymbolMatch, typed: string, existing: readonly string[], catalog: CatalogSearch | undefined): SymbolInput {
  // "BTC" picks BTCUSD the crypto pair; typed whole ("BTCUSD"), the box asks which.
  const typedWhole = catalog !== undefined && namesWhole(typed, suggestion.symbol, catalog);
  const result = acceptSymbol(suggestion.symbol, suggestion.types, existing, { typedWhole, remembered: rememberedType(suggestion.symbol) });
  // Kept as the user's choice would be, so the row, the chart and the alerts read that type.
  if (result.ok === true && result.likely && result.type) useAppStore.getState().rememberType(suggestion.symbol, result.type);
  return result;
}

/** The first suggestion for `typed`, as the list would have offered it, once the catalogue is here. */
const bestSuggestion =
  (typed: string, existing: readonly string[]) =>
  (catalog: CatalogSearch): SymbolInput | undefined => {
    const [first] = suggestionsFor(typed, catalog);
    return first && suggestionResult(first, typed, existing, catalog);
  };

export function SymbolAddBox({ entry, existing, label, placeholder, refusal, hint, compact = false, choiceClassName, inputRef }: SymbolAddBoxProps) {
  const [listOpen, setListOpen] = useState(false);
  const [moved, setMoved] = useState(0);
  const { text, feedback, choice } = entry;
  const prefetch = useCatalogPrefetch();
  const catalog = useCatalog(text.trim() !== '');
  const baseId = useId();
  const messageId = `${baseId}-message`;
  const suggestionsId = `${baseId}-suggestions`;
  const optionId = (index: number) => `${baseId}-suggestion-${String(index)}`;
  const suggestions = useMemo(() => (catalog.data === undefined ? NO_SUGGESTIONS : suggestionsFor(text, catalog.data)), [catalog.data, text]);
  const showList = listOpen && suggestions.length > 0;
  const active = showList ? Math.min(moved, suggestions.length - 1) : -1;
  const invalid = feedback?.tone === 'error';
  const textSize = compact ? 'text-xs' : 'text-sm';

  const pick = (suggestion: SymbolMatch) => {
    setListOpen(false);
    entry.settle(suggestionResult(suggestion, entry.text, existing, catalog.data), entry.text);
  };
  const submit = async () => {
    const refused = refusal?.();
    if (refused !== undefined) {
      entry.refuse(refused);
      return;
    }
    const picked = suggestions[active];
    if (picked) {
      pick(picked);
      return;
    }
    // Typed before the catalogue arrived: Enter takes the best suggestion once it has, as it would have.
    const best = catalog.data === undefined ? bestSuggestion(text, existing) : undefined;
    await entry.check(text, existing, best);
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
  const message = feedback?.text ?? hint;

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="relative flex gap-1">
          <input
            ref={inputRef}
            role="combobox"
            aria-label={label}
            aria-expanded={showList}
            aria-controls={suggestionsId}
            aria-autocomplete="list"
            aria-activedescendant={active >= 0 ? optionId(active) : undefined}
            aria-invalid={invalid}
            aria-describedby={message === undefined ? undefined : messageId}
            placeholder={placeholder}
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
            className={`min-w-0 flex-1 rounded border bg-transparent px-2 py-1 ${textSize} focus:outline-2 focus:outline-sky-500 ${
              invalid ? 'border-amber-500' : 'border-slate-300 dark:border-slate-700'
            }`}
          />
          <button type="submit" className={`rounded border border-slate-300 px-2 ${textSize} hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800`}>
            {t('Add')}
          </button>
          {showList && (
            <SymbolSuggestions id={suggestionsId} suggestions={suggestions} activeIndex={active} optionId={optionId} onActivate={setMoved} onPick={pick} />
          )}
        </div>
      </form>
      {choice && (
        <TypeChoice
          symbol={choice.symbol}
          types={choice.types}
          {...(choiceClassName !== undefined && { className: choiceClassName })}
          onChoose={entry.choose}
          onCancel={entry.cancelChoice}
        />
      )}
      <p
        id={messageId}
        aria-live="polite"
        className={`min-h-4 pt-0.5 text-xs ${invalid ? 'text-amber-700 dark:text-amber-300' : 'text-slate-500 dark:text-slate-400'}`}
      >
        {message}
      </p>
    </>
  );
}
