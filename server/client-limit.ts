/**
 * The per-client rate limit on `/v1` (CLIENT_RATE_LIMIT): protects the shared key from one
 * browser, script or runaway tab. Refused requests get 429 `3001` with Retry-After and never
 * reach the upstream or the simulator.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ERROR_CODES, ERROR_MESSAGES } from '#shared/contract.ts';
import { clientAddress, clientKey } from './client-address.ts';
import type { ClientRateLimiter } from './rate-limiter.ts';
import { errorResponse } from './upstream/envelope.ts';

const { RATE_LIMITED } = ERROR_CODES;

function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

/** The bucket a request counts against. */
export function clientOf(c: Context, trustedProxyHops: number): string {
  return clientKey(clientAddress({ socket: socketAddress(c), forwardedFor: c.req.header('x-forwarded-for') }, trustedProxyHops));
}

export function clientRateLimit(limiter: ClientRateLimiter, trustedProxyHops: number): MiddlewareHandler {
  return async (c, next) => {
    const decision = limiter.take(clientOf(c, trustedProxyHops));
    if (!decision.allowed) {
      return errorResponse(429, RATE_LIMITED, `${ERROR_MESSAGES[RATE_LIMITED]}: more than ${limiter.perMinute} requests per minute from this client`, {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
    await next();
    return undefined;
  };
}
