/**
 * Test support (tests only): a fresh QueryClient without retries, the app's services built for a
 * test (an API client over the page's `fetch`, which tests stub; a realtime client whose socket
 * never opens unless the test gives one, so every consumer polls HTTP), and providers of them.
 */
import { QueryClient } from '@tanstack/react-query';
import { createElement, useState, type ReactNode } from 'react';
import { vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { simFetch, type SimHandle } from '../api/sim-fetch.test-support';
import { RealtimeClient } from '../realtime/realtime-client';
import { inertSocketFactory } from '../realtime/socket';
import type { Clock } from '../time/clock';
import { createAppServices, type AppServices, type AppServicesOptions } from './app-services';
import { AppServicesProvider } from './app-services-context';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** The app's services for one test; `realtime`: a client of the test's own (a fake socket's). */
export function testServices(options: Partial<AppServicesOptions> & { realtime?: RealtimeClient } = {}): AppServices {
  const { realtime, ...rest } = options;
  return createAppServices({
    realtime: realtime ?? new RealtimeClient({ createSocket: inertSocketFactory, url: () => 'ws://chartroom.test/v1/realtime' }),
    queryClient: testQueryClient(),
    ...rest,
  });
}

export interface TestServicesProps {
  /** The services to provide; else test services around `client` and `realtime`. */
  services?: AppServices;
  client?: QueryClient;
  realtime?: RealtimeClient;
  children?: ReactNode;
}

/** Provides the app's services to a test's tree, as the app's root does. */
export function TestServices({ services, client, realtime, children }: TestServicesProps) {
  const [provided] = useState(() => services ?? testServices({ ...(client && { queryClient: client }), ...(realtime && { realtime }) }));
  return createElement(AppServicesProvider, { services: provided, children });
}

/** A renderHook wrapper providing `services`, or test services around the query client given. */
export function wrapperFor(target: QueryClient | AppServices) {
  const services = target instanceof QueryClient ? testServices({ queryClient: target }) : target;
  return function Wrapper({ children }: { children: ReactNode }) {
    return createElement(AppServicesProvider, { services, children });
  };
}

/**
 * Test services whose requests the simulator `sim` answers (as `key`); `calls` records every path
 * asked for. `clock`: the data's clock (a server clock following the answers by default).
 */
export function simServices(sim: SimHandle, key = 'demo-enterprise', clock?: Clock) {
  const stub = simFetch(sim, key);
  const services = testServices({ fetch: stub.fetch, ...(clock && { clock }) });
  return { services, wrapper: wrapperFor(services), calls: stub.calls };
}

/** A refetchInterval option evaluated for a query that last succeeded, or failed with a 5001. */
export function intervalAfter(option: unknown, status: 'success' | 'error'): unknown {
  if (typeof option !== 'function') return option;
  const error =
    status === 'error' ? new ApiError({ kind: 'api', path: '/v1/market/trades', status: 502, rawCode: 5001, message: 'Data source unavailable' }) : null;
  return (option as (query: unknown) => unknown)({ state: { status, error, data: undefined } });
}

/**
 * Replaces fetch with one that records every request and never answers, so each URL recorded is a
 * fetch started (a second one could only come from a second fetch). Undo with vi.unstubAllGlobals().
 */
export function recordUnansweredFetches(): URL[] {
  const requested: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      requested.push(new URL(String(input instanceof Request ? input.url : input), 'http://localhost'));
      return new Promise<Response>(() => undefined);
    }),
  );
  return requested;
}
