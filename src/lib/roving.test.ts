import { describe, expect, it } from 'vitest';
import { nextRovingIndex } from './roving';

describe('nextRovingIndex', () => {
  it('moves along its axis and stops at either end', () => {
    expect(nextRovingIndex('ArrowDown', 0, 3, 'vertical')).toBe(1);
    expect(nextRovingIndex('ArrowDown', 2, 3, 'vertical')).toBe(2);
    expect(nextRovingIndex('ArrowUp', 0, 3, 'vertical')).toBe(0);
    expect(nextRovingIndex('ArrowRight', 1, 3, 'vertical')).toBeUndefined();
    expect(nextRovingIndex('End', 0, 3, 'horizontal')).toBe(2);
    expect(nextRovingIndex('Home', 2, 3, 'horizontal')).toBe(0);
  });

  it('goes round with wrap (the list tabs)', () => {
    expect(nextRovingIndex('ArrowRight', 2, 3, 'horizontal', true)).toBe(0);
    expect(nextRovingIndex('ArrowLeft', 0, 3, 'horizontal', true)).toBe(2);
  });

  it('has nowhere to go in an empty widget', () => {
    expect(nextRovingIndex('ArrowDown', 0, 0, 'vertical')).toBeUndefined();
  });
});
