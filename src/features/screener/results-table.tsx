/**
 * The screen's rows as a real <table>, virtualised as the HK market's is (hk-table.tsx): only the
 * rows in view (plus a few) are in the DOM, between two spacers that keep the scroll height; the
 * header sticks; the symbol stays put while the rest scrolls sideways (the HK table's scroll
 * edges and cue). A header sorts by its column; a row opens its symbol on the chart; a row that
 * just entered the screen is lit for a moment; the rows in view draw their sparklines (row-sparks.ts).
 */
import { memoTranslated } from '../../i18n/memo-translated';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useState } from 'react';
import type { ScreenColumn, ScreenSort, ScreenUniverse, SortColumn } from '#shared/screener/screen-model.ts';
import { columnKey } from '#shared/screener/screen-model.ts';
import { CUT_CELL, STICKY_ONCE_SCROLLED, TABLE_CELL } from '../../components/ui/table-cells';
import { useScrollEdges } from '../../components/ui/use-scroll-edges';
import { t } from '../../i18n/t';
import { createCell, type Observable } from '../../lib/observable';
import { cellText, isMoveColumn, moveClass } from './screen-cells';
import { columnName } from './screen-words';
import { useRowSparks } from './row-sparks';
import { Sparkline } from './sparkline';

export const ROW_HEIGHT = 28;
const OVERSCAN = 12;

export interface ResultRow {
  symbol: string;
  name: string;
  values: readonly (number | string | null)[];
}

interface ResultsTableProps {
  /** The rows' universe, for their sparklines (undefined while the rows shown are another's). */
  universe: ScreenUniverse | undefined;
  columns: readonly ScreenColumn[];
  rows: readonly ResultRow[];
  sort: ScreenSort;
  onSort: (column: SortColumn) => void;
  entered: ReadonlySet<string>;
  inWatchlist: ReadonlySet<string>;
  onOpen: (symbol: string) => void;
  onAdd: (symbol: string) => void;
}

const ENTERED = 'bg-amber-100 dark:bg-amber-900/50';

function SortButton({ column, sort, onSort, right }: { column: SortColumn; sort: ScreenSort; onSort: (column: SortColumn) => void; right: boolean }) {
  const active = columnKey(sort.column) === columnKey(column);
  return (
    <button
      type="button"
      onClick={() => {
        onSort(column);
      }}
      className={`flex w-full items-center gap-1 whitespace-nowrap px-2 py-1.5 hover:text-slate-900 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-500 dark:hover:text-white ${right ? 'justify-end' : 'justify-start'} ${active ? 'text-slate-900 dark:text-white' : ''}`}
    >
      {columnName(column)}
      <span aria-hidden="true" className={`w-2 text-[10px] ${active ? '' : 'opacity-0'}`}>
        {active && sort.direction === 'desc' ? '▼' : '▲'}
      </span>
    </button>
  );
}

const HEAD = 'sticky top-0 border-b border-slate-200 bg-white p-0 font-medium text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-400';

