/** A chart's state for the indicator tests: one bar every 10 s of UTC at the given closes. */
import { chartTime } from '../../time/time-types';
import { chartPalette } from './chart-palette';
import type { ChartState } from './chart-state';

export const bar = (time: number, close: number) => ({ time: chartTime(time), open: close, high: close, low: close, close, volume: 1 });

export function stateOf(closes: number[]): ChartState {
  const bars = closes.map((close, i) => bar(10 * (i + 1), close));
  return {
    bars,
    times: bars.map(({ time }) => time),
    offset: 0,
    axis: { zone: 'utc', marketTimeZone: 'America/New_York', intraday: false, periodic: false },
    timeOf: (ms) => chartTime(ms / 1000),
    palette: chartPalette('dark', 'green-up'),
    decimals: 2,
  };
}
