/**
 * The services one dashboard runs on, built together (the app's boot builds them next to each
 * other, tests build their own) and handed to the React tree (app-services-context.tsx) and to
 * the code that runs before or beside it (prefetching, the early chart): no client lives at
 * module scope, so two screens, two charts or a test each have theirs.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ProductType } from '#shared/contract.ts';
import { createApiClient, type ApiClient } from '../api/client';
import { fetchTickers } from '../api/quote-endpoints';
import { followServerClock } from '../api/server-clock';
import type { Clock } from '../time/clock';
import { createServerClock, isServerClock } from '../time/server-clock';
import type { Realtime } from '../realtime/realtime';
import { createLiveMarketFeed } from './market-feed/live-market-feed';
import type { MarketFeed } from './market-feed/market-feed';
import { createQueryClient } from './query-client';
import { createTickerBatchers, type TickerBatchers } from './ticker-batcher';

export interface AppServices {
  readonly queryClient: QueryClient;
  /** Every HTTP request, with its rate-limit gate and its settled-request events. */
  readonly api: ApiClient;
  /** The one WebSocket, its subscriptions and their states. */
  readonly realtime: Realtime;
  /** Ticker requests of many queries folded into ≤50-symbol requests of `api`. */
  readonly tickers: TickerBatchers;
  /** The data's clock: every reading of the market's time goes through it. */
  readonly clock: Clock;
  /** Market data, the one way panels and the alert evaluator read it: the live feed over the three above. */
  readonly feed: MarketFeed;
  /**
   * Whether dates may be shown: a blind replay hides them (axis, legend, trade log) until revealed.
   * Absent on live services: always shown.
   */
  readonly dates?: DatesVisibility;
}

export interface DatesVisibility {
  readonly hidden: () => boolean;
  readonly subscribe: (listener: () => void) => () => void;
}

export interface AppServicesOptions {
  /**
   * The realtime client: the page's is loaded after its first candle (app/boot/app-services.ts);
   * a test's runs on a fake socket, or one that never opens.
   */
  realtime: Realtime;
  /** The HTTP transport; the page's `fetch` by default. */
  fetch?: typeof fetch;
  /** The app's retry policy by default (createQueryClient). */
  queryClient?: QueryClient;
  /**
   * The data's clock; a new server clock by default. A server clock (createServerClock: the
   * page's, already set from its stamp) follows `api`'s answers; another (a test's) is used as it is.
   */
  clock?: Clock;
}

export function createAppServices(options: AppServicesOptions): AppServices {
  const api = createApiClient({ ...(options.fetch && { fetch: options.fetch }) });
  const clock = options.clock ?? createServerClock();
  // The data's clock follows the server's answers for as long as the services live.
  if (isServerClock(clock)) followServerClock(api, clock);
  const tickers = createTickerBatchers((symbols: string[], type: ProductType | undefined) => fetchTickers(api, { symbols, ...(type && { type }) }));
  const { realtime } = options;
  return {
    queryClient: options.queryClient ?? createQueryClient(),
    api,
    realtime,
    tickers,
    clock,
    feed: createLiveMarketFeed(api, tickers, realtime),
  };
}