function ariaSort(sort: ScreenSort, column: SortColumn): 'ascending' | 'descending' | 'none' {
  if (columnKey(sort.column) !== columnKey(column)) return 'none';
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

interface RowProps {
  row: ResultRow;
  spark: readonly number[] | undefined;
  columns: readonly ScreenColumn[];
  rowIndex: number;
  entered: boolean;
  listed: boolean;
  onOpen: (symbol: string) => void;
  onAdd: (symbol: string) => void;
  /** Whether the list is scrolling (a row that comes into view mid-fling draws its line at rest). */
  scrolling: Observable<boolean>;
}

const ResultTableRow = memoTranslated(function ResultTableRow({ row, spark, columns, rowIndex, entered, listed, onOpen, onAdd, scrolling }: RowProps) {
  return (
    <tr
      data-testid="screen-row"
      data-symbol={row.symbol}
      data-entered={entered || undefined}
      aria-rowindex={rowIndex}
      style={{ height: ROW_HEIGHT }}
      onClick={() => {
        onOpen(row.symbol);
      }}
      className={`group cursor-pointer transition-colors duration-1000 hover:bg-slate-50 dark:hover:bg-slate-800 ${entered ? ENTERED : ''}`}
    >
      <th scope="row" className={`${TABLE_CELL} ${STICKY_ONCE_SCROLLED} left-0 ${entered ? ENTERED : ''} text-left font-normal`}>
        <button
          type="button"
          aria-label={t('{symbol}: open in the chart', { symbol: row.symbol })}
          onClick={(event) => {
            event.stopPropagation();
            onOpen(row.symbol);
          }}
          className="rounded-sm font-mono tabular-nums text-sky-700 hover:underline focus-visible:outline-2 focus-visible:outline-sky-500 dark:text-sky-300"
        >
          {row.symbol}
        </button>
      </th>
      <td title={row.name} className={`${TABLE_CELL} ${CUT_CELL}`}>
        {row.name}
      </td>
      <td className={`${TABLE_CELL} py-0`}>
        <Sparkline closes={spark} scrolling={scrolling} />
      </td>
      {columns.map((column, index) => {
        const value = row.values[index];
        const colour = isMoveColumn(column) && typeof value === 'number' ? moveClass(value) : '';
        return (
          <td
            key={columnKey(column)}
            data-col={columnKey(column)}
            className={`${TABLE_CELL} ${column === 'board' ? `${CUT_CELL} text-left` : 'text-right'} tabular-nums ${colour}`}
          >
            {cellText(column, value)}
          </td>
        );
      })}
      <td className={`${TABLE_CELL} text-center`}>
        <button
          type="button"
          disabled={listed}
          aria-label={listed ? t('{symbol} is in the watchlist', { symbol: row.symbol }) : t('Add {symbol} to the watchlist', { symbol: row.symbol })}
          title={listed ? t('{symbol} is in the watchlist', { symbol: row.symbol }) : t('Add {symbol} to the watchlist', { symbol: row.symbol })}
          onClick={(event) => {
            event.stopPropagation();
            onAdd(row.symbol);
          }}
          className="rounded px-1 text-sky-700 hover:bg-sky-50 disabled:text-slate-400 disabled:hover:bg-transparent dark:text-sky-300 dark:hover:bg-sky-950"
        >
          <span aria-hidden="true">{listed ? '✓' : '+'}</span>
        </button>
      </td>
    </tr>
  );
});

export function ResultsTable({ universe, columns, rows, sort, onSort, entered, inWatchlist, onOpen, onAdd }: ResultsTableProps) {
  // Its data-scrolled lets the symbol stick once the table is scrolled sideways (table-cells.ts).
  const { ref: scrollRef, element: scrollElement } = useScrollEdges<HTMLDivElement>();
  // Chartroom does not use the React Compiler; the virtualizer re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
  });
  // The virtualizer renders this table again when its scrolling starts and stops; the rows read it
  // from a cell, so their memo holds.
  const [scrolling] = useState(() => createCell(false));
  const { isScrolling } = virtualizer;
  useEffect(() => {
    scrolling.set(isScrolling);
  }, [scrolling, isScrolling]);
  const items = virtualizer.getVirtualItems();
  // The symbols in view once the list rests (a fling asks for nothing on its way).
  const restingKey = isScrolling ? undefined : items.map((item) => rows[item.index]?.symbol ?? '').join('\n');
  const [inViewKey, setInViewKey] = useState('');
  if (restingKey !== undefined && restingKey !== inViewKey) setInViewKey(restingKey);
  const inView = useMemo(() => (inViewKey === '' ? [] : inViewKey.split('\n').filter((symbol) => symbol !== '')), [inViewKey]);
  const sparkOf = useRowSparks(universe, inView);
  const total = virtualizer.getTotalSize();
  const top = items[0]?.start ?? 0;
  const bottom = total - (items.at(-1)?.end ?? 0);
  const span = columns.length + 4;
  return (
    <div className="relative flex min-h-60 flex-1 flex-col max-lg:max-h-[70vh]">
      <div
        ref={scrollRef}
        data-testid="screen-table-scroll"
        // Focusable, so the keyboard scrolls it too, as the HK table.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={t('Screen results')}
        className="relative group/scroll min-h-0 flex-1 overflow-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-500"
      >
        <table
          aria-label={t('Screen results')}
          aria-rowcount={rows.length + 1}
          className="w-full table-fixed border-separate border-spacing-0 text-xs"
          style={{ minWidth: `${String(24 + columns.length * 6)}rem` }}
        >
          <colgroup>
            <col className="w-24" />
            <col className="w-36" />
            <col className="w-20" />
            {columns.map((column) => (
              <col key={columnKey(column)} className="w-24" />
            ))}
            <col className="w-10" />
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              <th scope="col" aria-sort={ariaSort(sort, 'symbol')} className={`${HEAD} left-0 z-20`}>
                <SortButton column="symbol" sort={sort} onSort={onSort} right={false} />
              </th>
              <th scope="col" className={`${HEAD} z-10 px-2 text-left`}>
                {t('Name')}
              </th>
              <th scope="col" className={`${HEAD} z-10 px-2 text-left`}>
                {t('30 days')}
              </th>
              {columns.map((column) => (
                <th key={columnKey(column)} scope="col" aria-sort={ariaSort(sort, column)} className={`${HEAD} z-10`}>
                  <SortButton column={column} sort={sort} onSort={onSort} right={column !== 'board'} />
                </th>
              ))}
              <th scope="col" className={`${HEAD} z-10`}>
                <span className="sr-only">{t('Watchlist')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {top > 0 && (
              <tr aria-hidden="true">
                <td colSpan={span} style={{ height: top, padding: 0, border: 0 }} />
              </tr>
            )}
            {items.map((item) => {
              const row = rows[item.index];
              return row ? (
                <ResultTableRow
                  key={row.symbol}
                  row={row}
                  spark={sparkOf(row.symbol)}
                  columns={columns}
                  rowIndex={item.index + 2}
                  entered={entered.has(row.symbol)}
                  listed={inWatchlist.has(row.symbol)}
                  onOpen={onOpen}
                  onAdd={onAdd}
                  scrolling={scrolling}
                />
              ) : null;
            })}
            {bottom > 0 && (
              <tr aria-hidden="true">
                <td colSpan={span} style={{ height: bottom, padding: 0, border: 0 }} />
              </tr>
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
