/**
 * Test support (tests only): the real simulator in process behind a stubbed `fetch`, with a hook
 * to make chosen paths fail, and a render helper with a fresh QueryClient (no retries).
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { simFetch, startSimulator, type SimHandle } from '../../api/sim-fetch.test-support';
import { testQueryClient, TestServices } from '../../queries/query-test-support';

export interface Connection {
  /** Every path asked for, in order. */
  calls: string[];
  /** Paths matching it answer 503 {code: 5001} until cleared (set to undefined). */
  failing: { pattern: RegExp | undefined };
}

export function simulatorAt(iso: string): SimHandle {
  return startSimulator(iso);
}

/** Stubs `fetch` with the simulator frozen at `iso`. */
export function connect(sim: SimHandle, iso: string): Connection {
  sim.clock.set({ now: Date.parse(iso), frozen: true });
  const stub = simFetch(sim);
  const failing: Connection['failing'] = { pattern: undefined };
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname + input.search : input.url;
    calls.push(path);
    if (failing.pattern?.test(path)) {
      return new Response(JSON.stringify({ code: 5001, message: 'Data source unavailable' }), {
        status: 503,
        headers: { 'Content-Type': 'application/json', 'X-Chartroom-Source': 'simulator' },
      });
    }
    return stub.fetch(input, init);
  });
  return { calls, failing };
}

export function renderWithClient(ui: ReactElement) {
  return render(<TestServices client={testQueryClient()}>{ui}</TestServices>);
}

/** beg_day and end_day of every trade-days request among `calls`. */
export function tradeDaysRequests(calls: readonly string[]): { market: string; begDay: string; endDay: string }[] {
  return calls
    .filter((path) => path.startsWith('/v1/market/trade-days?'))
    .map((path) => {
      const params = new URLSearchParams(path.slice(path.indexOf('?') + 1));
      return { market: params.get('market') ?? '', begDay: params.get('beg_day') ?? '', endDay: params.get('end_day') ?? '' };
    });
}
