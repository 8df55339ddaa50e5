import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { step, type LevelMemory } from './crossing.ts';

function run(level: number, prices: readonly number[]): ('up' | 'down' | undefined)[] {
  let memory: LevelMemory | undefined;
  return prices.map((price) => {
    const next = step(memory, level, price);
    memory = next.memory;
    return next.crossed;
  });
}

describe('step', () => {
  it('reports nothing on the first price, whichever side', () => {
    expect(run(100, [101])).toEqual([undefined]);
    expect(run(100, [99])).toEqual([undefined]);
    expect(run(100, [100])).toEqual([undefined]);
  });

  it('counts a jump over the level (a gap in the feed) as a crossing', () => {
    expect(run(100, [90, 120])).toEqual([undefined, 'up']);
    expect(run(100, [120, 80])).toEqual([undefined, 'down']);
  });

  it('counts touching the level once, however long the price sits there, and not again on the way on', () => {
    expect(run(100, [99, 100, 100, 100, 101, 102])).toEqual([undefined, 'up', undefined, undefined, undefined, undefined]);
  });

  it('does not count a touch-and-return twice, and re-arms once the price is back on its side', () => {
    expect(run(100, [99, 100, 99, 101])).toEqual([undefined, 'up', undefined, 'up']);
  });

  it('counts the way back down as its own crossing', () => {
    expect(run(100, [99, 101, 100, 99])).toEqual([undefined, 'up', 'down', undefined]);
  });

  it('learns the side after a first price exactly on the level, without reporting', () => {
    expect(run(100, [100, 101, 99])).toEqual([undefined, undefined, 'down']);
  });

  // Integer prices never equal a half level: every change of side is exactly one crossing.
  it('reports one crossing per change of side, never on the first price (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 60 }), (prices) => {
        const level = 10.5;
        const crossed = run(level, prices);
        expect(crossed[0]).toBeUndefined();
        let changes = 0;
        for (let i = 1; i < prices.length; i += 1) if ((prices[i] ?? 0) > level !== (prices[i - 1] ?? 0) > level) changes += 1;
        expect(crossed.filter((value) => value !== undefined)).toHaveLength(changes);
      }),
    );
  });

  it('never reports two crossings the same way without the price being strictly back on the other side (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 5, max: 15 }), { minLength: 1, maxLength: 80 }), (prices) => {
        const level = 10;
        const crossed = run(level, prices);
        let lastUp: number | undefined;
        let lastDown: number | undefined;
        crossed.forEach((value, index) => {
          if (value === 'up') {
            expect(prices[index]).toBeGreaterThanOrEqual(level);
            if (lastUp !== undefined) expect(prices.slice(lastUp + 1, index).some((price) => price < level)).toBe(true);
            lastUp = index;
          }
          if (value === 'down') {
            expect(prices[index]).toBeLessThanOrEqual(level);
            if (lastDown !== undefined) expect(prices.slice(lastDown + 1, index).some((price) => price > level)).toBe(true);
            lastDown = index;
          }
        });
      }),
    );
  });
});
