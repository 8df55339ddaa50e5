/**
 * One row of the HK table. A click anywhere on the row opens the security in the chart; for the
 * keyboard, the code cell holds a button that does the same. Code and name stick to the left
 * when the table scrolls sideways. Memoised: scrolling renders only the rows that come in.
 */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { memo } from 'react';
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

const CELL = 'whitespace-nowrap border-b border-slate-100 px-2 dark:border-slate-800/70';
/**
 * Only a name can outgrow its column (cut with an ellipsis; its title holds the whole). Codes and
 * figures fit their columns (the widest, an index's 23,928.85, with 3 px to spare) and are never
 * cut: an ellipsis would hide a digit, and a clip per cell cost a fling a third of its paint
 * (1,300-1,460 -> 840-960 ms of paint over 180 frames here).
 */
const CUT = 'overflow-hidden text-ellipsis';
const PAD = 'after:invisible after:content-[attr(data-pad)]';
/**
 * Code and name stick only once the table is scrolled sideways (its scroll area's `data-scrolled`):
 * at the left edge sticking changes nothing on screen, and every sticky cell is a layer of its own
 * to the compositor (about 100 in view), which made a fast vertical fling drop 16-26 of 180 frames
 * here against 4-5 without them. Sticky cells need an opaque background that follows the row's hover.
 */
const STICKY = 'z-[1] group-data-[scrolled=true]/scroll:sticky bg-white group-hover:bg-slate-50 dark:bg-slate-900 dark:group-hover:bg-slate-800';

export const HkTableRow = memo(function HkTableRow({ row, rowIndex, onOpen }: HkTableRowProps) {
  useLanguage();
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
        const sticky = stickyLeft ? `${STICKY} ${stickyLeft} ${key === 'name' ? STICKY_EDGE : ''}` : '';
        if (key === 'code') {
          return (
            <th key={key} scope="row" className={`${CELL} ${sticky} text-left font-normal`}>
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
            <td key={key} title={row.name} className={`${CELL} ${CUT} ${sticky}`}>
              {row.name}
            </td>
          );
        }
        const colour = key === 'change' || key === 'changePercent' ? move : '';
        // Invisible digits in the place of those this row lacks: the points line up down the
        // column. A pseudo-element: not part of the cell's text, nor of a copy of it.
        const padded = pad !== '' && isPriceColumn(key) && Number.isFinite(row[key]);
        return (
          <td key={key} data-col={key} data-pad={padded ? pad : undefined} className={`${CELL} text-right tabular-nums ${colour} ${padded ? PAD : ''}`}>
            {cellText(row, key, decimals)}
          </td>
        );
      })}
    </tr>
  );
});
