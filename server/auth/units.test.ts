/** The parts of access control on their own: lockout, sessions, the credential files, the audit log, paths. */
import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { pathKind, queryCarriesCredential, safeNext } from './access.ts';
import { AuditLog } from './audit-log.ts';
import { isLoopbackHost } from './config.ts';
import { sha256Hex, TokenFile, UserFile } from './credentials.ts';
import { Lockout } from './lockout.ts';
import { MemorySessionStore } from './memory-sessions.ts';
import { expectDeadlinesKept } from './session-deadlines.test-support.ts';

describe('Lockout', () => {
  it('lets four failures pass, then locks the name for exponentially longer', () => {
    let now = 0;
    const lockout = new Lockout({ now: () => now });
    for (let i = 0; i < 4; i += 1) {
      expect(lockout.check('alice', '10.0.0.1').retryAfterMs).toBe(0);
      expect(lockout.fail('alice', '10.0.0.1').retryAfterMs).toBe(0);
    }
    // The fifth failure locks for 1 s; the sixth try waits.
    expect(lockout.fail('alice', '10.0.0.1').retryAfterMs).toBe(1_000);
    expect(lockout.check('alice', '10.0.0.1').retryAfterMs).toBe(1_000);
    // From another address too: the name is locked.
    expect(lockout.check('alice', '10.0.0.2').retryAfterMs).toBe(1_000);
    // Another name from the same address is not.
    expect(lockout.check('bob', '10.0.0.1').retryAfterMs).toBe(0);
    now += 1_000;
    expect(lockout.check('alice', '10.0.0.1').retryAfterMs).toBe(0);
    expect(lockout.fail('alice', '10.0.0.1').retryAfterMs).toBe(2_000);
    now += 2_000;
    expect(lockout.fail('alice', '10.0.0.1').retryAfterMs).toBe(4_000);
    now += 4_000;
    // A success clears the name.
    lockout.succeed('alice');
    expect(lockout.check('alice', '10.0.0.1').retryAfterMs).toBe(0);
    expect(lockout.fail('alice', '10.0.0.1').retryAfterMs).toBe(0);
  });

  it('caps the delay, locks an address guessing many names, and forgets after a quiet spell', () => {
    let now = 0;
    const lockout = new Lockout({ now: () => now, maxDelayMs: 8_000, freeFailuresPerAddress: 3 });
    for (let i = 0; i < 3; i += 1) lockout.fail(`user${i}`, '10.0.0.9');
    expect(lockout.fail('user3', '10.0.0.9').retryAfterMs).toBe(1_000);
    expect(lockout.check('anyone', '10.0.0.9').retryAfterMs).toBe(1_000);
    for (let i = 0; i < 20; i += 1) {
      now += 60_000;
      lockout.fail('carol', '10.0.0.8');
    }
    expect(lockout.check('carol', '10.0.0.7').retryAfterMs).toBe(8_000);
    now += 16 * 60_000;
    expect(lockout.check('carol', '10.0.0.7').retryAfterMs).toBe(0);
    expect(lockout.fail('carol', '10.0.0.7').retryAfterMs).toBe(0);
  });
});

describe('MemorySessionStore', () => {
  it('keeps only a digest of the id, ends sessions on idle, lifetime and sign-out, and tells listeners', async () => {
    let now = 0;
    const store = new MemorySessionStore({ ttlMs: 60_000, idleMs: 10_000, now: () => now });
    const id = await store.create('alice');
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify([...(store as unknown as { sessions: Map<string, unknown> }).sessions.keys()])).not.toContain(id);
    expect((await store.get(id))?.user).toBe('alice');
    await expectDeadlinesKept(store, (ms) => {
      now += ms;
    });

    const out = await store.create('carol');
    const ended: string[] = [];
    store.onEnd(out, () => ended.push('socket'));
    await store.end(out);
    expect(ended).toEqual(['socket']);
    expect(await store.get(out)).toBeUndefined();
    expect(await store.get('not-an-id')).toBeUndefined();
  });

  it('sweeps expired sessions and stays bounded', async () => {
    let now = 0;
    const store = new MemorySessionStore({ ttlMs: 60_000, idleMs: 60_000, maxSessions: 3, now: () => now });
    const ids: string[] = [];
    for (const user of ['a', 'b', 'c', 'd']) ids.push(await store.create(user));
    expect(await store.count()).toBe(3);
    expect(await store.get(ids[0] ?? '')).toBeUndefined();
    now += 60_000;
    expect(await store.sweep()).toBe(3);
    expect(await store.count()).toBe(0);
  });
});

