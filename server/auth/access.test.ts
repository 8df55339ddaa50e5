/**
 * Access control over real sockets (issue 20): each AUTH_MODE lets the right requests in and
 * keeps the rest out. Every crafted attempt below must be refused and must not reach the upstream
 * (the counting standalone simulator): neither an HTTP request nor a WebSocket upgrade.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { connectBrowser, handshakeStatus } from '../realtime/test-support.ts';
import {
  KEY,
  request,
  signIn,
  startAuthServer,
  startCountingUpstream,
  type Answer,
  type AuthServer,
  type CountingUpstream,
} from './auth-stack.test-support.ts';

const TICKER = '/v1/market/ticker?symbols=AAPL.US';
const PASSWORD = 'correct horse battery staple';
const TOKEN = 'tok_9f3c2a7e5b1d4c6a8e0f2b4d6c8a0e1f3b5d7f9a';
const OTHER_TOKEN = 'tok_aaaabbbbccccddddeeeeffff0000111122223333';

let upstream: CountingUpstream;
let crafted = 0;
const servers: AuthServer[] = [];

beforeAll(async () => {
  upstream = await startCountingUpstream();
});

afterAll(async () => {
  console.log(`access control: ${crafted} crafted attempts refused, none reaching the upstream`);
  for (const server of servers) await server.stop();
  await upstream.stop();
  // The audit and request logs never hold a password, a session cookie, a token or the key.
  for (const server of servers) {
    for (const line of server.logLines) {
      expect(line).not.toContain(PASSWORD);
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain(KEY);
      expect(line).not.toMatch(/chartroom-session=/);
    }
  }
});

async function start(...args: Parameters<typeof startAuthServer> extends [unknown, ...infer Rest] ? Rest : never): Promise<AuthServer> {
  const server = await startAuthServer(upstream, ...args);
  servers.push(server);
  return server;
}

/** A crafted HTTP request: refused (4xx, or a redirect to the sign-in page), the upstream untouched. */
async function refused(name: string, send: () => Promise<Answer>, statuses: number[] = [401]): Promise<Answer> {
  const before = upstream.hits();
  crafted += 1;
  const answer = await send();
  expect(statuses, `${name}: status ${answer.status} ${answer.body.slice(0, 120)}`).toContain(answer.status);
  expect(upstream.hits(), `${name}: the upstream is not reached`).toBe(before);
  // The contract's envelope, named as a sign-in refusal (the page says "sign in", not "check the API key").
  if (answer.status === 401 && answer.body !== '')
    expect(JSON.parse(answer.body), name).toMatchObject({
      code: expect.any(Number) as number,
      message: expect.any(String) as string,
      error: 'SIGN_IN_REQUIRED',
    });
  return answer;
}

/** A crafted WebSocket upgrade: refused with an HTTP status, no upstream socket opened. */
async function upgradeRefused(name: string, port: number, path: string, headers: Record<string, string>, status = 401): Promise<void> {
  const before = upstream.hits();
  crafted += 1;
  const answer = await handshakeStatus(port, path, headers);
  expect(answer.status, `${name}: ${answer.body}`).toBe(status);
  expect(upstream.hits(), `${name}: the upstream is not reached`).toBe(before);
}

