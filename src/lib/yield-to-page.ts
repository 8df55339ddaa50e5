/**
 * Ends the current task and resumes in a new one, so that what the page has waiting (a tap, a
 * key, a frame) runs between two pieces of long work. `scheduler.yield()` where the browser has
 * it (it resumes ahead of other queued tasks), a zero timeout elsewhere.
 */
interface YieldingScheduler {
  yield?: () => Promise<void>;
}

export function yieldToPage(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
}

/** Resumes once the browser has painted a frame: what was written before the call is on screen. */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}
