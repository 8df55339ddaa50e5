/**
 * Sign-in sessions (AUTH_MODE=password) in the database, over HTTP and the realtime socket: two
 * instances on one PostgreSQL behind no sticky load balancer. A session signed in on one works on
 * the other; a sign-out on either ends it on both (the other's sockets close at its next sweep); a
 * restart keeps it; an upgrade whose browser leaves while its session is looked up crashes
 * nothing, and bytes sent right behind the handshake still reach the relay. A database that cannot
 * be opened answers 503 and lets nobody in on a cookie.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKSPACE_PATH } from '#shared/workspace-protocol.ts';
import { request, signIn, startAuthServer, startCountingUpstream, type AuthServer, type CountingUpstream } from '../auth/auth-stack.test-support.ts';
import { connectBrowser, handshakeStatus } from '../realtime/test-support.ts';
import { freePort } from '../test-support/free-port.ts';
import { startTestPostgres, type TestPostgres } from '../test-support/postgres-server.ts';
import { workspaceDatabase, type WorkspaceDatabase } from '../workspace/workspace-database.ts';

const TICKER = '/v1/market/ticker?symbols=AAPL.US';
const PASSWORD = 'correct horse battery staple';
const TOKEN = 'tok_9f3c2a7e5b1d4c6a8e0f2b4d6c8a0e1f3b5d7f9a';

interface Instance {
  server: AuthServer;
  database: WorkspaceDatabase;
  stop(): Promise<void>;
}

let upstream: CountingUpstream;
let postgres: TestPostgres;
const running = new Set<Instance>();

beforeAll(async () => {
  upstream = await startCountingUpstream();
  postgres = await startTestPostgres();
}, 60_000);
afterAll(async () => {
  for (const instance of running) await instance.stop();
  await upstream.stop();
  await postgres.stop();
});

/** A Chartroom instance whose sessions (and workspaces) live in the database at `url`. */
async function instance(url = postgres.url): Promise<Instance> {
  const database = workspaceDatabase({ kind: 'postgres', url });
  const server = await startAuthServer(upstream, { AUTH_MODE: 'password' }, { users: { alice: PASSWORD }, tokens: { robot: TOKEN } }, { workspace: database });
  const started: Instance = {
    server,
    database,
    stop: async () => {
      running.delete(started);
      await server.stop();
      await database.close();
    },
  };
  running.add(started);
  return started;
}

const signOut = (port: number, cookie: string) =>
  request(port, '/auth/sign-out', { method: 'POST', headers: { Cookie: cookie, Accept: 'application/json', Origin: `http://127.0.0.1:${port}` } });
const me = async (port: number, cookie: string) => JSON.parse((await request(port, '/auth/me', { headers: { Cookie: cookie } })).body) as unknown;

