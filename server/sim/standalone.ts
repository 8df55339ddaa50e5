/**
 * What `npm run sim` serves over HTTP: the simulator, answering browsers from any origin as the
 * public service does (its demo clients are pages opened from disk calling it with `X-API-Key`),
 * preflight included. Only `/v1/*`: the `/__sim/*` controls stay same-origin. The Chartroom
 * server's embedded simulator does not go through this (it keeps the server's own CORS rule).
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { Simulator } from './app.ts';

export function standaloneApp(simulator: Pick<Simulator, 'app'>): Hono {
  const app = new Hono();
  app.use(
    '/v1/*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'OPTIONS'],
      allowHeaders: ['X-API-Key', 'Content-Type', 'Accept'],
      exposeHeaders: ['Retry-After'],
      maxAge: 600,
    }),
  );
  // The bindings carry the Node request: the simulator reads the client address from them.
  app.all('*', (c) => simulator.app.fetch(c.req.raw, c.env));
  return app;
}
