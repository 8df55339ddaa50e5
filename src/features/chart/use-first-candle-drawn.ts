/**
 * True once the page has drawn its first candle (the `chartroom:first-candle` mark): what loads on
 * demand beside the chart (the drawing tools) starts then, so it never delays that candle.
 */
import { useEffect, useState } from 'react';
import { TIMING_MARKS } from '../../lib/timing-marks';

function drawn(): boolean {
  return typeof performance !== 'undefined' && performance.getEntriesByName(TIMING_MARKS.firstCandle, 'mark').length > 0;
}

export function useFirstCandleDrawn(hasCandles: boolean): boolean {
  const [ready, setReady] = useState(drawn);
  useEffect(() => {
    if (ready || !hasCandles) return undefined;
    const check = (): void => {
      if (drawn()) setReady(true);
    };
    const observer = typeof PerformanceObserver === 'function' ? new PerformanceObserver(check) : undefined;
    observer?.observe({ type: 'mark' });
    // Without observers (tests), or a mark set before observing: look again shortly.
    const timer = setInterval(check, 500);
    check();
    return () => {
      observer?.disconnect();
      clearInterval(timer);
    };
  }, [ready, hasCandles]);
  return ready && hasCandles;
}
