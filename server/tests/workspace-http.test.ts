/**
 * `/chartroom/workspace` over HTTP, signed in with the built-in sign-in (AUTH_MODE=password) in
 * front of the standalone simulator, on the embedded database: a user reads and writes only
 * their own records; crafted requests that try to reach another user's (other ids, path tricks,
 * forged user headers, cross-site posts) are refused or land in the sender's own workspace, and
 * the other user's records stay as they were.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_EVENTS_PATH, WORKSPACE_PATH } from '#shared/workspace-protocol.ts';
import { request } from '../auth/auth-stack.test-support.ts';
import { bearer, TOKENS, useWorkspaceStack, type TestUser } from './workspace-stack.test-support.ts';

const json = { 'content-type': 'application/json' };

const list = (rev: number, by: string, symbols: string[]) => ({
  id: 'watchlist:us',
  kind: 'watchlist',
  rev,
  updatedAt: 1_000 + rev,
  by,
  value: { name: 'US', symbols },
});
const batch = (...changes: unknown[]) => JSON.stringify({ changes });

const stack = useWorkspaceStack();

const read = async (user: TestUser) =>
  JSON.parse((await request(stack.server.port, WORKSPACE_PATH, { headers: bearer(user) })).body) as {
    serverRev: number;
    records: { id: string; value: unknown }[];
  };

describe('the workspace API', () => {
  it("stores a user's batch and reads it back, whole and since a revision", async () => {
    const written = await request(stack.server.port, WORKSPACE_PATH, {
      method: 'POST',
      headers: { ...bearer('ann'), ...json },
      body: batch({ store: 'app', to: list(1, 'desk', ['AAPL.US']) }),
    });
    expect(written.status, written.body).toBe(200);
    expect(JSON.parse(written.body)).toMatchObject({ serverRev: 1, stored: [{ id: 'watchlist:us', serverRev: 1, value: { symbols: ['AAPL.US'] } }] });
    expect(written.headers['cache-control']).toBe('no-store');
    const all = await read('ann');
    expect(all.records.map((r) => r.value)).toEqual([{ name: 'US', symbols: ['AAPL.US'] }]);
    const since = await request(stack.server.port, `${WORKSPACE_PATH}?since=1`, { headers: bearer('ann') });
    expect(JSON.parse(since.body)).toEqual({ user: 'ann', serverRev: 1, records: [] });
  });

  it('refuses a bad batch with a message that says what is wrong, and stores none of it', async () => {
    const before = await read('ann');
    const cases: [string, number, RegExp][] = [
      ['not json', 400, /not JSON/],
      [JSON.stringify({ changes: [{ store: 'bank', to: list(1, 'x', []) }] }), 400, /store: expected one of app, drawings, alerts/],
      [JSON.stringify({ changes: [{ store: 'app', to: { ...list(1, 'x', []), rev: 0 } }] }), 400, /rev: expected ≥ 1/],
      [JSON.stringify({ changes: [{ store: 'app', to: { ...list(1, 'x', []), id: 'alert:1' } }] }), 400, /kind:key/],
      [JSON.stringify({ changes: [{ store: 'app', to: { ...list(1, 'x', []), value: 'x'.repeat(70_000) } }] }), 400, /at most 65536 characters/],
      [
        JSON.stringify({
          changes: [
            { store: 'app', to: list(2, 'x', []) },
            { store: 'app', to: { ...list(1, 'x', []), deleted: false } },
          ],
        }),
        400,
        /deleted is true or absent/,
      ],
    ];
    for (const [body, status, message] of cases) {
      const answer = await request(stack.server.port, WORKSPACE_PATH, { method: 'POST', headers: { ...bearer('ann'), ...json }, body });
      expect(answer.status, body.slice(0, 60)).toBe(status);
      expect((JSON.parse(answer.body) as { message: string }).message).toMatch(message);
    }
    expect(await read('ann')).toEqual(before);
  });

  it('refuses a write without a JSON content type', async () => {
    const plain = await request(stack.server.port, WORKSPACE_PATH, {
      method: 'POST',
      headers: { ...bearer('ann'), 'content-type': 'text/plain' },
      body: batch(),
    });
    expect(plain.status).toBe(415);
  });
});

/** A user's event stream: the server revisions it announces, as they come. */
async function follow(user: TestUser) {
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${String(stack.server.port)}${WORKSPACE_EVENTS_PATH}`, { headers: bearer(user), signal: controller.signal });
  const revisions: number[] = [];
  const reader = response.body?.getReader();
  let text = '';
  const reading = (async () => {
    for (;;) {
      const chunk = await reader?.read().catch(() => undefined);
      if (!chunk || chunk.done) return;
      text += new TextDecoder().decode(chunk.value);
      for (const match of text.matchAll(/event: rev\ndata: (\d+)\n\n/g)) revisions.push(Number(match[1]));
      text = text.slice(text.lastIndexOf('\n\n') + 2);
    }
  })();
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    return check();
  };
  return {
    response,
    revisions,
    until,
    stop: async () => {
      controller.abort();
      await reading;
    },
  };
}

describe('the workspace event stream', () => {
  it("tells a user's browsers their revision now and after each write, and nobody else", async () => {
    const ann = await follow('ann');
    const bob = await follow('bob');
    expect(ann.response.headers.get('content-type')).toBe('text/event-stream');
    const start = (await read('ann')).serverRev;
    expect(await ann.until(() => ann.revisions.length === 1)).toBe(true);
    expect(ann.revisions).toEqual([start]);
    const written = await request(stack.server.port, WORKSPACE_PATH, {
      method: 'POST',
      headers: { ...bearer('ann'), ...json },
      body: batch({ store: 'app', to: { ...list(1, 'phone', ['NVDA.US']), id: 'watchlist:events', value: { name: 'E', symbols: ['NVDA.US'] } } }),
    });
    const { serverRev } = JSON.parse(written.body) as { serverRev: number };
    expect(await ann.until(() => ann.revisions.includes(serverRev))).toBe(true);
    // Bob hears his own revision once, and nothing of ann's write (read after ann heard hers).
    expect(await bob.until(() => bob.revisions.length === 1)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(bob.revisions).toHaveLength(1);
    await ann.stop();
    await bob.stop();
  });

  it('refuses a stream without a user', async () => {
    const answer = await request(stack.server.port, WORKSPACE_EVENTS_PATH, {});
    expect(answer.status).toBe(401);
  });
});

describe('crafted requests for another user’s records', () => {
  let annBefore: Awaited<ReturnType<typeof read>>;
  beforeAll(async () => {
    await request(stack.server.port, WORKSPACE_PATH, {
      method: 'POST',
      headers: { ...bearer('ann'), ...json },
      body: batch({ store: 'app', to: list(2, 'desk', ['AAPL.US', 'SECRET.US']) }),
    });
    annBefore = await read('ann');
  });

  const reads: [string, Record<string, string>][] = [
    [`${WORKSPACE_PATH}?user=ann`, bearer('bob')],
    [`${WORKSPACE_PATH}?user_id=ann&since=0`, bearer('bob')],
    [`${WORKSPACE_PATH}/ann`, bearer('bob')],
    [`${WORKSPACE_PATH}/../workspace?user=ann`, bearer('bob')],
    [`/chartroom//workspace?user=ann`, bearer('bob')],
    [`/CHARTROOM/workspace?user=ann`, bearer('bob')],
    [`/chartroom/Workspace`, bearer('bob')],
    [`${WORKSPACE_PATH}%2F..%2Fann`, bearer('bob')],
    [`${WORKSPACE_PATH};user=ann`, bearer('bob')],
    [`${WORKSPACE_PATH}?since=-1`, bearer('bob')],
    [`${WORKSPACE_PATH}?since=1e3`, bearer('bob')],
    [`${WORKSPACE_PATH}?since=0&since=ann`, bearer('bob')],
    [WORKSPACE_PATH, { ...bearer('bob'), 'x-forwarded-user': 'ann' }],
    [WORKSPACE_PATH, { ...bearer('bob'), 'x-remote-user': 'ann' }],
    [WORKSPACE_PATH, { ...bearer('bob'), 'x-user': 'ann' }],
    [WORKSPACE_PATH, { 'x-forwarded-user': 'ann' }],
    [WORKSPACE_PATH, { 'x-remote-user': 'ann' }],
    [WORKSPACE_PATH, { authorization: 'Bearer ann' }],
    [WORKSPACE_PATH, { authorization: `Bearer ${TOKENS.ann}x` }],
    [WORKSPACE_PATH, { authorization: `Basic ${Buffer.from('ann:ann-password-1').toString('base64')}` }],
    [WORKSPACE_PATH, { cookie: 'chartroom_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
    [WORKSPACE_PATH, { cookie: 'user=ann' }],
    [`${WORKSPACE_PATH}?access_token=${TOKENS.ann}`, {}],
    [`${WORKSPACE_PATH}?token=${TOKENS.ann}`, bearer('bob')],
    [WORKSPACE_PATH, {}],
  ];
  it.each(reads)('a read of %s never returns ann’s records', async (target, headers) => {
    const answer = await request(stack.server.port, target, { headers });
    expect(answer.body).not.toContain('SECRET.US');
    expect([200, 400, 401, 404]).toContain(answer.status);
  });

  const forged = (body: string) => body;
  const writes: [string, Record<string, string>, string][] = [
    [WORKSPACE_PATH, { ...bearer('bob'), ...json }, forged(JSON.stringify({ user: 'ann', changes: [{ store: 'app', to: list(9, 'bob', ['EVIL']) }] }))],
    [WORKSPACE_PATH, { ...bearer('bob'), ...json }, forged(JSON.stringify({ changes: [{ store: 'app', user: 'ann', to: list(9, 'bob', ['EVIL']) }] }))],
    [
      WORKSPACE_PATH,
      { ...bearer('bob'), ...json },
      forged(JSON.stringify({ changes: [{ store: 'app', to: { ...list(9, 'bob', ['EVIL']), user_id: 'ann' } }] })),
    ],
    [`${WORKSPACE_PATH}?user=ann`, { ...bearer('bob'), ...json }, batch({ store: 'app', to: list(9, 'bob', ['EVIL']) })],
    [`${WORKSPACE_PATH}/ann`, { ...bearer('bob'), ...json }, batch({ store: 'app', to: list(9, 'bob', ['EVIL']) })],
    [`/CHARTROOM/workspace`, { ...bearer('bob'), ...json }, batch({ store: 'app', to: list(9, 'bob', ['EVIL']) })],
    [WORKSPACE_PATH, { ...bearer('bob'), ...json, 'x-forwarded-user': 'ann' }, batch({ store: 'app', to: list(9, 'bob', ['EVIL']) })],
    [WORKSPACE_PATH, { ...json, 'x-forwarded-user': 'ann' }, batch({ store: 'app', to: list(9, 'x', ['EVIL']) })],
    [WORKSPACE_PATH, { ...json, authorization: 'Bearer ann' }, batch({ store: 'app', to: list(9, 'x', ['EVIL']) })],
    [WORKSPACE_PATH, { ...json }, batch({ store: 'app', to: list(9, 'x', ['EVIL']) })],
    [WORKSPACE_PATH, { ...json, cookie: 'chartroom_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, batch({ store: 'app', to: list(9, 'x', ['EVIL']) })],
    [WORKSPACE_PATH, { ...bearer('bob'), ...json, origin: 'https://evil.example' }, batch({ store: 'app', to: list(9, 'bob', ['EVIL']) })],
    [WORKSPACE_PATH, { ...bearer('bob'), ...json, 'sec-fetch-site': 'cross-site' }, batch({ store: 'app', to: list(9, 'bob', ['EVIL']) })],
    [WORKSPACE_PATH, { ...bearer('bob'), ...json, origin: 'null', 'sec-fetch-site': 'cross-site' }, batch({ store: 'app', to: list(9, 'bob', ['EVIL']) })],
    [WORKSPACE_PATH, { ...bearer('bob'), 'content-type': 'text/plain' }, batch({ store: 'app', to: list(9, 'bob', ['EVIL']) })],
    [WORKSPACE_PATH, { ...bearer('bob'), 'content-type': 'application/x-www-form-urlencoded' }, 'changes=EVIL'],
    [WORKSPACE_PATH, { ...bearer('bob'), ...json }, batch({ store: '../ann', to: list(9, 'bob', ['EVIL']) })],
    [WORKSPACE_PATH, { ...bearer('bob'), ...json }, batch({ store: 'app', to: { ...list(9, 'bob', ['EVIL']), id: 'watchlist:us\u0000ann' } })],
    [WORKSPACE_PATH, { ...bearer('bob'), ...json }, batch({ store: 'app', to: { ...list(9, 'bob', ['EVIL']), id: "watchlist:us' or '1'='1" } })],
    [
      WORKSPACE_PATH,
      { ...bearer('bob'), ...json },
      batch({ store: 'app', from: { ...list(2, 'desk', ['AAPL.US', 'SECRET.US']) }, to: list(3, 'bob', ['EVIL']) }),
    ],
    [WORKSPACE_PATH, { ...bearer('bob'), ...json }, batch({ store: 'app', to: { ...list(9, 'bob', ['EVIL']), __proto__: { user: 'ann' } } })],
    [WORKSPACE_PATH, { ...bearer('bob'), ...json }, '{"changes":[{"store":"app","to":' + JSON.stringify(list(9, 'bob', ['EVIL'])) + '}],"changes":[]}'],
    [WORKSPACE_PATH, { ...bearer('bob'), ...json }, `{"constructor":{"prototype":{"user":"ann"}},"changes":[]}`],
    [WORKSPACE_PATH, { ...bearer('bob'), ...json }, batch(...Array.from({ length: 1_001 }, () => ({ store: 'app', to: list(9, 'bob', ['EVIL']) })))],
    [WORKSPACE_PATH, { ...bearer('bob'), ...json }, JSON.stringify({ changes: [] }) + ' '.repeat(5 * 1024 * 1024)],
    [`${WORKSPACE_PATH}%00`, { ...bearer('bob'), ...json }, batch({ store: 'app', to: list(9, 'bob', ['EVIL']) })],
    [`${WORKSPACE_PATH}/`, { ...bearer('bob'), ...json }, batch({ store: 'app', to: list(9, 'bob', ['EVIL']) })],
  ];
  it.each(writes)('a write to %s leaves ann’s records as they were', async (target, headers, body) => {
    const answer = await request(stack.server.port, target, { method: 'POST', headers, body });
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(await read('ann')).toEqual(annBefore);
  });

  it(`counts at least 50 crafted requests (${String(reads.length + writes.length)})`, () => {
    expect(reads.length + writes.length).toBeGreaterThanOrEqual(50);
  });

  it('a write bob sends lands in his own workspace only, and a cross-site one nowhere', async () => {
    const bob = await read('bob');
    expect(bob.records.every((r) => r.value !== undefined)).toBe(true);
    expect(JSON.stringify(bob.records)).not.toContain('SECRET.US');
    const crossSite = await request(stack.server.port, WORKSPACE_PATH, {
      method: 'POST',
      headers: { ...bearer('bob'), ...json, origin: 'https://evil.example' },
      body: batch({ store: 'app', to: list(50, 'bob', ['CROSS']) }),
    });
    expect(crossSite.status).toBe(403);
    expect(JSON.stringify((await read('bob')).records)).not.toContain('CROSS');
  });

  it('logs each write in the audit log without its content', () => {
    const lines = stack.server.logLines.filter((line) => line.includes('workspace'));
    expect(lines.some((line) => line.includes('"event":"workspace-write"') && line.includes('"user":"ann"'))).toBe(true);
    expect(lines.join('\n')).not.toContain('SECRET.US');
    expect(lines.join('\n')).not.toContain('EVIL');
  });
});
