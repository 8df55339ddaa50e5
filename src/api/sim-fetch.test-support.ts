/**
 * Test support (tests only): the real simulator in process behind a stubbed `fetch`, as the
 * Chartroom server would put it (X-API-Key added, X-Chartroom-Source set, gzip decoded as a
 * browser would).
 *
 * Tests load the simulator as the server does; the SPA's own build never reaches this file.
 */
import { afterEach, beforeAll, vi } from 'vitest';
import { createSimulator, type Simulator } from '../../server/sim/app.ts';
import type { ApiError } from './api-error';

export type SimHandle = Simulator;

/** A simulator whose clock is frozen at `iso`. */
export function startSimulator(iso: string): SimHandle {
  return createSimulator({ clock: { now: Date.parse(iso), frozen: true } });
}

/**
 * The simulator of a test file: started before its tests with the clock frozen at `iso`, its
 * injected faults cleared after each test. Returns its getter.
 */
export function simulatorPerFile(iso = '2026-11-25T15:00:00Z'): () => SimHandle {
  let sim: SimHandle | undefined;
  beforeAll(() => {
    sim = startSimulator(iso);
  });
  afterEach(() => {
    sim?.faults.reset();
  });
  return () => {
    if (!sim) throw new Error('the simulator starts before the tests');
    return sim;
  };
}

function pathOf(input: RequestInfo | URL): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (url.startsWith('/')) return url;
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** A `fetch` answered by `sim` with the given key; `calls` records every path asked for. */
export function simFetch(sim: SimHandle, key = 'demo-enterprise'): { fetch: typeof fetch; calls: string[] } {
  const calls: string[] = [];
  const stub = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = pathOf(input);
    calls.push(path);
    const headers = new Headers(init?.headers);
    headers.set('X-API-Key', key);
    headers.set('Accept-Encoding', 'gzip');
    const request = new Request(`http://chartroom.test${path}`, { headers });
    // happy-dom's Request drops Accept-Encoding (forbidden in browsers, which add it themselves).
    if (request.headers.get('Accept-Encoding') === null) Object.defineProperty(request, 'headers', { value: headers });
    const answer = await sim.app.request(request);
    const out = new Headers(answer.headers);
    out.set('X-Chartroom-Source', 'simulator');
    let body: BodyInit | null = answer.body;
    if (answer.headers.get('Content-Encoding') === 'gzip' && answer.body) {
      body = answer.body.pipeThrough(new DecompressionStream('gzip'));
      out.delete('Content-Encoding');
      out.delete('Content-Length');
    }
    return new Response(body, { status: answer.status, headers: out });
  };
  return { fetch: stub, calls };
}

/** Stubs the global `fetch` with the simulator answering as `key`'s plan; returns the paths asked. */
export function answerAs(sim: SimHandle, key = 'demo-enterprise'): string[] {
  const stub = simFetch(sim, key);
  vi.stubGlobal('fetch', stub.fetch);
  return stub.calls;
}

/** The error a promise rejects with (it must reject). */
export async function rejectionOf(promise: Promise<unknown>): Promise<ApiError> {
  return (await promise.then(
    () => {
      throw new Error('expected a rejection');
    },
    (error: unknown) => error,
  )) as ApiError;
}
