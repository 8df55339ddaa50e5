import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToPage } from './yield-to-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('yieldToPage', () => {
  it("uses the browser's scheduler.yield when there is one", async () => {
    const yieldFn = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldFn });
    await yieldToPage();
    expect(yieldFn).toHaveBeenCalledTimes(1);
  });

  it('otherwise resolves in a later task, after a timeout queued before it', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    const done = yieldToPage().then(() => order.push('after yield'));
    await Promise.resolve();
    expect(order).toEqual([]);
    await done;
    expect(order).toEqual(['queued task', 'after yield']);
  });
});
