import { describe, expect, it } from 'vitest';
import { countText } from './hk-count';

describe('countText', () => {
  it('counts every security, or how many of them match', () => {
    expect(countText(2603, 2603)).toBe('2,603 securities');
    expect(countText(12, 2603)).toBe('12 of 2,603 match');
    expect(countText(1, 2603)).toBe('1 of 2,603 matches');
    expect(countText(0, 2603)).toBe('0 of 2,603 match');
    expect(countText(1, 1)).toBe('1 security');
  });
});