describe('credential files', () => {
  it('reads htpasswd bcrypt lines ($2y$, $2b$) and checks passwords', async () => {
    const hash = bcrypt.hashSync('s3cret', 4);
    const file = new UserFile(`# desk users\nalice:${hash.replace('$2b$', '$2y$')}\nbob@desk.example:${hash}\n`);
    expect(file.size).toBe(2);
    expect(await file.verify('alice', 's3cret')).toBe(true);
    expect(await file.verify('bob@desk.example', 's3cret')).toBe(true);
    expect(await file.verify('alice', 's3cret ')).toBe(false);
    expect(await file.verify('mallory', 's3cret')).toBe(false);
    expect(await file.verify('alice', 'x'.repeat(100))).toBe(false);
  });

  it('refuses lines that are not name:bcrypt, naming the line but not its content', () => {
    expect(() => new UserFile('alice:{SHA}W6ph5Mm5Pz8GgiULbPgzG37mj9g=\n')).toThrow(/line 1 /);
    expect(() => new UserFile('alice:plaintext-password\n')).not.toThrow(/plaintext-password/);
    expect(() => new UserFile('alice:plaintext-password\n')).toThrow();
    expect(() => new UserFile('al ice:$2y$04$abcdefghijklmnopqrstuv0123456789012345678901234567890\n')).toThrow(/line 1/);
  });

  it('finds tokens by their SHA-256, several per user; short or unknown tokens are nobody', () => {
    const one = 'tok_0123456789abcdef0123456789abcdef';
    const two = 'tok_fedcba9876543210fedcba9876543210';
    const tokens = new TokenFile(`robot:${sha256Hex(one)}\nrobot:${sha256Hex(two)}\n`);
    expect(tokens.userOf(one)).toBe('robot');
    expect(tokens.userOf(two)).toBe('robot');
    expect(tokens.userOf(`${one}x`)).toBeUndefined();
    expect(tokens.userOf('short')).toBeUndefined();
    expect(() => new TokenFile(`robot:${one}\n`)).toThrow(/line 1/);
  });
});

describe('audit log', () => {
  it('writes closed fields only, cleans names, and summarises repeated refusals', () => {
    let now = 0;
    const lines: string[] = [];
    const audit = new AuditLog((line) => lines.push(line), { now: () => now, summaryMs: 60_000 });
    audit.record('sign-in', { user: 'alice\n{"event":"forged"}', address: '10.0.0.1', outcome: 'ok' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    expect(JSON.parse((lines[0] ?? '').slice('audit '.length))).toMatchObject({ event: 'sign-in', outcome: 'ok', address: '10.0.0.1' });
    for (let i = 0; i < 100; i += 1) audit.record('over-budget', { user: 'robot', outcome: 'refused' });
    expect(lines).toHaveLength(2);
    now += 60_000;
    audit.record('over-budget', { user: 'robot', outcome: 'refused' });
    expect(JSON.parse((lines[2] ?? '').slice('audit '.length))).toMatchObject({ event: 'over-budget', user: 'robot', repeated: 99 });
  });
});

describe('paths and values', () => {
  it('classifies paths, case-insensitively', () => {
    expect(pathKind('/v1/market/ticker')).toBe('data');
    expect(pathKind('/V1/Market/Ticker')).toBe('data');
    expect(pathKind('/chartroom/catalog')).toBe('data');
    expect(pathKind('/__sim/clock')).toBe('data');
    expect(pathKind('/auth/sign-in')).toBe('open');
    expect(pathKind('/AUTH/ME')).toBe('page');
    expect(pathKind('/favicon.svg')).toBe('open');
    expect(pathKind('/FAVICON.SVG')).toBe('page');
    expect(pathKind('/auth/sign-in/x')).toBe('page');
    expect(pathKind('/healthz')).toBe('open');
    expect(pathKind('/')).toBe('page');
  });

  it('spots credentials in a query string in any spelling of the name', () => {
    expect(queryCarriesCredential('/v1/x?symbols=A&access_token=1')).toBe(true);
    expect(queryCarriesCredential('/v1/x?Access%5Ftoken=1')).toBe(true);
    expect(queryCarriesCredential('/v1/x?TOKEN')).toBe(true);
    expect(queryCarriesCredential('/v1/x?symbols=token')).toBe(false);
    expect(queryCarriesCredential('/v1/x')).toBe(false);
  });

  it('keeps next on this server', () => {
    expect(safeNext('/?symbol=AAPL.US')).toBe('/?symbol=AAPL.US');
    for (const next of ['//evil.example', '/\\evil', 'https://evil.example', 'javascript:alert(1)', '/auth/sign-out', '/ spaced', undefined])
      expect(safeNext(next)).toBe('/');
  });

  it('knows loopback binds', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.0.2', 'example.com', '::ffff:10.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
  });
});
