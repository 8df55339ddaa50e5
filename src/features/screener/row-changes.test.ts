import { describe, expect, it } from 'vitest';
import { NO_CHANGES, rowChanges, sameSymbols } from './row-changes';

describe('rows entering and leaving a screen', () => {
  it('shows nothing new on a screen’s first answer', () => {
    const first = rowChanges(NO_CHANGES, 'a', ['X', 'Y']);
    expect([...first.entered]).toEqual([]);
    expect(first.left).toEqual([]);
  });

  it('tells the symbols that entered and those that left, in their orders', () => {
    const first = rowChanges(NO_CHANGES, 'a', ['X', 'Y', 'Z']);
    const next = rowChanges(first, 'a', ['W', 'Y', 'V']);
    expect([...next.entered]).toEqual(['W', 'V']);
    expect(next.left).toEqual(['X', 'Z']);
    // A reorder alone is neither.
    const reordered = rowChanges(next, 'a', ['V', 'Y', 'W']);
    expect([...reordered.entered]).toEqual([]);
    expect(reordered.left).toEqual([]);
  });

  it('starts afresh on another screen', () => {
    const first = rowChanges(NO_CHANGES, 'a', ['X']);
    const other = rowChanges(first, 'b', ['Y']);
    expect([...other.entered]).toEqual([]);
    expect(other.left).toEqual([]);
    expect(other.symbols).toEqual(['Y']);
  });

  it('compares two answers’ symbols in order', () => {
    expect(sameSymbols(['A', 'B'], ['A', 'B'])).toBe(true);
    expect(sameSymbols(['A', 'B'], ['B', 'A'])).toBe(false);
    expect(sameSymbols(['A'], ['A', 'B'])).toBe(false);
  });
});
