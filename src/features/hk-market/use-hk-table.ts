/**
 * The derived state of the HK table, each step memoised on what it depends on: rows once per
 * data update, the sort order when rows or sort change, the filter on top of that order, the
 * movers once per data update. A re-sort or a keystroke never refetches nor re-parses.
 */
import { useMemo } from 'react';
import type { HkTicker } from '../../api/quote-schemas';
import { useCatalog } from '../../queries/use-catalog';
import { useLocalNames } from '../../queries/use-local-name';
import { useLanguage } from '../../i18n/use-language';
import { catalogNameMatches, filterIndexes } from './hk-filter';
import { topMovers, type Movers } from './hk-movers';
import { toHkRows, type HkRow } from './hk-row';
import { sortIndexes } from './hk-sort';
import { useHkViewStore } from './hk-view-store';

const NO_ENTRIES: readonly HkTicker[] = [];

export interface HkTable {
  rows: readonly HkRow[];
  /** Indexes into `rows` of the rows shown, sorted and filtered. */
  visible: readonly number[];
  movers: Movers;
}

export function useHkTable(entries: readonly HkTicker[] | undefined): HkTable {
  const sort = useHkViewStore((state) => state.sort);
  const query = useHkViewStore((state) => state.query);
  const type = useHkViewStore((state) => state.type);
  // Names in the language's script: the rows are made again when the names arrive or the language changes.
  const language = useLanguage();
  const names = useLocalNames();
  const rows = useMemo(() => toHkRows(entries ?? NO_ENTRIES, names && ((symbol) => names.nameOf(symbol, language))), [entries, names, language]);
  const order = useMemo(() => sortIndexes(rows, sort), [rows, sort]);
  // English and Chinese names and pinyin through the catalogue, once it is loaded (the filter's focus starts it).
  const catalog = useCatalog(query.trim() !== '');
  const named = useMemo(() => catalogNameMatches(catalog.data, query), [catalog.data, query]);
  const visible = useMemo(() => filterIndexes(rows, order, query, type, named), [rows, order, query, type, named]);
  const movers = useMemo(() => topMovers(rows), [rows]);
  return { rows, visible, movers };
}
