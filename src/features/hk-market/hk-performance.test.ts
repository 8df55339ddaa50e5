import { describe, expect, it } from 'vitest';
import { COLUMNS } from './hk-columns';
import { filterIndexes } from './hk-filter';
import { topMovers } from './hk-movers';
import { toHkRows } from './hk-row';
import { sortIndexes, type SortState } from './hk-sort';
import { hkMarket } from './hk-test-data';

/** Best of a few runs: the budget is about the code, not about a busy CI machine. */
function bestMs(run: () => void, times = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    run();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

describe('the HK table at full market size', () => {
  const entries = hkMarket(2600);
  const rows = toHkRows(entries);

  it('has the size of the real feed', () => {
    expect(rows).toHaveLength(2603);
  });

  it('sorts and filters by any column well under 50 ms', () => {
    for (const { key } of COLUMNS) {
      for (const direction of ['asc', 'desc'] as const) {
        const sort: SortState = { key, direction };
        const ms = bestMs(() => {
          const order = sortIndexes(rows, sort);
          filterIndexes(rows, order, '00', 'stock');
        });
        expect(ms, `${key} ${direction}`).toBeLessThan(50);
      }
    }
  });

  it('prepares the rows and the movers of a data update well under 50 ms', () => {
    expect(bestMs(() => topMovers(toHkRows(entries)))).toBeLessThan(50);
  });
});
