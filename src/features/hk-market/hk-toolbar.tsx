/** Filter input, type toggle (All / Stocks / Indices) and the count of what is shown. */
import { t, type MessageKey } from '../../i18n/t';
import { useId } from 'react';
import { useCatalogPrefetch } from '../../queries/use-catalog';
import { countText } from './hk-count';
import { TYPE_FILTERS, type TypeFilter } from './hk-filter';

const TYPE_LABELS: Record<TypeFilter, MessageKey> = { all: 'All', stock: 'Stocks', indices: 'Indices' };

interface HkToolbarProps {
  query: string;
  type: TypeFilter;
  shown: number;
  total: number;
  onQuery: (query: string) => void;
  onType: (type: TypeFilter) => void;
  /** Enter in the filter: open the first row shown. */
  onSubmit: () => void;
}

export function HkToolbar({ query, type, shown, total, onQuery, onType, onSubmit }: HkToolbarProps) {
  const inputId = useId();
  // The catalogue lets the filter find English names and pinyin too.
  const prefetchCatalog = useCatalogPrefetch();
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-2 py-1.5 text-xs dark:border-slate-800">
      <label htmlFor={inputId} className="sr-only">
        {t('Filter by code or name')}
      </label>
      <input
        id={inputId}
        type="search"
        value={query}
        placeholder={t('Filter by code or name')}
        autoComplete="off"
        spellCheck={false}
        onFocus={prefetchCatalog}
        onChange={(event) => {
          onQuery(event.target.value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') onSubmit();
        }}
        className="w-full min-w-0 rounded border border-slate-300 bg-white px-2 py-1 text-sm text-slate-900 placeholder:text-slate-400 focus:border-sky-500 focus:outline-none sm:w-56 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
      />
      <div role="group" aria-label={t('Security type')} className="flex overflow-hidden rounded border border-slate-300 dark:border-slate-700">
        {TYPE_FILTERS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={type === value}
            onClick={() => {
              onType(value);
            }}
            className={`px-2 py-1 ${type === value ? 'bg-sky-700 text-white' : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
          >
            {t(TYPE_LABELS[value])}
          </button>
        ))}
      </div>
      <p role="status" data-testid="hk-count" className="ml-auto tabular-nums text-slate-500 dark:text-slate-400">
        {countText(shown, total)}
      </p>
    </div>
  );
}
