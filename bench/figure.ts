/** One benchmark figure with its target. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  decimals?: number;
  target?: string;
  pass?: boolean;
  /** Heading the table prints the figure under (figures without one come first, as before). */
  group?: string;
  /** Raw sample summaries behind the figure, by series (e.g. `app`, `bare`): kept in the JSON. */
  samples?: Record<string, SampleSummary>;
  /** Lines printed under the figure's row (per-file sizes, failing audits). */
  details?: string[];
}

/** What the JSON keeps of a series of samples. */
export interface SampleSummary {
  median: number;
  p95: number;
  n: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export function summarize(values: readonly number[]): SampleSummary {
  return { median: median(values), p95: percentile(values, 95), n: values.length };
}

/** Times `run` `count` times, returning milliseconds per run. */
export async function timeRuns(count: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run(i);
    times.push(performance.now() - started);
  }
  return times;
}
