/**
 * Test upstreams for the catalogue: the simulator in process (as simulator mode reaches it),
 * counting the targets it is asked, with a switch to move the product list's `last_updated` or
 * fail every request.
 */
import { createSimulator } from '../sim/app.ts';
import type { CatalogUpstream } from './upstream-data.ts';

export interface SimUpstream {
  upstream: CatalogUpstream;
  /** Every target asked, in order. */
  targets: string[];
  /** Replaces `summary.last_updated` in the product list's answers (undefined: the simulator's). */
  lastUpdated: string | undefined;
  /** Answers every request with this status and envelope code instead. */
  failWith: { status: number; code: number } | undefined;
}

export function simUpstream(): SimUpstream {
  const simulator = createSimulator();
  const state: SimUpstream = {
    targets: [],
    lastUpdated: undefined,
    failWith: undefined,
    upstream: async (target) => {
      state.targets.push(target);
      if (state.failWith) return Response.json({ code: state.failWith.code, message: 'failed' }, { status: state.failWith.status });
      const response = await simulator.app.fetch(new Request(`http://sim.test${target}`, { headers: { 'X-API-Key': 'demo-enterprise' } }));
      if (state.lastUpdated === undefined || !target.startsWith('/v1/symbols/available')) return response;
      const body = (await response.json()) as { data: { summary: { last_updated: string } } };
      body.data.summary.last_updated = state.lastUpdated;
      return Response.json(body);
    },
  };
  return state;
}
