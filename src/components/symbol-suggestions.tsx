/**
 * An add box's suggestions (the watchlist's, the chart's Compare): the catalogue's best matches
 * for what is typed, as a listbox under it (symbol-add-box.tsx), named and typed as the search names
 * them, in the language. Focus stays in the box (aria-activedescendant); a pointer press picks without blurring it.
 */
import { t } from '../i18n/t';
import { useLanguage } from '../i18n/use-language';
import type { SymbolMatch } from '../lib/catalog-search';
import { matchNames } from '../lib/local-name';
import { useTraditionalScript } from '../queries/use-traditional-script';
import { typeName } from './ui/type-name';

interface SymbolSuggestionsProps {
  id: string;
  suggestions: readonly SymbolMatch[];
  activeIndex: number;
  optionId: (index: number) => string;
  onActivate: (index: number) => void;
  onPick: (suggestion: SymbolMatch) => void;
}

export function SymbolSuggestions({ id, suggestions, activeIndex, optionId, onActivate, onPick }: SymbolSuggestionsProps) {
  const language = useLanguage();
  const toTraditional = useTraditionalScript(language);
  return (
    <ul
      id={id}
      role="listbox"
      aria-label={t('Suggestions')}
      className="absolute inset-x-0 top-full z-20 mt-0.5 max-h-60 overflow-y-auto rounded border border-slate-300 bg-white py-0.5 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      {suggestions.map((suggestion, index) => {
        const { name, detail } = matchNames(suggestion, language, toTraditional);
        return (
          <li
            key={suggestion.symbol}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === activeIndex}
            data-testid="add-suggestion"
            data-symbol={suggestion.symbol}
            onMouseDown={(event) => {
              event.preventDefault();
            }}
            onMouseMove={() => {
              if (index !== activeIndex) onActivate(index);
            }}
            onClick={() => {
              onPick(suggestion);
            }}
            onKeyDown={(event) => {
              // Reached from the box (aria-activedescendant); this serves assistive technology that focuses options.
              if (event.key !== 'Enter') return;
              event.preventDefault();
              onPick(suggestion);
            }}
            className={`flex cursor-pointer items-baseline gap-2 px-2 py-1 ${index === activeIndex ? 'bg-sky-100 dark:bg-sky-900/50' : ''}`}
          >
            <span className="shrink-0 font-semibold">{suggestion.symbol}</span>
            <span className="min-w-0 flex-1 truncate text-xs text-slate-600 dark:text-slate-300">
              {name}
              {detail !== undefined && ` · ${detail}`}
            </span>
            <span className="shrink-0 text-xs text-slate-500 dark:text-slate-400">{suggestion.types.map(typeName).join(' / ')}</span>
          </li>
        );
      })}
    </ul>
  );
}