describe('starting', () => {
  it('defaults to AUTH_MODE=none on loopback and refuses a public bind without an explicit AUTH_MODE', () => {
    expect(loadConfig({}, { port: 0 }).auth.mode).toBe('none');
    expect(loadConfig({ HOST: '::1' }, { port: 0 }).auth.mode).toBe('none');
    expect(() => loadConfig({ HOST: '0.0.0.0' }, { port: 0 })).toThrow(/AUTH_MODE=proxy.*AUTH_MODE=password.*AUTH_MODE=none/);
    expect(() => loadConfig({ HOST: '192.168.1.5' }, { port: 0 })).toThrow(/reachable from other machines/);
    expect(loadConfig({ HOST: '0.0.0.0', AUTH_MODE: 'none' }, { port: 0 }).auth).toMatchObject({ mode: 'none', explicit: true });
    expect(() => loadConfig({ HOST: '0.0.0.0', AUTH_MODE: 'proxy' }, { port: 0 })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ AUTH_MODE: 'password' }, { port: 0 })).toThrow(/AUTH_USERS_FILE/);
    expect(() => loadConfig({ AUTH_MODE: 'ldap' }, { port: 0 })).toThrow(/AUTH_MODE must be/);
  });

  it('gives each user a share of the key budget', () => {
    expect(loadConfig({ AUTH_MODE: 'proxy', TRUST_PROXY: '1', MARKET_API_RATE_LIMIT: '600' }, { port: 0 }).auth.userRateLimit).toBe(300);
    expect(loadConfig({ AUTH_MODE: 'proxy', TRUST_PROXY: '1', MARKET_API_RATE_LIMIT: '600', USER_SHARE: '0.1' }, { port: 0 }).auth.userRateLimit).toBe(60);
    expect(loadConfig({ AUTH_MODE: 'proxy', TRUST_PROXY: '1', USER_RATE_LIMIT: '90' }, { port: 0 }).auth.userRateLimit).toBe(90);
    expect(loadConfig({ AUTH_MODE: 'proxy', TRUST_PROXY: '1' }, { port: 0 }).auth.userRateLimit).toBe(0);
  });
});

describe('AUTH_MODE=none', () => {
  it('lets every request in, as before', async () => {
    const server = await start({});
    expect((await request(server.port, TICKER)).status).toBe(200);
    expect(JSON.parse((await request(server.port, '/auth/me')).body)).toEqual({ mode: 'none' });
    expect((await handshakeStatus(server.port)).status).toBe(101);
  });
});

