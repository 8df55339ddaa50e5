/**
 * A K-line in numbers, as the dashboard computes and draws it. The API carries prices as decimal
 * strings; `src/api` keeps them as strings and the query layer converts them here.
 */
export interface Candle {
  /** Period start, ms UTC (the API's `time`). */
  time: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  /** Traded value; absent for futures. */
  quoteVolume?: number;
  /** Open interest; futures only. */
  openInterest?: number;
}
