/**
 * The HK market as a real <table>, virtualised: only the rows in view (plus a few) are in the
 * DOM, between two spacer rows that keep the scroll height; fixed row height; the header sticks
 * to the top of the scroll container. `aria-rowcount` / `aria-rowindex` tell assistive
 * technology the full size of the table.
 */
import { t } from '../../i18n/t';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import { COLUMNS, type ColumnKey } from './hk-columns';
import type { HkRow } from './hk-row';
import type { SortState } from './hk-sort';
import { HkTableHeader } from './hk-table-header';
import { HkTableRow, ROW_HEIGHT } from './hk-table-row';
import { ScrollCue } from './scroll-cue';
import { useHkTimingMarks } from './use-hk-timing-marks';
import { useScrollEdges } from '../../components/ui/use-scroll-edges';

interface HkTableProps {
  rows: readonly HkRow[];
  /** Indexes into `rows`, in display order. */
  visible: readonly number[];
  sort: SortState;
  onSort: (key: ColumnKey) => void;
  onOpen: (row: HkRow) => void;
  /** Scroll offset to start at (restored when the tab comes back). */
  initialOffset: number;
  /** Called on unmount with the last scroll offset. */
  onLeave: (offset: number) => void;
  /** Changes whenever the order or the filter changes: the table scrolls back to the top. */
  resetKey: string;
}

const OVERSCAN = 12;

function Spacer({ height }: { height: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden="true">
      <td colSpan={COLUMNS.length} style={{ height, padding: 0, border: 0 }} />
    </tr>
  );
}

export function HkTable({ rows, visible, sort, onSort, onOpen, initialOffset, onLeave, resetKey }: HkTableProps) {
  // Code and name stay put while the rest scrolls sideways: a fade and a button say more is
  // to the right, a shadow on the name column that columns have gone under it.
  const { ref: scrollRef, element: scrollElement, edges } = useScrollEdges<HTMLDivElement>();
  const offsetRef = useRef(initialOffset);
  // Chartroom does not use the React Compiler; the virtualizer re-renders this component itself.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: visible.length,
    getScrollElement: () => scrollElement.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    initialOffset,
    onChange: (instance) => {
      offsetRef.current = instance.scrollOffset ?? offsetRef.current;
    },
  });

  useEffect(
    () => () => {
      onLeave(offsetRef.current);
    },
    [onLeave],
  );

  useHkTimingMarks(visible.length, sort);

  const lastResetKey = useRef(resetKey);
  useEffect(() => {
    if (lastResetKey.current === resetKey) return;
    lastResetKey.current = resetKey;
    virtualizer.scrollToOffset(0);
  }, [resetKey, virtualizer]);

  const items = virtualizer.getVirtualItems();
  const total = virtualizer.getTotalSize();
  const top = items[0]?.start ?? 0;
  const bottom = total - (items.at(-1)?.end ?? 0);

  return (
    <div className="relative flex min-h-60 flex-1 flex-col max-lg:max-h-[70vh]">
      <div
        ref={scrollRef}
        data-testid="hk-table-scroll"
        // useScrollEdges marks it data-scrolled="true" once scrolled sideways (what sticks reads it).
        // Focusable, so the keyboard scrolls it too (arrow keys), not only a pointer (axe's
        // scrollable-region-focusable); a named region, not a control.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={t('HK market table')}
        className="relative group/scroll min-h-0 flex-1 overflow-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-sky-500"
      >
        <table
          aria-label={t('HK market')}
          aria-rowcount={visible.length + 1}
          className="w-full min-w-[56rem] table-fixed border-separate border-spacing-0 text-xs"
        >
          <colgroup>
            {COLUMNS.map(({ key, width }) => (
              <col key={key} className={width} />
            ))}
          </colgroup>
          <HkTableHeader sort={sort} onSort={onSort} />
          <tbody>
            <Spacer height={top} />
            {items.map((item) => {
              const row = rows[visible[item.index] ?? -1];
              return row ? <HkTableRow key={row.code} row={row} rowIndex={item.index + 2} onOpen={onOpen} /> : null;
            })}
            <Spacer height={bottom} />
          </tbody>
        </table>
      </div>
      {edges.end && <ScrollCue target={scrollElement} label={t('More columns')} />}
    </div>
  );
}
