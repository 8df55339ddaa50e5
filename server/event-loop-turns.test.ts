import { describe, expect, it } from 'vitest';
import { oneCallerATurn } from './event-loop-turns.ts';

describe('oneCallerATurn', () => {
  it('gives each caller of a burst a turn of its own, in call order: work queued by one runs before the next resumes', async () => {
    const nextTurn = oneCallerATurn();
    const order: string[] = [];
    const callers = ['a', 'b', 'c'].map(async (name) => {
      await nextTurn();
      order.push(name);
      // What another request would do meanwhile: work queued for the loop's next turn.
      setImmediate(() => order.push(`after ${name}`));
    });
    await Promise.all(callers);
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(order).toEqual(['a', 'after a', 'b', 'after b', 'c', 'after c']);
  });
});
