/**
 * User Timing marks for `npm run bench` (and any profiler): when the table's rows are first on
 * screen, and when a re-sorted table is. Each mark is set after the frame that painted the
 * change: a task queued from a frame callback runs once that frame has been rendered.
 */
import { useEffect, useRef } from 'react';
import type { SortState } from './hk-sort';

export const HK_ROWS_DRAWN_MARK = 'chartroom:hk-rows-drawn';
export const HK_SORTED_MARK = 'chartroom:hk-sorted';

/** Sets the mark (replacing an earlier one of that name: a day of sorting keeps one entry). */
function markAfterPaint(name: string): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      performance.clearMarks(name);
      performance.mark(name);
    }, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** For the table component: `rowCount` rows are committed; `sort` is the order they are drawn in. */
export function useHkTimingMarks(rowCount: number, sort: SortState): void {
  const drawn = useRef(false);
  useEffect(() => {
    if (drawn.current || rowCount === 0) return;
    drawn.current = true;
    markAfterPaint(HK_ROWS_DRAWN_MARK);
  }, [rowCount]);

  const lastSort = useRef(sort);
  useEffect(() => {
    if (lastSort.current.key === sort.key && lastSort.current.direction === sort.direction) return;
    lastSort.current = sort;
    return markAfterPaint(HK_SORTED_MARK);
  }, [sort]);
}