describe('AUTH_MODE=password', () => {
  let clock = Date.parse('2026-11-26T09:00:00Z');
  let server: AuthServer;
  let alice: string;

  beforeAll(async () => {
    server = await start(
      { AUTH_MODE: 'password', SESSION_TTL_MINUTES: '60', SESSION_IDLE_MINUTES: '10' },
      { users: { alice: PASSWORD, bob: 'bobs password' }, tokens: { robot: TOKEN } },
      { auth: { now: () => clock } },
    );
    const signedIn = await signIn(server.port, 'alice', PASSWORD);
    expect(signedIn.answer.status).toBe(303);
    expect(signedIn.cookie).toMatch(/^chartroom-session=[A-Za-z0-9_-]{43}$/);
    alice = signedIn.cookie ?? '';
  });

  it('sets a HttpOnly, SameSite=Strict cookie with a bounded lifetime; Secure behind a proxy saying https', async () => {
    const plain = await signIn(server.port, 'bob', 'bobs password');
    const header = plain.answer.headers['set-cookie']?.[0] ?? '';
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Strict/);
    expect(header).toMatch(/; Max-Age=3600/);
    expect(header).not.toMatch(/Secure/);
    const behindHttps = await start({ AUTH_MODE: 'password', TRUST_PROXY: '1' }, { users: { bob: 'bobs password' } });
    const body = new URLSearchParams({ user: 'bob', password: 'bobs password' }).toString();
    const answer = await request(behindHttps.port, '/auth/sign-in', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-Proto': 'https', 'Content-Length': String(body.length) },
    });
    expect(answer.headers['set-cookie']?.[0]).toMatch(/^__Host-chartroom-session=[^;]+; Path=\/; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/);
  });

  it('lets a signed-in browser and a script with a token in, over HTTP and the socket', async () => {
    expect((await request(server.port, TICKER, { headers: { Cookie: alice } })).status).toBe(200);
    expect((await request(server.port, TICKER, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await request(server.port, '/chartroom/catalog', { headers: { Cookie: alice } })).status).not.toBe(401);
    expect(JSON.parse((await request(server.port, '/auth/me', { headers: { Cookie: alice } })).body)).toMatchObject({
      mode: 'password',
      user: 'alice',
      via: 'session',
    });
    expect(JSON.parse((await request(server.port, '/auth/me')).body)).toEqual({ mode: 'password', signInUrl: '/auth/sign-in', signOutUrl: '/auth/sign-out' });
    const browser = connectBrowser(server.port, '/v1/realtime', { Cookie: alice });
    await browser.opened;
    browser.socket.send(JSON.stringify({ cmd: 'ping' }));
    await browser.next((text) => text.includes('pong'));
    browser.socket.close();
    // The page and the sign-in page load without a session.
    expect((await request(server.port, '/')).status).toBe(200);
    const page = await request(server.port, '/auth/sign-in?next=%2F%3Fsymbol%3DAAPL.US');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<form method="post" action="/auth/sign-in">');
    expect(page.body).toContain('value="/?symbol=AAPL.US"');
    expect((await request(server.port, '/auth/sign-in.css')).headers['content-type']).toMatch(/text\/css/);
  });

  it('refuses crafted HTTP requests without a valid session', async () => {
    const p = server.port;
    const get =
      (target: string, headers: Record<string, string> = {}, method = 'GET') =>
      () =>
        request(p, target, { headers, method });
    await refused('no credentials', get(TICKER));
    await refused('an unknown session id', get(TICKER, { Cookie: `chartroom-session=${'A'.repeat(43)}` }));
    await refused('a session id of the wrong shape', get(TICKER, { Cookie: 'chartroom-session=../../etc/passwd' }));
    await refused('a quoted session id', get(TICKER, { Cookie: `chartroom-session="${alice.split('=')[1] ?? ''}"` }));
    await refused('the session id under another cookie name', get(TICKER, { Cookie: `session=${alice.split('=')[1] ?? ''}` }));
    await refused('two session cookies, one valid', get(TICKER, { Cookie: `${alice}; chartroom-session=${'B'.repeat(43)}` }));
    await refused('the secure cookie name beside the plain one', get(TICKER, { Cookie: `__Host-${alice}; ${alice}` }));
    await refused('an oversized cookie', get(TICKER, { Cookie: `pad=${'x'.repeat(5_000)}; ${alice}` }));
    await refused('a valid token in the query string', get(`${TICKER}&access_token=${TOKEN}`));
    await refused('a token in the query under an encoded name', get(`${TICKER}&ACCESS%5FTOKEN=${TOKEN}`));
    await refused('the key name in the query', get(`${TICKER}&api_key=${KEY}`));
    await refused('a session id in the query', get(`${TICKER}&session=${alice.split('=')[1] ?? ''}`, { Cookie: alice }));
    await refused('a wrong bearer token', get(TICKER, { Authorization: `Bearer ${OTHER_TOKEN}` }));
    await refused('a short bearer token', get(TICKER, { Authorization: 'Bearer abc' }));
    await refused('basic credentials', get(TICKER, { Authorization: `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}` }));
    await refused('a wrong token beside a valid cookie', get(TICKER, { Authorization: 'Bearer x', Cookie: alice }));
    await refused('a proxy user header in password mode', get(TICKER, { 'X-Forwarded-Email': 'alice' }));
    await refused('upper-case /V1 path', get('/V1/market/ticker?symbols=AAPL.US'), [401, 404]);
    await refused('HEAD without a session', get(TICKER, {}, 'HEAD'));
    await refused('OPTIONS without a session', get(TICKER, {}, 'OPTIONS'));
    await refused('the catalogue without a session', get('/chartroom/catalog'));
    await refused('double slash', get('/v1//market/ticker?symbols=AAPL.US'), [400]);
    await refused('dot segments back into /v1', get('/v1/../v1/market/ticker?symbols=AAPL.US'), [400]);
    await refused('an encoded slash', get('/v1/market%2Fticker?symbols=AAPL.US'), [400]);
    await refused('through the sign-in page with dot segments', get('/auth/sign-in/../../v1/market/ticker?symbols=AAPL.US'), [400]);
    await refused('through the sign-in page with encoded slashes', get('/auth/sign-in%2F..%2Fv1%2Fmarket%2Fticker'), [400]);
    await refused('through auth/me with a dot segment', get('/auth/me/./../v1/market/ticker'), [400]);
    await refused('an encoded dot segment', get('/auth/%2e%2e/v1/market/ticker'), [400]);
  });

  it('refuses WebSocket upgrades without a valid session', async () => {
    const p = server.port;
    await upgradeRefused('an upgrade without a session', p, '/v1/realtime', {});
    await upgradeRefused('an upgrade with an unknown session', p, '/v1/realtime', { Cookie: `chartroom-session=${'C'.repeat(43)}` });
    await upgradeRefused('an upgrade with a token in the query', p, `/v1/realtime?access_token=${TOKEN}`, {});
    await upgradeRefused('an upgrade with a wrong bearer token', p, '/v1/realtime', { Authorization: `Bearer ${OTHER_TOKEN}` });
    await upgradeRefused('an upgrade with the proxy header in password mode', p, '/v1/realtime', { 'X-Forwarded-Email': 'alice' });
    await upgradeRefused('an upgrade on /V1/realtime', p, '/V1/realtime', { Cookie: alice }, 404);
    await upgradeRefused('an upgrade through the sign-in path', p, '/auth/sign-in', { Cookie: alice }, 404);
  });

  it('refuses rotated, signed-out and expired sessions, over HTTP and the socket', async () => {
    const first = (await signIn(server.port, 'bob', 'bobs password')).cookie ?? '';
    const second = (await signIn(server.port, 'bob', 'bobs password', { cookie: first })).cookie ?? '';
    expect(second).not.toBe(first);
    await refused('a session rotated away at sign-in', () => request(server.port, TICKER, { headers: { Cookie: first } }));
    await upgradeRefused('an upgrade with a rotated session', server.port, '/v1/realtime', { Cookie: first });
    expect((await request(server.port, TICKER, { headers: { Cookie: second } })).status).toBe(200);

    // Sign-out ends the session and closes its socket.
    const socket = connectBrowser(server.port, '/v1/realtime', { Cookie: second });
    await socket.opened;
    const out = await request(server.port, '/auth/sign-out', {
      method: 'POST',
      headers: { Cookie: second, Accept: 'application/json', Origin: `http://127.0.0.1:${server.port}` },
    });
    expect(out.status).toBe(200);
    expect(out.headers['set-cookie']?.[0]).toMatch(/Max-Age=0/);
    expect((await socket.closed).code).toBe(1008);
    await refused('a signed-out session', () => request(server.port, TICKER, { headers: { Cookie: second } }));
    await upgradeRefused('an upgrade with a signed-out session', server.port, '/v1/realtime', { Cookie: second });

    // Idle past SESSION_IDLE_MINUTES.
    const idle = (await signIn(server.port, 'bob', 'bobs password')).cookie ?? '';
    expect((await request(server.port, TICKER, { headers: { Cookie: idle } })).status).toBe(200);
    clock += 10 * 60_000;
    await refused('a session idle too long', () => request(server.port, TICKER, { headers: { Cookie: idle } }));
    // Past the absolute lifetime, however busy.
    const busy = (await signIn(server.port, 'bob', 'bobs password')).cookie ?? '';
    for (let minute = 0; minute < 6; minute += 1) {
      clock += 9 * 60_000;
      expect((await request(server.port, TICKER, { headers: { Cookie: busy } })).status).toBe(200);
    }
    const live = connectBrowser(server.port, '/v1/realtime', { Cookie: busy });
    await live.opened;
    clock += 9 * 60_000;
    await refused('a session past its lifetime', () => request(server.port, TICKER, { headers: { Cookie: busy } }));
    await upgradeRefused('an upgrade with an expired session', server.port, '/v1/realtime', { Cookie: busy });
    // The expiry reached the open socket too.
    expect((await live.closed).code).toBe(1008);
    // alice signed in at the start: long expired by now.
    alice = (await signIn(server.port, 'alice', PASSWORD)).cookie ?? '';
  });

  it('refuses crafted sign-ins: cross-site forms, open redirects, wrong passwords', async () => {
    const crossSite = await signIn(server.port, 'alice', PASSWORD, { origin: 'https://evil.example' });
    crafted += 1;
    expect(crossSite.answer.status).toBe(403);
    expect(crossSite.cookie).toBeUndefined();
    const form = new URLSearchParams({ user: 'alice', password: PASSWORD }).toString();
    for (const [name, headers] of [
      ['Origin: null from another site', { Origin: 'null', 'Sec-Fetch-Site': 'cross-site' }],
      ['Origin: null without fetch metadata', { Origin: 'null' }],
      ['an Origin naming another port', { Origin: `http://127.0.0.1:${server.port + 1}` }],
      ['no Origin, cross-site fetch metadata', { 'Sec-Fetch-Site': 'cross-site' }],
    ] as const) {
      crafted += 1;
      const answer = await request(server.port, '/auth/sign-in', {
        method: 'POST',
        body: form,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(form.length), ...headers },
      });
      expect(answer.status, name).toBe(403);
      expect(answer.headers['set-cookie'], name).toBeUndefined();
    }
    const sameSite = await request(server.port, '/auth/sign-in', {
      method: 'POST',
      body: form,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(form.length), Origin: 'null', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(sameSite.status).toBe(303);
    crafted += 1;
    const oversized = await request(server.port, '/auth/sign-in', {
      method: 'POST',
      body: `user=alice&password=${'x'.repeat(10_000)}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://127.0.0.1:${server.port}` },
    });
    expect(oversized.status).toBe(413);
    for (const next of ['//evil.example/', 'https://evil.example/', '/\\evil.example', '/auth/sign-out']) {
      const answer = await signIn(server.port, 'alice', PASSWORD, { next });
      crafted += 1;
      expect(answer.answer.headers.location, next).toBe('/');
    }
    const kept = await signIn(server.port, 'alice', PASSWORD, { next: '/?symbol=700.HK&interval=1h' });
    expect(kept.answer.headers.location).toBe('/?symbol=700.HK&interval=1h');
    const wrong = await signIn(server.port, 'alice', 'not it');
    crafted += 1;
    expect(wrong.answer.status).toBe(401);
    expect(wrong.cookie).toBeUndefined();
    expect(wrong.answer.body).toContain('Wrong user name or password.');
    expect(wrong.answer.body).not.toContain('not it');
    const unknown = await signIn(server.port, 'mallory', PASSWORD);
    crafted += 1;
    expect(unknown.answer.status).toBe(401);
    const injected = await signIn(server.port, '<script>alert(1)</script>', PASSWORD);
    crafted += 1;
    expect(injected.answer.body).not.toContain('<script>alert');
  });

  it('shows sign-ins, refusals and users in /metrics and the audit log', async () => {
    const metrics = (await request(server.port, '/metrics')).body;
    // Requests by user, with or without a per-user budget.
    expect(metrics).toMatch(/^chartroom_user_requests_total\{user="alice",outcome="allowed"\} \d+$/m);
    expect(metrics).toMatch(/^chartroom_user_requests_total\{user="robot",outcome="allowed"\} \d+$/m);
    expect(metrics).toMatch(/^chartroom_auth_events_total\{event="sign-in",outcome="ok"\} \d+$/m);
    expect(metrics).toMatch(/^chartroom_auth_events_total\{event="refused",outcome="no-credentials"\} \d+$/m);
    expect(metrics).toMatch(/^chartroom_sessions \d+$/m);
    const audit = server.logLines.filter((line) => line.startsWith('audit '));
    expect(audit.some((line) => line.includes('"event":"sign-in"') && line.includes('"user":"alice"') && line.includes('"outcome":"ok"'))).toBe(true);
    expect(audit.some((line) => line.includes('"event":"sign-in"') && line.includes('"outcome":"wrong-password"'))).toBe(true);
    expect(audit.some((line) => line.includes('"event":"sign-out"') && line.includes('"user":"bob"'))).toBe(true);
    expect(audit.some((line) => line.includes('"event":"refused"') && line.includes('"via":"upgrade"'))).toBe(true);
  });
});

