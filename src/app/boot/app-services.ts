/**
 * The app's services for this page, built once by the boot before anything asks: the query
 * client, the API client (whose first history page may already be in the page:
 * src/api/inlined-answer.ts), the realtime client on the browser's WebSocket and the ticker
 * batchers. The boot hands them to its own early work (prefetching, the early chart) and then to
 * the React tree (src/main.tsx).
 */
import { readInlinedAnswer, withInlinedAnswer } from '../../api/inlined-answer';
import { createAppServices, type AppServices } from '../../queries/app-services';
import { browserSocketFactory, realtimeUrl } from '../../realtime/socket';
import type { ServerClock } from '../../time/server-clock';

/** The services on `clock`, the data's clock set from the page's stamp (page-clock.ts); it follows the answers from here on. */
export function createPageServices(clock: ServerClock): AppServices {
  return createAppServices({
    createSocket: browserSocketFactory,
    realtimeUrl: () => realtimeUrl(window.location),
    fetch: withInlinedAnswer(
      (input, init) => fetch(input, init),
      readInlinedAnswer(),
      () => clock.now(),
    ),
    clock,
  });
}
