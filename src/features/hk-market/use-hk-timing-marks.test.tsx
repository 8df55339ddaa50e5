// @vitest-environment happy-dom
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SortState } from './hk-sort';
import { HK_ROWS_DRAWN_MARK, HK_SORTED_MARK, useHkTimingMarks } from './use-hk-timing-marks';

const byCode: SortState = { key: 'code', direction: 'asc' };
const marks = (name: string) => performance.getEntriesByName(name, 'mark').length;
const frames = () => new Promise((resolve) => setTimeout(resolve, 50));

beforeEach(() => {
  performance.clearMarks();
});
afterEach(cleanup);

describe('useHkTimingMarks', () => {
  it('marks the rows drawn once, after the first commit that has rows', async () => {
    const { rerender } = renderHook(
      ({ count }) => {
        useHkTimingMarks(count, byCode);
      },
      { initialProps: { count: 0 } },
    );
    await frames();
    expect(marks(HK_ROWS_DRAWN_MARK)).toBe(0);
    rerender({ count: 2600 });
    await waitFor(() => {
      expect(marks(HK_ROWS_DRAWN_MARK)).toBe(1);
    });
    rerender({ count: 2599 });
    await frames();
    expect(marks(HK_ROWS_DRAWN_MARK)).toBe(1);
  });

  it('marks each re-sort (replacing the last mark), not the first order nor a new object with the same order', async () => {
    const { rerender } = renderHook(
      ({ sort }) => {
        useHkTimingMarks(10, sort);
      },
      { initialProps: { sort: byCode } },
    );
    await frames();
    expect(marks(HK_SORTED_MARK)).toBe(0);
    rerender({ sort: { ...byCode } });
    await frames();
    expect(marks(HK_SORTED_MARK)).toBe(0);
    rerender({ sort: { key: 'changePercent', direction: 'asc' } });
    await waitFor(() => {
      expect(marks(HK_SORTED_MARK)).toBe(1);
    });
    const first = performance.getEntriesByName(HK_SORTED_MARK, 'mark')[0]?.startTime ?? Infinity;
    rerender({ sort: { key: 'changePercent', direction: 'desc' } });
    // A second sort replaces the mark (one entry however long the table is used).
    await waitFor(() => {
      expect(performance.getEntriesByName(HK_SORTED_MARK, 'mark')[0]?.startTime).toBeGreaterThan(first);
    });
    expect(marks(HK_SORTED_MARK)).toBe(1);
  });
});
