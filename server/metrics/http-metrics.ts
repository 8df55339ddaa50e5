/** Middleware counting every answered request by endpoint, status and envelope code. */
import type { MiddlewareHandler } from 'hono';
import { rawTarget } from '../request-guards.ts';
import type { ChartroomMetrics } from './chartroom-metrics.ts';
import { notedEnvelopeCode, peekEnvelopeCode } from './envelope-code.ts';

/** The path as received (a traversal must not be counted under the contract path it resolves to). */
function receivedPath(target: string): string {
  const mark = target.indexOf('?');
  return mark === -1 ? target : target.slice(0, mark);
}

export function httpMetrics(metrics: ChartroomMetrics): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const path = receivedPath(rawTarget(c) ?? new URL(c.req.url).pathname);
    const code = notedEnvelopeCode(c.req.raw) ?? (await peekEnvelopeCode(c.res));
    metrics.recordRequest(path, c.res.status, code);
    return undefined;
  };
}
