/**
 * `/chartroom/shares`: a user's watchlists and layouts shared read-only by a link
 * (shared/share-protocol.ts). The access guard has let the request in (a data path). Anyone signed
 * in reads a live share by its id; only its owner lists and revokes it, and another's share
 * answers as an unknown one (404), so an id says nothing about who holds it. Creating and revoking
 * come only from this server's own pages, within a body limit and a per-user rate, and are audit
 * lines without their content.
 */
import type { Context, Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { ERROR_CODES } from '#shared/contract.ts';
import { checkShareValue, newShareSchema, SHARE_LIMITS, SHARES_PATH } from '#shared/share-protocol.ts';
import type { AccessControl } from '../auth/access.ts';
import { ClientRateLimiter } from '../rate-limiter.ts';
import { jsonResponse } from '../upstream/envelope.ts';
import { jsonBody, NO_STORE, refusal, storeOr503 } from './route-answers.ts';
import type { ShareStore } from './share-store.ts';
import type { WorkspaceDatabase } from './workspace-database.ts';
import { WorkspaceLimitError } from './workspace-store.ts';

const { INVALID_PARAMETER, PERMISSION_DENIED, LIMIT_EXCEEDED, RATE_LIMITED, INVALID_KEY } = ERROR_CODES;

/** Creating and revoking, per user per minute. */
const SHARE_WRITES_PER_MINUTE = 60;

export interface ShareRouteOptions {
  database: Pick<WorkspaceDatabase, 'shares'>;
  access: Pick<AccessControl, 'userOf' | 'sameOrigin' | 'audit'>;
  writesPerMinute?: number;
  now?: () => number;
}

export function mountShareRoutes(app: Hono, { database, access, writesPerMinute = SHARE_WRITES_PER_MINUTE, now }: ShareRouteOptions): void {
  const writes = new ClientRateLimiter({ perMinute: writesPerMinute, ...(now && { now }) });
  const openShares = (): Promise<ShareStore | Response> => storeOr503(() => database.shares());
  /** The user of a create or revoke, or the refusal to answer with. */
  const writer = (c: Context, outcome: string): string | Response => {
    const user = access.userOf(c);
    if (user === undefined) return refusal(401, INVALID_KEY, 'sign in to share');
    if (!access.sameOrigin(c)) {
      access.audit('refused', { user, outcome: 'cross-site-share', via: 'share' });
      return refusal(403, PERMISSION_DENIED, "share from this server's own pages");
    }
    const decision = writes.take(user);
    if (!decision.allowed) {
      access.audit('over-budget', { user, outcome, via: 'share' });
      return refusal(429, RATE_LIMITED, `more than ${String(writesPerMinute)} shares made or revoked per minute`, {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
    return user;
  };

  app.get(SHARES_PATH, async (c) => {
    const user = access.userOf(c);
    if (user === undefined) return refusal(401, INVALID_KEY, 'sign in to list your shares');
    const shares = await openShares();
    if (shares instanceof Response) return shares;
    return jsonResponse(200, { shares: await shares.listOwn(user) }, NO_STORE);
  });

  const limit = bodyLimit({
    maxSize: SHARE_LIMITS.maxValueChars * 2,
    onError: () => refusal(413, INVALID_PARAMETER, `a share is at most ${String(SHARE_LIMITS.maxValueChars)} characters`),
  });
  app.post(SHARES_PATH, limit, async (c) => {
    const user = writer(c, 'share-writes');
    if (user instanceof Response) return user;
    const read = await jsonBody(c, 'share');
    if (read instanceof Response) return read;
    const parsed = newShareSchema.safeParse(read.body);
    if (!parsed.success) return refusal(400, INVALID_PARAMETER, parsed.error.message.slice(0, 300));
    const { kind, name, value } = parsed.data;
    const checked = checkShareValue(kind, value);
    if (!checked.ok) return refusal(400, INVALID_PARAMETER, checked.problem);
    const shares = await openShares();
    if (shares instanceof Response) return shares;
    try {
      const share = await shares.create(user, kind, name.trim() || kind, value);
      access.audit('workspace-share', { user, outcome: `shared-${kind}`, via: 'share' });
      return jsonResponse(201, { share }, NO_STORE);
    } catch (error) {
      if (!(error instanceof WorkspaceLimitError)) throw error;
      access.audit('workspace-share', { user, outcome: 'over-limit', via: 'share' });
      return refusal(422, LIMIT_EXCEEDED, error.message);
    }
  });

  app.get(`${SHARES_PATH}/:id`, async (c) => {
    if (access.userOf(c) === undefined) return refusal(401, INVALID_KEY, 'sign in to open a shared list or layout');
    const shares = await openShares();
    if (shares instanceof Response) return shares;
    const found = await shares.read(c.req.param('id'));
    if (found === 'unknown') return refusal(404, INVALID_PARAMETER, 'no such share: check the link');
    if (found === 'revoked') return refusal(410, INVALID_PARAMETER, 'this share was revoked by the one who shared it');
    return jsonResponse(200, found, NO_STORE);
  });

  app.delete(`${SHARES_PATH}/:id`, async (c) => {
    const user = writer(c, 'share-writes');
    if (user instanceof Response) return user;
    const shares = await openShares();
    if (shares instanceof Response) return shares;
    if (!(await shares.revoke(user, c.req.param('id')))) return refusal(404, INVALID_PARAMETER, 'you have no such share');
    access.audit('workspace-share', { user, outcome: 'revoked', via: 'share' });
    return jsonResponse(200, { revoked: true }, NO_STORE);
  });
}
