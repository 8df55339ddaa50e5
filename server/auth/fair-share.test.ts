/**
 * Fair shares of the key over real sockets: one user's script hammering the server beside nine
 * users at a normal pace. Each user may spend USER_SHARE of MARKET_API_RATE_LIMIT (here 10 % of
 * 600 a minute): the hammerer meets 3001 with Retry-After, the nine never do.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startAuthServer, startCountingUpstream, type AuthServer, type CountingUpstream } from './auth-stack.test-support.ts';

const TICKER = '/v1/market/ticker?symbols=AAPL.US';
const HEADER = 'X-Forwarded-Email';

let upstream: CountingUpstream;
let server: AuthServer;

beforeAll(async () => {
  upstream = await startCountingUpstream();
  server = await startAuthServer(upstream, { AUTH_MODE: 'proxy', TRUST_PROXY: '1', MARKET_API_RATE_LIMIT: '600', USER_SHARE: '0.1' });
});

afterAll(async () => {
  await server.stop();
  await upstream.stop();
});

describe('fair shares', () => {
  it('holds one hammering user to their share while nine others go on', async () => {
    const statuses = new Map<string, number[]>();
    const retryAfter: string[] = [];
    const ask = async (user: string): Promise<void> => {
      const answer = await request(server.port, TICKER, { headers: { [HEADER]: user } });
      statuses.set(user, [...(statuses.get(user) ?? []), answer.status]);
      if (answer.status === 429) {
        expect(JSON.parse(answer.body)).toMatchObject({ code: 3001 });
        retryAfter.push(String(answer.headers['retry-after']));
      }
    };
    const normal = Array.from({ length: 9 }, (_, i) => `trader${i}@desk.example`);
    // Twenty rounds: each normal user asks once, the hammerer ten times at once.
    for (let round = 0; round < 20; round += 1) {
      await Promise.all([...normal.map((user) => ask(user)), ...Array.from({ length: 10 }, () => ask('script@desk.example'))]);
    }
    for (const user of normal)
      expect(
        statuses.get(user)?.filter((status) => status !== 200),
        user,
      ).toEqual([]);
    const hammered = statuses.get('script@desk.example') ?? [];
    expect(hammered).toHaveLength(200);
    const refused = hammered.filter((status) => status === 429).length;
    // 60 a minute, a burst of 60: at most a second's refill more in the time the test takes.
    expect(refused).toBeGreaterThanOrEqual(200 - 60 - 10);
    expect(hammered.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(retryAfter.every((value) => Number(value) >= 1)).toBe(true);

    const metrics = (await request(server.port, '/metrics')).body;
    expect(metrics).toMatch(new RegExp(`^chartroom_user_requests_total\\{user="script@desk.example",outcome="over_budget"\\} ${refused}$`, 'm'));
    expect(metrics).toMatch(/^chartroom_user_requests_total\{user="trader0@desk.example",outcome="allowed"\} 20$/m);
    expect(metrics).not.toMatch(/user="trader0@desk.example",outcome="over_budget"/);
    const budgetLines = server.logLines.filter((line) => line.startsWith('audit ') && line.includes('"event":"over-budget"'));
    // Summarised: one line for the spell, not one per refusal.
    expect(budgetLines.length).toBeGreaterThanOrEqual(1);
    expect(budgetLines.length).toBeLessThan(5);
    expect(budgetLines.every((line) => line.includes('"user":"script@desk.example"'))).toBe(true);
  });

  it('bounds the user label of /metrics: past fifty names, other', async () => {
    for (let i = 0; i < 60; i += 1) await request(server.port, TICKER, { headers: { [HEADER]: `many${i}@desk.example` } });
    const metrics = (await request(server.port, '/metrics')).body;
    const users = new Set([...metrics.matchAll(/^chartroom_user_requests_total\{user="([^"]+)"/gm)].map((match) => match[1]));
    expect(users.size).toBeLessThanOrEqual(51);
    expect(users.has('other')).toBe(true);
  });
});
