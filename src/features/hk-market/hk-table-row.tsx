/**
 * One row of the HK table. A click anywhere on the row opens the security in the chart; for the
 * keyboard, the code cell holds a button that does the same. Code and name stick to the left
 * when the table scrolls sideways. Memoised: scrolling renders only the rows that come in.
 */
import { memoTranslated } from '../../i18n/memo-translated';
import { t } from '../../i18n/t';
import { CUT_CELL, STICKY_ONCE_SCROLLED, TABLE_CELL } from '../../components/ui/table-cells';
import { COLUMNS, STICKY_EDGE } from './hk-columns';
import { cellText, decimalPad, isPriceColumn, moveClass, priceDecimals } from './hk-cells';
import type { HkRow } from './hk-row';

export const ROW_HEIGHT = 28;

interface HkTableRowProps {
  row: HkRow;
  /** aria-rowindex: 1-based, the header row being 1. */
  rowIndex: number;
  onOpen: (row: HkRow) => void;
}

/** Invisible digits in the place of those a row lacks (data-pad): the points line up down the column. */
const PAD = 'after:invisible after:content-[attr(data-pad)]';

export const HkTableRow = memoTranslated(function HkTableRow({ row, rowIndex, onOpen }: HkTableRowProps) {
  const decimals = priceDecimals(row);
  const pad = decimalPad(decimals);
  const move = moveClass(row.change);
  return (
    <tr
      data-testid="hk-row"
      data-code={row.code}
      aria-rowindex={rowIndex}
      style={{ height: ROW_HEIGHT }}
      onClick={() => {
        onOpen(row);
      }}
      className="group cursor-pointer hover:bg-slate-50 dark:hover:bg-slate-800"
    >
      {COLUMNS.map(({ key, stickyLeft }) => {
        const sticky = stickyLeft ? `${STICKY_ONCE_SCROLLED} ${stickyLeft} ${key === 'name' ? STICKY_EDGE : ''}` : '';
        if (key === 'code') {
          return (
            <th key={key} scope="row" className={`${TABLE_CELL} ${sticky} text-left font-normal`}>
              <button
                type="button"
                aria-label={t('{code} {name}: open in the chart', { code: row.shownCode, name: row.name })}
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen(row);
                }}
                className="rounded-sm font-mono tabular-nums text-sky-700 hover:underline focus-visible:outline-2 focus-visible:outline-sky-500 dark:text-sky-300"
              >
                {row.shownCode}
              </button>
            </th>
          );
        }
        if (key === 'name') {
          return (
            <td key={key} title={row.name} className={`${TABLE_CELL} ${CUT_CELL} ${sticky}`}>
              {row.name}
            </td>
          );
        }
        const colour = key === 'change' || key === 'changePercent' ? move : '';
        // Invisible digits in the place of those this row lacks: the points line up down the
        // column. A pseudo-element: not part of the cell's text, nor of a copy of it.
        const padded = pad !== '' && isPriceColumn(key) && Number.isFinite(row[key]);
        return (
          <td key={key} data-col={key} data-pad={padded ? pad : undefined} className={`${TABLE_CELL} text-right tabular-nums ${colour} ${padded ? PAD : ''}`}>
            {cellText(row, key, decimals)}
          </td>
        );
      })}
    </tr>
  );
});
