// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toHkRows } from './hk-row';
import { sortIndexes, type SortState } from './hk-sort';
import { HkTable } from './hk-table';
import { ROW_HEIGHT } from './hk-table-row';
import { hkMarket } from './hk-test-data';

const VIEWPORT = 280;
const rows = toHkRows(hkMarket(2600));
const sort: SortState = { key: 'changePercent', direction: 'desc' };
const order = sortIndexes(rows, sort);

beforeEach(() => {
  // happy-dom has no layout: a 280 px viewport (10 rows) for the virtualizer to measure.
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(VIEWPORT);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(960);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderTable(props: { initialOffset?: number; onLeave?: (offset: number) => void } = {}) {
  return render(
    <HkTable
      rows={rows}
      visible={order}
      sort={sort}
      onSort={vi.fn()}
      onOpen={vi.fn()}
      initialOffset={props.initialOffset ?? 0}
      onLeave={props.onLeave ?? vi.fn()}
      resetKey="k"
    />,
  );
}

function scrollTo(offset: number) {
  const scroller = screen.getByTestId('hk-table-scroll');
  Object.defineProperty(scroller, 'scrollTop', { configurable: true, value: offset });
  act(() => {
    fireEvent.scroll(scroller);
  });
}

function rowIndexes(): number[] {
  return screen.getAllByTestId('hk-row').map((row) => Number(row.getAttribute('aria-rowindex')));
}

describe('HkTable (virtualised)', () => {
  it('keeps only the rows in view in the DOM, and tells the full size', () => {
    renderTable();
    const shown = screen.getAllByTestId('hk-row');
    expect(shown.length).toBeGreaterThanOrEqual(VIEWPORT / ROW_HEIGHT);
    expect(shown.length).toBeLessThan(40);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('2604');
    expect(rowIndexes()[0]).toBe(2);
    expect(shown[0]?.getAttribute('data-code')).toBe(rows[order[0] ?? -1]?.code);
  });

  it('renders the rows of the scroll position, down to the last one', () => {
    renderTable();
    scrollTo(1000 * ROW_HEIGHT);
    const indexes = rowIndexes();
    expect(indexes).toContain(1000 + 2);
    expect(indexes).not.toContain(2);
    expect(screen.getAllByTestId('hk-row').length).toBeLessThan(50);

    scrollTo(order.length * ROW_HEIGHT - VIEWPORT);
    expect(rowIndexes().at(-1)).toBe(order.length + 1);
    expect(screen.getAllByTestId('hk-row').at(-1)?.getAttribute('data-code')).toBe(rows[order.at(-1) ?? -1]?.code);
  });

  it('reports where it was scrolled when it goes, and starts there when it comes back', () => {
    const onLeave = vi.fn();
    const first = renderTable({ onLeave });
    scrollTo(500 * ROW_HEIGHT);
    first.unmount();
    expect(onLeave).toHaveBeenCalledWith(500 * ROW_HEIGHT);
    renderTable({ initialOffset: 500 * ROW_HEIGHT });
    expect(rowIndexes()).toContain(500 + 2);
  });
});
