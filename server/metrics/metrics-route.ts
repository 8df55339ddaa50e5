/**
 * `GET /metrics`: the exposition for loopback clients, and for others only with
 * `Authorization: Bearer $METRICS_TOKEN` when a token is configured. Everyone else gets the
 * app's answer to an unknown path (`notFound`), so the endpoint is not advertised.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Handler } from 'hono';
import { clientAddress } from '../client-address.ts';
import type { ChartroomMetrics } from './chartroom-metrics.ts';

export interface MetricsAccess {
  /** METRICS_TOKEN; unset: loopback clients only. */
  token?: string;
  /** TRUST_PROXY: behind a proxy on the same host every socket is loopback, so the forwarded client decides. */
  trustProxyHops: number;
}

export function isLoopback(address: string): boolean {
  const bare = address.replace(/^::ffff:/i, '');
  return /^127\.\d+\.\d+\.\d+$/.test(bare) || bare === '::1' || /^0*:(0*:){0,6}0*1$/.test(bare);
}

/** The client of the request; undefined for in-process requests (no socket: the caller is this process). */
function requester(c: Context, hops: number): string | undefined {
  const socket = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket;
  if (socket === undefined) return undefined;
  return clientAddress({ socket: socket.remoteAddress, forwardedFor: c.req.header('x-forwarded-for') }, hops) ?? '';
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '')?.[1];
  // Compared as digests: constant time whatever the lengths.
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}

export function mayReadMetrics(c: Context, access: MetricsAccess): boolean {
  const client = requester(c, access.trustProxyHops);
  if (client === undefined || isLoopback(client)) return true;
  return access.token !== undefined && access.token !== '' && bearerMatches(c.req.header('authorization'), access.token);
}

export function metricsRoute(metrics: Pick<ChartroomMetrics, 'render' | 'contentType'>, access: MetricsAccess, notFound: () => Response): Handler {
  return async (c) => {
    if (!mayReadMetrics(c, access)) return notFound();
    return new Response(await metrics.render(), {
      status: 200,
      headers: { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' },
    });
  };
}
