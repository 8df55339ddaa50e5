/**
 * Ends the current task so the page can answer input and paint before the next step goes on
 * (a long boot on a slow phone is split at each await). `scheduler.yield()` where the browser has
 * it (the rest runs before other queued tasks), a zero timeout elsewhere.
 */
interface YieldingScheduler {
  yield: () => Promise<void>;
}

export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}
