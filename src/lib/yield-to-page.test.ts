import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToPage } from './yield-to-page';

describe('yieldToPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('resumes after a task queued before it (a new task, not a microtask)', async () => {
    const order: string[] = [];
    setTimeout(() => order.push('queued task'), 0);
    await yieldToPage();
    order.push('resumed');
    expect(order).toEqual(['queued task', 'resumed']);
  });

  it("uses the browser's scheduler.yield where there is one", async () => {
    const schedulerYield = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: schedulerYield });
    await yieldToPage();
    expect(schedulerYield).toHaveBeenCalledOnce();
  });
});
