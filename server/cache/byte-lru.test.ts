import { describe, expect, it } from 'vitest';
import { ByteLru } from './byte-lru.ts';

describe('ByteLru', () => {
  it('evicts the least recently used entries until the bytes fit', () => {
    const evicted: string[] = [];
    const lru = new ByteLru<string>(100, (key) => evicted.push(key));
    lru.set('a', 'A', 40);
    lru.set('b', 'B', 40);
    expect(lru.get('a')).toBe('A'); // a is now more recent than b
    lru.set('c', 'C', 40);
    expect(evicted).toEqual(['b']);
    expect(lru.keys()).toEqual(['a', 'c']);
    expect(lru.bytes).toBe(80);
    lru.set('d', 'D', 90);
    expect(evicted).toEqual(['b', 'a', 'c']);
    expect([lru.size, lru.bytes]).toEqual([1, 90]);
  });

  it('never keeps a value larger than the bound, and a bound of 0 keeps nothing', () => {
    const lru = new ByteLru<string>(50);
    expect(lru.set('big', 'x', 51)).toBe(false);
    expect(lru.get('big')).toBeUndefined();
    const none = new ByteLru<string>(0);
    expect(none.set('a', 'A', 1)).toBe(false);
    expect(none.size).toBe(0);
  });

  it('replaces a key without counting it twice, and clears', () => {
    const lru = new ByteLru<string>(100);
    lru.set('a', 'A', 30);
    lru.set('a', 'A2', 50);
    expect([lru.get('a'), lru.bytes, lru.size]).toEqual(['A2', 50, 1]);
    lru.clear();
    expect([lru.size, lru.bytes]).toEqual([0, 0]);
  });
});
