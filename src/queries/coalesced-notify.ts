/**
 * TanStack Query notifies its observers through a scheduler that runs each notification in a
 * setTimeout(0) of its own: N queries answered in one task render N times. A replay step answers
 * every mounted query of its source in one task (the forming candles, histories and tickers of
 * four charts: 68.8 React commits a second at ten steps a second in the 2 × 2 bench). This one
 * runs every notification scheduled before its timer fires in that one task, in order, so React
 * batches their updates into one render.
 */
export type Scheduler = (run: () => void) => void;

export function coalescedScheduler(later: Scheduler = (run) => setTimeout(run, 0)): Scheduler {
  let pending: (() => void)[] = [];
  const runPending = () => {
    const due = pending;
    pending = [];
    for (const run of due) run();
  };
  return (run) => {
    pending.push(run);
    if (pending.length === 1) later(runPending);
  };
}
