import { describe, expect, it } from 'vitest';
import { dropIndex } from './drag-row';

describe('dropIndex', () => {
  // The other rows' midpoints: rows 24 px high from the top of the list.
  const midpoints = [12, 36, 60, 84];

  it('lands before the first row whose middle is below the pointer', () => {
    expect(dropIndex(midpoints, 0)).toBe(0);
    expect(dropIndex(midpoints, 13)).toBe(1);
    expect(dropIndex(midpoints, 59)).toBe(2);
  });

  it('lands last below every row, and in place when there is no other row', () => {
    expect(dropIndex(midpoints, 500)).toBe(4);
    expect(dropIndex([], 10)).toBe(0);
  });
});
