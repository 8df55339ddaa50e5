/**
 * The simulator as an upstream over a real socket, behind a front that counts every request it
 * hears (path and query), waits `delayMs` before answering (a slightly slow upstream makes
 * concurrent requests overlap), and can answer 3002 to everything: the upstream of the tests of
 * sharing across instances on Redis. Its clock is frozen on a US afternoon.
 */
import { createSimulator } from '../sim/app.ts';
import { close, listen } from './raw-http.ts';

export interface CountingUpstream {
  port: number;
  targets: string[];
  delayMs: number;
  /** Answers 3002 (quota exhausted) to everything while set. */
  quotaExhausted: boolean;
  stop(): Promise<void>;
}

export async function startCountingSimulator(): Promise<CountingUpstream> {
  const sim = createSimulator({ clock: { now: Date.parse('2026-11-25T15:00:00Z'), frozen: true }, limits: { ratePerMinute: 100_000_000 } });
  const upstream: CountingUpstream = { port: 0, targets: [], delayMs: 200, quotaExhausted: false, stop: () => Promise.resolve() };
  const { server, port } = await listen(async (request, env) => {
    const url = new URL(request.url);
    upstream.targets.push(url.pathname + url.search);
    await new Promise((resolve) => setTimeout(resolve, upstream.delayMs));
    if (upstream.quotaExhausted) return Response.json({ code: 3002, message: 'Quota exhausted' }, { status: 403 });
    return sim.app.fetch(request, env);
  });
  upstream.port = port;
  upstream.stop = () => close(server);
  return upstream;
}