describe('sessions shared through the database', () => {
  it('signs in on one instance and is known on the other; a sign-out on either ends it on both, sockets too', async () => {
    const a = await instance();
    const b = await instance();
    const { cookie = '' } = await signIn(a.server.port, 'alice', PASSWORD);
    expect(cookie).toMatch(/^chartroom-session=[A-Za-z0-9_-]{43}$/);
    expect(await me(b.server.port, cookie)).toEqual({
      mode: 'password',
      signInUrl: '/auth/sign-in',
      signOutUrl: '/auth/sign-out',
      user: 'alice',
      via: 'session',
    });
    expect((await request(b.server.port, TICKER, { headers: { Cookie: cookie } })).status).toBe(200);
    // The workspace reads the user the guard found (userOf): the session's, on either instance.
    const workspace = await request(b.server.port, WORKSPACE_PATH, { headers: { Cookie: cookie } });
    expect(workspace.status, workspace.body).toBe(200);
    expect(JSON.parse(workspace.body)).toMatchObject({ user: 'alice' });
    const socket = connectBrowser(a.server.port, '/v1/realtime', { Cookie: cookie });
    await socket.opened;
    const elsewhere = connectBrowser(b.server.port, '/v1/realtime', { Cookie: cookie });
    await elsewhere.opened;

    expect((await signOut(b.server.port, cookie)).status).toBe(200);
    // Signed out on B: B's socket closes at once, A's at A's next sweep.
    expect((await elsewhere.closed).code).toBe(1008);
    await a.server.chartroom.accessControl.sessions.sweep();
    expect((await socket.closed).code).toBe(1008);
    expect((await request(a.server.port, TICKER, { headers: { Cookie: cookie } })).status).toBe(401);
    expect((await handshakeStatus(a.server.port, '/v1/realtime', { Cookie: cookie })).status).toBe(401);
    expect(await me(a.server.port, cookie)).not.toHaveProperty('user');

    // Rotation on one instance ends the old session on the other.
    const first = (await signIn(b.server.port, 'alice', PASSWORD)).cookie ?? '';
    const second = (await signIn(a.server.port, 'alice', PASSWORD, { cookie: first })).cookie ?? '';
    expect(second).not.toBe(first);
    expect((await request(b.server.port, TICKER, { headers: { Cookie: first } })).status).toBe(401);
    expect((await request(b.server.port, TICKER, { headers: { Cookie: second } })).status).toBe(200);
    expect((await request(a.server.port, '/metrics')).body).toMatch(/^chartroom_sessions [1-9]\d*$/m);
  });

  it('keeps a session over a restart', async () => {
    const before = await instance();
    const { cookie = '' } = await signIn(before.server.port, 'alice', PASSWORD);
    await before.stop();
    const after = await instance();
    expect((await request(after.server.port, TICKER, { headers: { Cookie: cookie } })).status).toBe(200);
    expect(await me(after.server.port, cookie)).toMatchObject({ user: 'alice', via: 'session' });
  });

  it('survives browsers that leave while their upgrade is checked, and keeps the bytes sent behind the handshake', async () => {
    const b = await instance();
    const { cookie = '' } = await signIn(b.server.port, 'alice', PASSWORD);
    const handshake = [
      'GET /v1/realtime HTTP/1.1',
      `Host: 127.0.0.1:${String(b.server.port)}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      `Cookie: ${cookie}`,
      '',
      '',
    ].join('\r\n');
    for (let i = 0; i < 20; i += 1) {
      const socket = net.connect(b.server.port, '127.0.0.1');
      socket.on('error', () => undefined);
      socket.write(handshake);
      if (i % 2 === 0) socket.destroy();
      else socket.resetAndDestroy();
    }
    // A ping frame in the same packet as the handshake: the relay reads it after the session check.
    const payload = Buffer.from(JSON.stringify({ cmd: 'ping' }));
    const mask = Buffer.from([1, 2, 3, 4]);
    const frame = Buffer.concat([Buffer.from([0x81, 0x80 | payload.length]), mask, payload.map((byte, index) => byte ^ (mask[index % 4] ?? 0))]);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(b.server.port, '127.0.0.1');
      let text = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`no pong: ${text}`));
      }, 5_000);
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
        if (text.includes('pong')) {
          clearTimeout(timer);
          socket.destroy();
          resolve(text);
        }
      });
      socket.on('error', reject);
      socket.write(Buffer.concat([Buffer.from(handshake), frame]));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 101 /);
    expect((await handshakeStatus(b.server.port, '/v1/realtime', { Cookie: cookie })).status).toBe(101);
    expect((await request(b.server.port, TICKER, { headers: { Cookie: cookie } })).status).toBe(200);
  });
});

describe('a sessions database that cannot be opened', () => {
  it('answers 503 where a session is needed, lets nobody in on a cookie, and keeps tokens working', async () => {
    const down = await instance(`postgres://postgres@127.0.0.1:${String(await freePort())}/postgres`);
    const port = down.server.port;
    const cookie = `chartroom-session=${'A'.repeat(43)}`;
    const hits = upstream.hits();
    const unavailable = (answer: { status: number; body: string; headers: Record<string, unknown> }) => {
      expect(answer.status, answer.body).toBe(503);
      expect(JSON.parse(answer.body)).toMatchObject({ code: 5002 });
      expect(answer.headers['retry-after']).toBe('5');
    };
    const signedIn = await signIn(port, 'alice', PASSWORD);
    unavailable(signedIn.answer);
    expect(signedIn.cookie).toBeUndefined();
    unavailable(await request(port, TICKER, { headers: { Cookie: cookie } }));
    unavailable(await request(port, WORKSPACE_PATH, { headers: { Cookie: cookie } }));
    unavailable(await request(port, '/auth/me', { headers: { Cookie: cookie } }));
    unavailable(await signOut(port, cookie));
    expect((await handshakeStatus(port, '/v1/realtime', { Cookie: cookie })).status).toBe(503);
    expect(upstream.hits()).toBe(hits);
    // Without a cookie, or with a token, the database is not needed.
    expect((await request(port, TICKER)).status).toBe(401);
    expect((await request(port, TICKER, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    expect((await request(port, '/metrics')).body).toMatch(/^chartroom_sessions 0$/m);
    expect(down.server.logLines.some((line) => line.includes('sign-in sessions not available'))).toBe(true);
  });
});
