/**
 * The app's services for this page, built once by the boot before anything asks: the query
 * client, the API client (whose first history page may already be in the page:
 * src/api/inlined-answer.ts), the realtime client on the browser's WebSocket and the ticker
 * batchers. The boot hands them to its own early work (prefetching, the early chart) and then to
 * the React tree (src/main.tsx).
 *
 * The realtime client's code loads once the first candle is drawn (or after a bound): the first
 * candle comes over HTTP, and the socket's code is not on the first page. Subscriptions made
 * before it read 'connecting' and their readers poll HTTP, as they would while a socket opens.
 */
import { readInlinedAnswers, withInlinedAnswers } from '../../api/inlined-answer';
import { FIRST_CANDLE_BOUND_MS, markOrBound, TIMING_MARKS } from '../../lib/timing-marks';
import { createAppServices, type AppServices } from '../../queries/app-services';
import { deferredRealtime } from '../../realtime/deferred-realtime';
import type { ServerClock } from '../../time/server-clock';

async function loadRealtimeClient() {
  await markOrBound(TIMING_MARKS.firstCandle, FIRST_CANDLE_BOUND_MS);
  const { createBrowserRealtime } = await import('../../realtime/browser-realtime');
  return createBrowserRealtime();
}

/** The services on `clock`, the data's clock set from the page's stamp (page-clock.ts); it follows the answers from here on. */
export function createPageServices(clock: ServerClock): AppServices {
  return createAppServices({
    realtime: deferredRealtime(loadRealtimeClient),
    fetch: withInlinedAnswers(
      (input, init) => fetch(input, init),
      readInlinedAnswers(),
      () => clock.now(),
    ),
    clock,
  });
}
