/**
 * Test support (tests only): the real simulator in process behind a stubbed `fetch`, as the
 * Chartroom server would put it (X-API-Key added, X-Chartroom-Source set, gzip decoded as a
 * browser would).
 *
 * The simulator is imported at run time through a variable: server code needs Node's types, which
 * the SPA's tsconfig does not load, and the SPA must never bundle it. `SimHandle` is the part of
 * server/sim/app.ts's `Simulator` the tests use.
 */

import { vi } from 'vitest';
import type { ApiError } from './api-error';

export interface SimHandle {
  app: { request(input: string | Request, init?: RequestInit): Response | Promise<Response> };
  faults: { update(patch: Record<string, unknown>): unknown; reset(): unknown };
  clock: { set(settings: { now?: number; frozen?: boolean }): unknown; now(): number };
  access: { setLimits(limits: { ratePerMinute?: number; monthlyQuota?: number }): void };
}

interface SimulatorModule {
  createSimulator(options: { clock?: { now?: number; frozen?: boolean } }): SimHandle;
}

const SIMULATOR_MODULE = '../../server/sim/app.ts';

/** A simulator whose clock is frozen at `iso`. */
export async function startSimulator(iso: string): Promise<SimHandle> {
  const module = (await import(/* @vite-ignore */ SIMULATOR_MODULE)) as SimulatorModule;
  return module.createSimulator({ clock: { now: Date.parse(iso), frozen: true } });
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
