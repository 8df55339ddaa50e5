/** Test support (tests only): a fresh QueryClient without retries and a wrapper providing it. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactNode } from 'react';
import { vi } from 'vitest';
import { ApiError } from '../api/api-error';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

export function wrapperFor(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return createElement(QueryClientProvider, { client }, children);
  };
}

/** A refetchInterval option evaluated for a query that last succeeded, or failed with a 5001. */
export function intervalAfter(option: unknown, status: 'success' | 'error'): unknown {
  if (typeof option !== 'function') return option;
  const error = status === 'error' ? new ApiError({ kind: 'api', path: '/v1/market/trades', status: 502, rawCode: 5001, message: 'Data source unavailable' }) : null;
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
