/** The app's User Timing marks (read by the bench and the load journey). */
export const TIMING_MARKS = {
  reactMounted: 'chartroom:react-mounted',
  firstCandle: 'chartroom:first-candle',
  firstQuote: 'chartroom:first-quote',
} as const;

/** How long what waits for the first candle waits at most (a slow or failing chart). */
export const FIRST_CANDLE_BOUND_MS = 1_500;

/** Sets the mark unless it exists already (StrictMode, remounts). */
export function markOnce(name: string): void {
  if (!markSet(name)) performance.mark(name);
}

/** Whether the mark is set. */
export function markSet(name: string): boolean {
  return performance.getEntriesByName(name, 'mark').length > 0;
}

/** Resolves once the mark is set, or after `boundMs`: what waits for a mark must not wait forever (a hidden tab draws nothing). */
export function markOrBound(name: string, boundMs: number): Promise<void> {
  return new Promise((resolve) => {
    const set = (): boolean => markSet(name);
    if (set()) {
      resolve();
      return;
    }
    const done = (): void => {
      clearTimeout(timer);
      observer?.disconnect();
      resolve();
    };
    const timer = setTimeout(done, boundMs);
    const observer =
      typeof PerformanceObserver === 'function'
        ? new PerformanceObserver(() => {
            if (set()) done();
          })
        : undefined;
    observer?.observe({ type: 'mark' });
  });
}
