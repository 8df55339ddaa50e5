/**
 * Middleware answering crafted requests before any route sees them: a Host the server does not
 * answer for (DNS rebinding), and requests of a shape no browser sends (see request-target.ts,
 * and below). Both are judged on what was received, not on what a URL parser made of it.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { ERROR_CODES, ERROR_MESSAGES } from '#shared/contract.ts';
import { isAllowedHost, type HostPolicy } from './host-allowlist.ts';
import { checkRequestTarget } from './request-target.ts';
import { errorResponse } from './upstream/envelope.ts';

const { INVALID_PARAMETER } = ERROR_CODES;

/** What the Node adapter passes as `c.env` (absent for in-process requests). */
interface Incoming {
  url?: string;
  httpVersion?: string;
  rawHeaders?: string[];
  socket?: object;
}

function incomingOf(c: Context): Incoming | undefined {
  return (c.env as { incoming?: Incoming } | undefined)?.incoming;
}

/** The path and query of a URL, for requests without a raw target (in-process ones). */
export function pathAndQueryOf(url: string): string {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

/** The request target exactly as received (before URL normalisation), when Node supplied it. */
export function rawTarget(c: Context): string | undefined {
  return incomingOf(c)?.url;
}

/**
 * Connections that sent a refused request. Node parses pipelined requests before the refusal is
 * written, so anything queued behind it on the same connection is refused too, unseen.
 */
const poisoned = new WeakSet<object>();

/** A refusal of a crafted request; the connection is closed after it, so nothing behind it is read. */
function refuse(c: Context, status: number, detail: string): Response {
  const socket = incomingOf(c)?.socket;
  if (socket !== undefined) poisoned.add(socket);
  return errorResponse(status, INVALID_PARAMETER, `${ERROR_MESSAGES[INVALID_PARAMETER]}: ${detail}`, { Connection: 'close' });
}

/** GET and HEAD carry no body; one announced anyway is a request-smuggling shape. */
function announcesBody(c: Context): boolean {
  const length = c.req.header('content-length');
  return c.req.header('transfer-encoding') !== undefined || (length !== undefined && length.trim() !== '0');
}

function hostHeaderCount(incoming: Incoming | undefined): number {
  const raw = incoming?.rawHeaders ?? [];
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]?.toLowerCase() === 'host') count += 1;
  return count;
}

/** Why a request is not of a shape browsers send, or undefined. */
function shapeProblem(c: Context): { status: number; detail: string } | undefined {
  const incoming = incomingOf(c);
  if (incoming?.socket !== undefined && poisoned.has(incoming.socket)) return { status: 400, detail: 'request behind a refused one' };
  // Node's parser takes a request line without a version as HTTP/0.9, headers and all.
  if (incoming?.httpVersion !== undefined && incoming.httpVersion !== '1.1' && incoming.httpVersion !== '1.0') {
    return { status: 400, detail: 'HTTP/1.1 or HTTP/1.0 only' };
  }
  // Node keeps the first of several Host headers; RFC 9112 requires refusing them all.
  if (hostHeaderCount(incoming) > 1) return { status: 400, detail: 'more than one Host header' };
  const verdict = checkRequestTarget(incoming?.url ?? pathAndQueryOf(c.req.url));
  if (!verdict.ok) return verdict;
  if ((c.req.method === 'GET' || c.req.method === 'HEAD') && announcesBody(c)) return { status: 400, detail: `a ${c.req.method} request has no body` };
  return undefined;
}

/** Refuses targets outside the normal form, GET or HEAD requests announcing a body, and the like. */
export function requestShapeGuard(): MiddlewareHandler {
  return async (c, next) => {
    const problem = shapeProblem(c);
    if (problem) return refuse(c, problem.status, problem.detail);
    await next();
    return undefined;
  };
}

export function hostGuard(policy: HostPolicy): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    if (!isAllowedHost(host, policy)) return refuse(c, 403, 'this server does not answer for that Host (see ALLOWED_HOSTS)');
    await next();
    return undefined;
  };
}
