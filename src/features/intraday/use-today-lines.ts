/**
 * Today's intraday lines as the chart draws them: the polled minute series with the ticker pushes
 * folded in while the ticker channel is live (both the 1-day and the 5-day view).
 */
import { useIntraday } from './api/use-intraday';
import { useLiveTicker } from '../../realtime/hooks';
import { useLiveLines } from './use-live-lines';

export function useTodayLines(symbol: string) {
  const pushed = useLiveTicker(symbol);
  const live = pushed.state === 'live';
  const intraday = useIntraday(symbol, undefined, live);
  const lines = useLiveLines(intraday.data?.lines, live ? pushed.ticker : undefined);
  return { intraday, lines };
}