describe('AUTH_STATIC=signed-in', () => {
  it('sends the page to the sign-in page first, and its files only to a session', async () => {
    const server = await start({ AUTH_MODE: 'password', AUTH_STATIC: 'signed-in' }, { users: { alice: PASSWORD } });
    const home = await refused('the page without a session', () => request(server.port, '/?symbol=AAPL.US'), [303]);
    expect(home.headers.location).toBe('/auth/sign-in?next=%2F%3Fsymbol%3DAAPL.US');
    await refused('an asset without a session', () => request(server.port, '/assets/app.js'));
    await refused('a path glued onto the sign-in page', () => request(server.port, '/auth/sign-in;/v1/market/ticker'), [303]);
    await refused('an unknown /auth path', () => request(server.port, '/auth/sign-in.css.map'), [303]);
    await refused('/auth/ itself', () => request(server.port, '/auth/'), [303]);
    await refused('the sign-in page in upper case', () => request(server.port, '/AUTH/SIGN-IN'), [303]);
    await refused('auth/me in upper case', () => request(server.port, '/AUTH/ME'), [303]);
    await refused('the favicon in upper case', () => request(server.port, '/FAVICON.SVG'), [303]);
    expect((await request(server.port, '/auth/sign-in')).status).toBe(200);
    const cookie = (await signIn(server.port, 'alice', PASSWORD)).cookie ?? '';
    expect((await request(server.port, '/', { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await request(server.port, '/assets/app.js', { headers: { Cookie: cookie } })).status).toBe(200);
  });
});

describe('the users file', () => {
  it('is read again when it changes: a new user signs in without a restart, a broken file keeps the old users', async () => {
    const { writeFileSync } = await import('node:fs');
    const bcrypt = (await import('bcryptjs')).default;
    const server = await start({ AUTH_MODE: 'password' }, { users: { alice: PASSWORD } });
    expect((await signIn(server.port, 'dave', 'daves password')).answer.status).toBe(401);
    writeFileSync(server.files.users, `alice:${bcrypt.hashSync(PASSWORD, 4)}\ndave:${bcrypt.hashSync('daves password', 4)}\n`);
    expect((await signIn(server.port, 'dave', 'daves password')).answer.status).toBe(303);
    writeFileSync(server.files.users, 'dave:not-a-hash-at-all\n');
    expect((await signIn(server.port, 'dave', 'daves password')).answer.status).toBe(303);
    expect(server.logLines.some((line) => line.includes('AUTH_USERS_FILE changed but was not read'))).toBe(true);
    expect(server.logLines.join('\n')).not.toContain('not-a-hash-at-all');
  });
});

describe('AUTH_MODE=proxy', () => {
  it('believes the user header only from the proxy addresses', async () => {
    // The proxy is elsewhere (10.9.9.9): a loopback peer is an untrusted hop.
    const elsewhere = await start({ AUTH_MODE: 'proxy', TRUST_PROXY: '1', AUTH_PROXY_ADDRESSES: '10.9.9.9' });
    const p = elsewhere.port;
    await refused('a forged user header from an untrusted hop', () => request(p, TICKER, { headers: { 'X-Forwarded-Email': 'alice@desk.example' } }));
    await refused('a forged header in odd case', () => request(p, TICKER, { headers: { 'x-FORWARDED-email': 'alice@desk.example' } }));
    await refused('a forged header with a forged X-Forwarded-For naming the proxy', () =>
      request(p, TICKER, { headers: { 'X-Forwarded-Email': 'alice@desk.example', 'X-Forwarded-For': '10.9.9.9' } }),
    );
    await upgradeRefused('an upgrade with a forged user header', p, '/v1/realtime', { 'X-Forwarded-Email': 'alice@desk.example' });

    // The proxy on this host (the default AUTH_PROXY_ADDRESSES): its header is believed.
    const local = await start({ AUTH_MODE: 'proxy', TRUST_PROXY: '1', AUTH_USER_HEADER: 'X-Auth-Request-Email', AUTH_PROXY_SIGN_OUT_URL: '/oauth2/sign_out' });
    const q = local.port;
    expect((await request(q, TICKER, { headers: { 'X-Auth-Request-Email': 'alice@desk.example' } })).status).toBe(200);
    expect(JSON.parse((await request(q, '/auth/me', { headers: { 'X-Auth-Request-Email': 'alice@desk.example' } })).body)).toEqual({
      mode: 'proxy',
      signOutUrl: '/oauth2/sign_out',
      user: 'alice@desk.example',
      via: 'proxy',
    });
    await refused('no user header', () => request(q, TICKER));
    await refused('the default header name when another is configured', () => request(q, TICKER, { headers: { 'X-Forwarded-Email': 'alice@desk.example' } }));
    await refused('two users in one header', () => request(q, TICKER, { headers: { 'X-Auth-Request-Email': 'alice@desk.example, bob@desk.example' } }));
    await refused('the user header twice', () => request(q, TICKER, { headers: { 'X-Auth-Request-Email': ['alice@desk.example', 'bob@desk.example'] } }));
    await refused('an empty user header', () => request(q, TICKER, { headers: { 'X-Auth-Request-Email': '' } }));
    await upgradeRefused('an upgrade without the user header', q, '/v1/realtime', {});
    await upgradeRefused('an upgrade with a token in the query', q, '/v1/realtime?token=abc', { 'X-Auth-Request-Email': 'alice@desk.example' });
    // Last: an accepted socket opens the upstream one.
    expect((await handshakeStatus(q, '/v1/realtime', { 'X-Auth-Request-Email': 'alice@desk.example' })).status).toBe(101);
  });
});

describe('lockout', () => {
  it('slows password guessing: after five wrong passwords even the right one waits, on the injected clock', async () => {
    let clock = 1_000_000;
    const server = await start({ AUTH_MODE: 'password' }, { users: { carol: PASSWORD } }, { auth: { now: () => clock } });
    for (let i = 0; i < 4; i += 1) expect((await signIn(server.port, 'carol', `guess ${i}`)).answer.status).toBe(401);
    const fifth = await signIn(server.port, 'carol', 'guess 4');
    expect(fifth.answer.status).toBe(401);
    expect(fifth.answer.body).toContain('Wait 1 s before the next try.');
    const locked = await signIn(server.port, 'carol', PASSWORD);
    crafted += 1;
    expect(locked.answer.status).toBe(429);
    expect(locked.answer.headers['retry-after']).toBe('1');
    expect(locked.cookie).toBeUndefined();
    expect(locked.answer.body).toContain('Too many failed sign-ins. Try again in 1 s.');
    clock += 1_000;
    // The next wrong one doubles the wait.
    expect((await signIn(server.port, 'carol', 'guess 5')).answer.body).toContain('Wait 2 s');
    clock += 1_000;
    expect((await signIn(server.port, 'carol', PASSWORD)).answer.status).toBe(429);
    clock += 1_000;
    const ok = await signIn(server.port, 'carol', PASSWORD);
    expect(ok.answer.status).toBe(303);
    expect(ok.cookie).toBeDefined();
    expect(server.logLines.some((line) => line.startsWith('audit ') && line.includes('"outcome":"locked"'))).toBe(true);
  });
});
