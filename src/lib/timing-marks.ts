/** The app's User Timing marks (read by the bench and the load journey). */
export const TIMING_MARKS = {
  reactMounted: 'chartroom:react-mounted',
  firstCandle: 'chartroom:first-candle',
  firstQuote: 'chartroom:first-quote',
} as const;

/** Sets the mark unless it exists already (StrictMode, remounts). */
export function markOnce(name: string): void {
  if (performance.getEntriesByName(name, 'mark').length === 0) performance.mark(name);
}
