/** Market and type filters of the palette, usable alone or combined (as §4.1 filters the product list). */
import { t } from '../../i18n/t';
import { marketTag } from '../../components/ui/market-tag';
import { typeName } from '../../components/ui/type-name';
import { MARKETS, type Market, type ProductType } from '#shared/contract.ts';
import type { ProductFilters } from './search-options';

/** In the order a trader thinks of them. */
const TYPE_CHOICES: readonly ProductType[] = ['stock', 'indices', 'forex', 'crypto', 'futures'];

const SELECT_CLASS =
  'rounded border border-slate-300 bg-white px-1.5 py-1 text-sm dark:border-slate-700 dark:bg-slate-800 focus:outline-2 focus:outline-sky-500';

interface SearchFiltersProps {
  filters: ProductFilters;
  onChange: (filters: ProductFilters) => void;
}

function pick<T extends string>(allowed: readonly T[], value: string): T | undefined {
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

export function SearchFilters({ filters, onChange }: SearchFiltersProps) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label className="flex items-center gap-1 text-slate-500 dark:text-slate-400">
        {t('Market')}
        <select
          className={SELECT_CLASS}
          value={filters.market ?? ''}
          onChange={(event) => {
            const market: Market | undefined = pick(MARKETS, event.target.value);
            onChange({ ...filters, market });
          }}
        >
          <option value="">{t('All')}</option>
          {MARKETS.map((market) => (
            <option key={market} value={market}>
              {marketTag(market)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex items-center gap-1 text-slate-500 dark:text-slate-400">
        {t('Type')}
        <select
          className={SELECT_CLASS}
          value={filters.type ?? ''}
          onChange={(event) => {
            onChange({ ...filters, type: pick(TYPE_CHOICES, event.target.value) });
          }}
        >
          <option value="">{t('All')}</option>
          {TYPE_CHOICES.map((type) => (
            <option key={type} value={type}>
              {typeName(type)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
