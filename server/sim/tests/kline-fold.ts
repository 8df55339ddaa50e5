/** K-lines folded as the engine folds minutes: for checking a longer bar against its 1m K-lines over HTTP. */
import type { KlineJson } from '../test-support.ts';

/** One bar of `minutes` (ascending, non-empty), in the API's strings; prices and sums exact. */
export function foldKlines(minutes: readonly KlineJson[]): Omit<KlineJson, 'time'> {
  const first = minutes[0];
  const last = minutes[minutes.length - 1];
  if (!first || !last) throw new Error('no minutes');
  // Summed in time order, as the engine sums: each minute's turnover is the double its string names.
  let turnover = 0;
  for (const minute of minutes) turnover += Number(minute.quote_volume ?? 0);
  return {
    open: first.open,
    high: String(Math.max(...minutes.map((m) => Number(m.high)))),
    low: String(Math.min(...minutes.map((m) => Number(m.low)))),
    close: last.close,
    volume: String(minutes.reduce((sum, m) => sum + Number(m.volume), 0)),
    ...(first.quote_volume !== undefined && { quote_volume: String(Number(turnover.toFixed(2))) }),
    ...(last.open_interest !== undefined && { open_interest: last.open_interest }),
  };
}
