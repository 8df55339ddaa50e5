/**
 * `/chartroom/workspace`: each user's records (shared/workspace-protocol.ts). The access guard
 * has let the request in (it is a data path); the user is whoever it signed in, `local` in
 * AUTH_MODE=none, and nobody reads or writes another's records: the user never comes from the
 * request's body, query or path. Writes come only from this server's own pages (the sign-in
 * form's same-origin rule), within a body limit and a per-user rate, and each is one line of the
 * audit log, without its content.
 */
import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { ERROR_CODES } from '#shared/contract.ts';
import type { UserRecord } from '#shared/records.ts';
import { batchSchema, WORKSPACE_EVENTS_PATH, WORKSPACE_LIMITS, WORKSPACE_PATH, type RecordInput } from '#shared/workspace-protocol.ts';
import type { AccessControl } from '../auth/access.ts';
import { ClientRateLimiter } from '../rate-limiter.ts';
import { jsonResponse } from '../upstream/envelope.ts';
import { jsonBody, NO_STORE, refusal, storeOr503 } from './route-answers.ts';
import type { WorkspaceDatabase } from './workspace-database.ts';
import { localWorkspaceNotices, type WorkspaceNotices } from './workspace-notices.ts';
import { WorkspaceLimitError, type WorkspaceStore } from './workspace-store.ts';

/** A record as the schema read it (deleted: true or absent) as the records module types it. */
const userRecord = ({ deleted, ...record }: RecordInput): UserRecord => (deleted === true ? { ...record, deleted } : record);

const { INVALID_PARAMETER, PERMISSION_DENIED, LIMIT_EXCEEDED, RATE_LIMITED, INVALID_KEY } = ERROR_CODES;

export interface WorkspaceRouteOptions {
  database: Pick<WorkspaceDatabase, 'store'>;
  access: Pick<AccessControl, 'userOf' | 'sameOrigin' | 'audit'>;
  /** Writes per user per minute (default WORKSPACE_LIMITS.writesPerMinute). */
  writesPerMinute?: number;
  /** Where a write is told to the user's other browsers (default: this process only). */
  notices?: WorkspaceNotices;
  /** Between two keep-alive comments of an event stream (proxies close idle streams); default 25 s. */
  keepAliveMs?: number;
  now?: () => number;
}

export interface WorkspaceRoutes {
  /** Ends every open event stream (shutdown: they would hold the server open). */
  closeStreams(): void;
}

export function mountWorkspaceRoutes(
  app: Hono,
  { database, access, writesPerMinute = WORKSPACE_LIMITS.writesPerMinute, notices = localWorkspaceNotices(), keepAliveMs = 25_000, now }: WorkspaceRouteOptions,
): WorkspaceRoutes {
  const streams = new Set<SSEStreamingApi>();
  const writes = new ClientRateLimiter({ perMinute: writesPerMinute, ...(now && { now }) });
  const openStore = (): Promise<WorkspaceStore | Response> => storeOr503(() => database.store());

  app.get(WORKSPACE_PATH, async (c) => {
    const user = access.userOf(c);
    if (user === undefined) return refusal(401, INVALID_KEY, 'sign in to read your workspace');
    const since = c.req.query('since') ?? '0';
    if (!/^\d{1,15}$/.test(since)) return refusal(400, INVALID_PARAMETER, 'since is a server revision (a whole number)');
    const store = await openStore();
    if (store instanceof Response) return store;
    return jsonResponse(200, { user, ...(await store.read(user, Number(since))) }, NO_STORE);
  });

  // The user's server revision now and after each change: `event: rev`, `data: N`.
  app.get(WORKSPACE_EVENTS_PATH, async (c) => {
    const user = access.userOf(c);
    if (user === undefined) return refusal(401, INVALID_KEY, 'sign in to follow your workspace');
    if (notices.listeners(user) >= WORKSPACE_LIMITS.streamsPerUser)
      return refusal(429, RATE_LIMITED, `at most ${String(WORKSPACE_LIMITS.streamsPerUser)} open workspace streams per user`, { 'Retry-After': '30' });
    const store = await openStore();
    if (store instanceof Response) return store;
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      streams.add(stream);
      let sent = -1;
      const send = (serverRev: number): void => {
        if (serverRev <= sent || stream.closed) return;
        sent = serverRev;
        void stream.writeSSE({ event: 'rev', data: String(serverRev) }).catch(() => undefined);
      };
      const stop = notices.subscribe(user, send);
      const ended = new Promise<void>((resolve) => {
        stream.onAbort(resolve);
      });
      try {
        send(await store.revision(user));
        while (!stream.aborted && !stream.closed) {
          const timer = new Promise<'ping'>((resolve) => setTimeout(resolve, keepAliveMs, 'ping'));
          if ((await Promise.race([ended, timer])) !== 'ping') break;
          await stream.write(': keep-alive\n\n');
        }
      } finally {
        stop();
        streams.delete(stream);
      }
    });
  });

  const limit = bodyLimit({
    maxSize: WORKSPACE_LIMITS.maxBodyBytes,
    onError: () => refusal(413, INVALID_PARAMETER, `a batch is at most ${String(WORKSPACE_LIMITS.maxBodyBytes)} bytes`),
  });
  app.post(WORKSPACE_PATH, limit, async (c) => {
    const user = access.userOf(c);
    if (user === undefined) return refusal(401, INVALID_KEY, 'sign in to change your workspace');
    if (!access.sameOrigin(c)) {
      access.audit('refused', { user, outcome: 'cross-site-write', via: 'workspace' });
      return refusal(403, PERMISSION_DENIED, "write to your workspace from this server's own pages");
    }
    const decision = writes.take(user);
    if (!decision.allowed) {
      access.audit('over-budget', { user, outcome: 'workspace-writes', via: 'workspace' });
      return refusal(429, RATE_LIMITED, `more than ${String(writesPerMinute)} workspace writes per minute`, {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
    const read = await jsonBody(c, 'batch');
    if (read instanceof Response) return read;
    const parsed = batchSchema.safeParse(read.body);
    if (!parsed.success) return refusal(400, INVALID_PARAMETER, parsed.error.message.slice(0, 500));
    const store = await openStore();
    if (store instanceof Response) return store;
    try {
      const changes = parsed.data.changes.map(({ store: name, from, to }) => ({ store: name, from: from && userRecord(from), to: userRecord(to) }));
      const result = await store.write(user, changes);
      access.audit('workspace-write', { user, outcome: `stored-${String(result.stored.length)}`, via: 'workspace' });
      if (result.stored.length > 0) notices.publish(user, result.serverRev);
      return jsonResponse(200, result, NO_STORE);
    } catch (error) {
      if (!(error instanceof WorkspaceLimitError)) throw error;
      access.audit('workspace-write', { user, outcome: 'over-limit', via: 'workspace' });
      return refusal(422, LIMIT_EXCEEDED, error.message);
    }
  });
  return {
    closeStreams() {
      for (const stream of streams) stream.abort();
      streams.clear();
    },
  };
}
