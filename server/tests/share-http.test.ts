/**
 * `/chartroom/shares` over HTTP, signed in (AUTH_MODE=password, bearer tokens) in front of the
 * standalone simulator, on the embedded database: a user shares a watchlist or a layout by a
 * link, anyone signed in opens it, only its owner lists or revokes it; crafted requests that try
 * to read a revoked share, or to change or revoke another user's (other ids, path tricks, forged
 * users, cross-site posts), are all refused and the other user's shares stay as they were.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SHARES_PATH, type ShareRead, type ShareSummary } from '#shared/share-protocol.ts';
import { request } from '../auth/auth-stack.test-support.ts';
import { bearer, TOKENS, useWorkspaceStack, type TestUser } from './workspace-stack.test-support.ts';

const json = { 'content-type': 'application/json' };

const stack = useWorkspaceStack();

const share = async (user: TestUser, body: unknown): Promise<ShareSummary> => {
  const answer = await request(stack.server.port, SHARES_PATH, { method: 'POST', headers: { ...bearer(user), ...json }, body: JSON.stringify(body) });
  expect(answer.status, answer.body).toBe(201);
  return (JSON.parse(answer.body) as { share: ShareSummary }).share;
};
const open = (user: TestUser, id: string) => request(stack.server.port, `${SHARES_PATH}/${id}`, { headers: bearer(user) });
const own = async (user: TestUser) =>
  (JSON.parse((await request(stack.server.port, SHARES_PATH, { headers: bearer(user) })).body) as { shares: ShareSummary[] }).shares;
const revoke = (user: TestUser, id: string, headers: Record<string, string> = {}) =>
  request(stack.server.port, `${SHARES_PATH}/${id}`, { method: 'DELETE', headers: { ...bearer(user), ...headers } });

describe('sharing by a link', () => {
  it('shares a watchlist that bob opens, listed for ann only', async () => {
    const banks = await share('ann', { kind: 'watchlist', name: 'Banks', value: { symbols: ['JPM.US', 'BAC.US'] } });
    expect(banks).toMatchObject({ kind: 'watchlist', name: 'Banks', owner: 'ann' });
    const opened = await open('bob', banks.id);
    expect(opened.status).toBe(200);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(opened.body)).toEqual({ share: banks, value: { symbols: ['JPM.US', 'BAC.US'] } } satisfies ShareRead);
    expect((await own('ann')).map((listed) => listed.id)).toContain(banks.id);
    expect(await own('bob')).toEqual([]);
  });

  it('shares a layout with its drawings', async () => {
    const value = { layout: { kind: '2h', charts: [], active: 0 }, drawings: { 'AAPL.US': [{ id: 'd-1', kind: 'hline' }] } };
    const desk = await share('ann', { kind: 'layout', name: 'Desk', value });
    expect(JSON.parse((await open('bob', desk.id)).body)).toMatchObject({ share: { kind: 'layout' }, value });
  });

  it('refuses a bad share with a message that says what is wrong', async () => {
    const cases: [unknown, RegExp][] = [
      [{ kind: 'portfolio', name: 'x', value: {} }, /kind: expected one of watchlist, layout/],
      [{ kind: 'watchlist', name: '', value: { symbols: [] } }, /name/],
      [{ kind: 'watchlist', name: 'x'.repeat(81), value: { symbols: [] } }, /name/],
      [{ kind: 'watchlist', name: 'x', value: { symbols: [7] } }, /symbols/],
      [{ kind: 'watchlist', name: 'x', value: { symbols: Array.from({ length: 1_001 }, () => 'A.US') } }, /symbols/],
      [{ kind: 'layout', name: 'x', value: { layout: {}, drawings: { 'A.US': 'x' } } }, /drawings/],
      [{ kind: 'layout', name: 'x', value: { layout: {}, drawings: { 'A.US': ['x'.repeat(600_000)] } } }, /at most 524288 characters/],
    ];
    for (const [body, message] of cases) {
      const answer = await request(stack.server.port, SHARES_PATH, { method: 'POST', headers: { ...bearer('ann'), ...json }, body: JSON.stringify(body) });
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect((JSON.parse(answer.body) as { message: string }).message).toMatch(message);
    }
  });

  it('revokes for the owner only: the link then answers 410, and nothing lists it', async () => {
    const tech = await share('ann', { kind: 'watchlist', name: 'Tech', value: { symbols: ['AAPL.US'] } });
    expect((await revoke('bob', tech.id)).status).toBe(404);
    expect((await open('bob', tech.id)).status).toBe(200);
    expect((await revoke('ann', tech.id)).status).toBe(200);
    const gone = await open('bob', tech.id);
    expect(gone.status).toBe(410);
    expect(gone.body).toMatch(/revoked/);
    expect(gone.body).not.toContain('AAPL.US');
    expect((await open('ann', tech.id)).status).toBe(410);
    expect((await own('ann')).map((listed) => listed.id)).not.toContain(tech.id);
    expect((await open('bob', 'A'.repeat(22))).status).toBe(404);
  });

  it('needs a signed-in user to open a share', async () => {
    const list = await share('ann', { kind: 'watchlist', name: 'Open', value: { symbols: ['MSFT.US'] } });
    const anonymous = await request(stack.server.port, `${SHARES_PATH}/${list.id}`, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).not.toContain('MSFT.US');
  });
});

describe('crafted requests against another user’s shares and a revoked one', () => {
  let live: ShareSummary;
  let revoked: ShareSummary;
  let annBefore: ShareSummary[];
  beforeAll(async () => {
    live = await share('ann', { kind: 'watchlist', name: 'Live', value: { symbols: ['LIVE.US'] } });
    revoked = await share('ann', { kind: 'watchlist', name: 'Gone', value: { symbols: ['SECRET.US'] } });
    expect((await revoke('ann', revoked.id)).status).toBe(200);
    annBefore = await own('ann');
  });
  const id = () => revoked.id;

  const reads: [string, () => string, Record<string, string>][] = [
    ['the revoked id', () => `${SHARES_PATH}/${id()}`, bearer('bob')],
    ['the revoked id, by its owner', () => `${SHARES_PATH}/${id()}`, bearer('ann')],
    ['a trailing slash', () => `${SHARES_PATH}/${id()}/`, bearer('bob')],
    ['upper case', () => `/CHARTROOM/SHARES/${id()}`, bearer('bob')],
    ['a double slash', () => `/chartroom//shares/${id()}`, bearer('bob')],
    ['dot segments', () => `${SHARES_PATH}/x/../${id()}`, bearer('bob')],
    ['an encoded slash', () => `${SHARES_PATH}%2F${id()}`, bearer('bob')],
    ['a matrix parameter', () => `${SHARES_PATH}/${id()};revoked=false`, bearer('bob')],
    ['a NUL', () => `${SHARES_PATH}/${id()}%00`, bearer('bob')],
    ['the id in lower case', () => `${SHARES_PATH}/${id().toLowerCase()}`, bearer('bob')],
    ['a query asking for revoked ones', () => `${SHARES_PATH}/${id()}?includeRevoked=1`, bearer('bob')],
    ['a query naming the owner', () => `${SHARES_PATH}?user=ann`, bearer('bob')],
    ['a query naming the owner, by id', () => `${SHARES_PATH}?owner=ann&id=${id()}`, bearer('bob')],
    ['a forged user header', () => SHARES_PATH, { ...bearer('bob'), 'x-forwarded-user': 'ann' }],
    ['a forged user header alone', () => SHARES_PATH, { 'x-forwarded-user': 'ann' }],
    ['a forged remote user', () => `${SHARES_PATH}/${id()}`, { 'x-remote-user': 'ann' }],
    ['a made-up bearer', () => SHARES_PATH, { authorization: 'Bearer ann' }],
    ['a token in the query', () => `${SHARES_PATH}?access_token=${TOKENS.ann}`, {}],
    ['a made-up cookie', () => SHARES_PATH, { cookie: 'chartroom-session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    ['SQL in the id', () => `${SHARES_PATH}/${encodeURIComponent("' or revoked_at is not null --")}`, bearer('bob')],
    ['a wildcard id', () => `${SHARES_PATH}/%25`, bearer('bob')],
    ['no user at all', () => `${SHARES_PATH}/${id()}`, {}],
    ['a bearer beside a forged cookie', () => `${SHARES_PATH}/${id()}`, { ...bearer('bob'), cookie: 'user=ann; revoked=false' }],
  ];
  it.each(reads)('a read (%s) never returns a revoked share or ann’s list', async (name, target, headers) => {
    const answer = await request(stack.server.port, target(), { headers });
    // Bob's own list of shares (none) is his to read, whatever else the request says; a path the
    // routes do not know (another spelling) is the page's.
    if (answer.status === 200 && answer.body.startsWith('<!doctype')) expect(answer.body).not.toContain(revoked.id);
    else if (answer.status === 200) expect(JSON.parse(answer.body), name).toEqual({ shares: [] });
    else expect(answer.status, name).toBeGreaterThanOrEqual(400);
    expect(answer.body).not.toContain('SECRET.US');
    expect(answer.body).not.toContain('LIVE.US');
    expect(answer.body).not.toContain('"owner":"ann"');
  });

  const liveId = () => live.id;
  const create = (body: unknown) => JSON.stringify(body);
  const writes: [string, string, () => string, Record<string, string>, string?][] = [
    ['bob revokes ann’s share', 'DELETE', () => `${SHARES_PATH}/${liveId()}`, bearer('bob')],
    ['bob revokes it in upper case', 'DELETE', () => `/CHARTROOM/SHARES/${liveId()}`, bearer('bob')],
    ['bob revokes it with a trailing slash', 'DELETE', () => `${SHARES_PATH}/${liveId()}/`, bearer('bob')],
    ['bob revokes it naming ann in the query', 'DELETE', () => `${SHARES_PATH}/${liveId()}?user=ann`, bearer('bob')],
    ['bob revokes it with a forged user header', 'DELETE', () => `${SHARES_PATH}/${liveId()}`, { ...bearer('bob'), 'x-forwarded-user': 'ann' }],
    ['nobody revokes it with a forged user header', 'DELETE', () => `${SHARES_PATH}/${liveId()}`, { 'x-forwarded-user': 'ann' }],
    ['nobody revokes it', 'DELETE', () => `${SHARES_PATH}/${liveId()}`, {}],
    ['a made-up bearer revokes it', 'DELETE', () => `${SHARES_PATH}/${liveId()}`, { authorization: 'Bearer ann' }],
    ['ann revokes it cross-site', 'DELETE', () => `${SHARES_PATH}/${liveId()}`, { ...bearer('ann'), origin: 'https://evil.example' }],
    ['ann revokes it cross-site by fetch metadata', 'DELETE', () => `${SHARES_PATH}/${liveId()}`, { ...bearer('ann'), 'sec-fetch-site': 'cross-site' }],
    [
      'ann revokes it from a null origin cross-site',
      'DELETE',
      () => `${SHARES_PATH}/${liveId()}`,
      { ...bearer('ann'), origin: 'null', 'sec-fetch-site': 'cross-site' },
    ],
    ['bob revokes every share', 'DELETE', () => SHARES_PATH, bearer('bob')],
    ['bob revokes by a wildcard', 'DELETE', () => `${SHARES_PATH}/%25`, bearer('bob')],
    [
      'bob posts over ann’s share id',
      'POST',
      () => `${SHARES_PATH}/${liveId()}`,
      { ...bearer('bob'), ...json },
      create({ kind: 'watchlist', name: 'Live', value: { symbols: ['EVIL'] } }),
    ],
    [
      'bob puts over ann’s share',
      'PUT',
      () => `${SHARES_PATH}/${liveId()}`,
      { ...bearer('bob'), ...json },
      create({ kind: 'watchlist', name: 'Live', value: { symbols: ['EVIL'] } }),
    ],
    ['bob patches ann’s share', 'PATCH', () => `${SHARES_PATH}/${liveId()}`, { ...bearer('bob'), ...json }, create({ value: { symbols: ['EVIL'] } })],
    [
      'bob shares as ann',
      'POST',
      () => SHARES_PATH,
      { ...bearer('bob'), ...json },
      create({ kind: 'watchlist', name: 'EVIL', owner: 'ann', value: { symbols: ['EVIL'] } }),
    ],
    [
      'bob shares with a forged user header',
      'POST',
      () => SHARES_PATH,
      { ...bearer('bob'), ...json, 'x-forwarded-user': 'ann' },
      create({ kind: 'watchlist', name: 'EVIL', value: { symbols: ['EVIL'] } }),
    ],
    [
      'bob shares naming ann in the query',
      'POST',
      () => `${SHARES_PATH}?user=ann`,
      { ...bearer('bob'), ...json },
      create({ kind: 'watchlist', name: 'EVIL', value: { symbols: ['EVIL'] } }),
    ],
    [
      'bob shares with ann’s id',
      'POST',
      () => SHARES_PATH,
      { ...bearer('bob'), ...json },
      create({ id: 'x', kind: 'watchlist', name: 'Live', value: { symbols: ['EVIL'] } }),
    ],
    [
      'ann is made to share cross-site',
      'POST',
      () => SHARES_PATH,
      { ...bearer('ann'), ...json, origin: 'https://evil.example' },
      create({ kind: 'watchlist', name: 'EVIL', value: { symbols: ['EVIL'] } }),
    ],
    ['a form post', 'POST', () => SHARES_PATH, { ...bearer('ann'), 'content-type': 'application/x-www-form-urlencoded' }, 'kind=watchlist&name=EVIL'],
    [
      'bob shares with a prototype trick',
      'POST',
      () => SHARES_PATH,
      { ...bearer('bob'), ...json },
      '{"__proto__":{"owner":"ann"},"kind":"watchlist","name":"EVIL","value":{"symbols":["EVIL"]}}',
    ],
    [
      'a body past the limit',
      'POST',
      () => SHARES_PATH,
      { ...bearer('bob'), ...json },
      create({ kind: 'watchlist', name: 'EVIL', value: { symbols: [] }, pad: 'x'.repeat(1_100_000) }),
    ],
    ['a share by nobody', 'POST', () => SHARES_PATH, { ...json }, create({ kind: 'watchlist', name: 'EVIL', value: { symbols: ['EVIL'] } })],
    ['bob revives the revoked share', 'POST', () => `${SHARES_PATH}/${id()}`, { ...bearer('bob'), ...json }, create({ revoked: false })],
    ['ann revokes the revoked share again', 'DELETE', () => `${SHARES_PATH}/${id()}`, bearer('ann')],
  ];
  it.each(writes)('a write (%s) leaves ann’s shares as they were', async (name, method, target, headers, body) => {
    const answer = await request(stack.server.port, target(), { method, headers, ...(body !== undefined && { body }) });
    const answered = answer.status;
    // Bob may share his own list (it is his): it lands under his name only.
    if (answered === 201) expect(name).toMatch(/^bob shares/);
    else expect(answered, name).toBeGreaterThanOrEqual(400);
    expect(await own('ann')).toEqual(annBefore);
    expect((await open('bob', liveId())).status).toBe(200);
    expect((await open('bob', id())).status).toBe(410);
  });

  it(`counts at least 50 crafted requests (${String(reads.length + writes.length)})`, () => {
    expect(reads.length + writes.length).toBeGreaterThanOrEqual(50);
  });

  it('what bob shared is his: owned by him, whatever the body or headers said', async () => {
    const mine = await own('bob');
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((listed) => listed.owner === 'bob')).toBe(true);
  });

  it('logs shares and revocations in the audit log without their content', () => {
    const lines = stack.server.logLines.filter((line) => line.includes('"event":"workspace-share"'));
    expect(lines.some((line) => line.includes('"user":"ann"') && line.includes('shared-watchlist'))).toBe(true);
    expect(lines.some((line) => line.includes('"outcome":"revoked"'))).toBe(true);
    const all = stack.server.logLines.join('\n');
    expect(all).not.toContain('SECRET.US');
    expect(all).not.toContain('Banks');
  });
});
