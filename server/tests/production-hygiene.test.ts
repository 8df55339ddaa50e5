/**
 * Production hygiene of the server's answers: security headers on SPA files and API answers (the
 * CSP only in production), no CORS unless configured, the Host allowlist, /healthz, and the guard
 * on request targets.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp, type AppOptions } from '../app.ts';
import { loadConfig } from '../config.ts';
import { hostPolicy, isAllowedHost, parseHostHeader } from '../host-allowlist.ts';
import { checkRequestTarget } from '../request-target.ts';
import { CONTENT_SECURITY_POLICY, EARLY_KEYS_SCRIPT_HASH } from '../security-headers.ts';
import { mountStaticSite } from '../static-files.ts';
import { makeStaticRoot } from '../test-support/stack.ts';
import { SERVER_ALERTS_STATUS_PATH } from '#shared/server-alerts-protocol.ts';

const SIM_ENV = { SIM_NOW: '2026-11-25T15:00:00Z', SIM_CLOCK: 'frozen' };
const site = makeStaticRoot();
afterAll(() => {
  site.cleanup();
});

function chartroom(env: Record<string, string> = {}, options: AppOptions = { production: true }) {
  const { app } = createApp(loadConfig({ ...SIM_ENV, ...env }, { port: 0 }), () => undefined, options);
  mountStaticSite(app, site.root);
  return app;
}

const BASELINE = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

function pick(headers: Headers, names: readonly string[]): Record<string, string | null> {
  return Object.fromEntries(names.map((name) => [name, headers.get(name)]));
}

describe('security headers', () => {
  const production = chartroom();
  const development = chartroom({}, { production: false });
  const requests: [string, RequestInit?][] = [
    ['/'],
    ['/assets/app.js'],
    ['/some/client/route?symbol=700.HK'],
    ['/v1/market/intervals/kline'],
    ['/v1/market/ticker?symbols=AAPL.US'],
    ['/v1/market/nope'],
    ['/v1/market/ticker', { method: 'POST' }],
    ['/healthz'],
    ['/v1/%2e%2e/x'],
    ['/favicon.ico', { method: 'DELETE' }],
  ];

  it.each(requests)('are on every production answer: %s', async (path, init) => {
    const response = await production.request(path, init);
    expect(pick(response.headers, Object.keys(BASELINE))).toEqual(BASELINE);
    expect(response.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it.each(requests)('are in development too, without the CSP (Vite serves the page): %s', async (path, init) => {
    const response = await development.request(path, init);
    expect(pick(response.headers, Object.keys(BASELINE))).toEqual(BASELINE);
    expect(response.headers.get('content-security-policy')).toBeNull();
  });

  it('the CSP allows the app its own files only', () => {
    const directives = new Map(CONTENT_SECURITY_POLICY.split('; ').map((item) => [item.split(' ')[0] ?? '', item.split(' ').slice(1)]));
    expect(directives.get('default-src')).toEqual(["'self'"]);
    // And the early-key holder, by its hash (shared/early-keys-script.ts).
    expect(directives.get('script-src')).toEqual(["'self'", EARLY_KEYS_SCRIPT_HASH]);
    expect(directives.get('connect-src')).toEqual(["'self'"]);
    expect(directives.get('img-src')).toEqual(["'self'", 'data:']);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'self'"]);
    expect(directives.get('form-action')).toEqual(["'self'"]);
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-(inline|eval)|\*|https?:/);
  });

  it('the page the build starts from needs nothing inline (so the CSP can stay strict)', () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc=/);
    expect(html).not.toMatch(/<style\b|\sstyle=|\son[a-z]+=|javascript:/i);
  });
});

describe('CORS', () => {
  const ticker = '/v1/market/ticker?symbols=AAPL.US';

  it('is off by default: no grant to any origin, no preflight', async () => {
    const app = chartroom();
    const get = await app.request(ticker, { headers: { Origin: 'https://evil.example' } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await app.request(ticker, { method: 'OPTIONS', headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'GET' } });
    expect(preflight.status).toBe(405);
    expect(await preflight.json()).toMatchObject({ code: 2001 });
    expect([...preflight.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
  });

  describe('with CORS_ORIGINS', () => {
    const app = chartroom({ CORS_ORIGINS: 'https://a.example, https://B.example:8443/' });

    it('grants exactly the listed origins, for GET', async () => {
      const granted = await app.request(ticker, { headers: { Origin: 'https://a.example' } });
      expect(granted.status).toBe(200);
      expect(granted.headers.get('access-control-allow-origin')).toBe('https://a.example');
      expect(granted.headers.get('vary')).toMatch(/\bOrigin\b/);
      expect(granted.headers.get('access-control-expose-headers')).toBe('Retry-After, X-Chartroom-Source, X-Chartroom-Clock, X-Chartroom-Cache');
      expect(granted.headers.get('access-control-allow-credentials')).toBeNull();
      const normalised = await app.request(ticker, { headers: { Origin: 'https://b.example:8443' } });
      expect(normalised.headers.get('access-control-allow-origin')).toBe('https://b.example:8443');
    });

    it.each(['https://c.example', 'https://a.example.evil.example', 'http://a.example', 'https://a.example:444', 'null', 'HTTPS://A.EXAMPLE'])(
      'grants nothing to %s, and says the answer varies by Origin',
      async (origin) => {
        const response = await app.request(ticker, { headers: { Origin: origin } });
        expect(response.status).toBe(200);
        expect(response.headers.get('access-control-allow-origin')).toBeNull();
        expect(response.headers.get('vary')).toMatch(/\bOrigin\b/);
      },
    );

    it('answers the preflight of a listed origin for GET only', async () => {
      const preflight = await app.request(ticker, { method: 'OPTIONS', headers: { Origin: 'https://a.example', 'Access-Control-Request-Method': 'GET' } });
      expect(preflight.status).toBe(204);
      expect(pick(preflight.headers, ['access-control-allow-origin', 'access-control-allow-methods'])).toEqual({
        'access-control-allow-origin': 'https://a.example',
        'access-control-allow-methods': 'GET',
      });
      for (const [origin, method] of [
        ['https://a.example', 'POST'],
        ['https://a.example', 'DELETE'],
        ['https://c.example', 'GET'],
      ] as const) {
        const refused = await app.request(ticker, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': method } });
        expect(refused.status, `${origin} ${method}`).toBe(405);
        expect(refused.headers.get('access-control-allow-origin')).toBeNull();
      }
    });

    it('grants nothing on other methods or outside /v1', async () => {
      const post = await app.request(ticker, { method: 'POST', headers: { Origin: 'https://a.example' } });
      expect(post.status).toBe(405);
      expect(post.headers.get('access-control-allow-origin')).toBeNull();
      for (const path of ['/healthz', '/', '/__sim/log']) {
        const response = await app.request(path, { headers: { Origin: 'https://a.example' } });
        expect(response.headers.get('access-control-allow-origin'), path).toBeNull();
      }
    });

    it('grants the listed origin on a rate-limit refusal too, so the page can read Retry-After', async () => {
      const limited = chartroom({ CORS_ORIGINS: 'https://a.example', CLIENT_RATE_LIMIT: '1' });
      await limited.request(ticker);
      const refused = await limited.request(ticker, { headers: { Origin: 'https://a.example' } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('access-control-allow-origin')).toBe('https://a.example');
    });
  });

  it.each(['*', 'https://*.example', 'a.example', 'https://a.example/path', 'https://user@a.example', 'ftp://a.example', 'null'])(
    'refuses CORS_ORIGINS=%s at start-up',
    (value) => {
      expect(() => loadConfig({ CORS_ORIGINS: value }, { port: 0 })).toThrow(/CORS_ORIGINS/);
    },
  );
});

describe('HTTP server limits', () => {
  it('have defaults against slow and oversized requests', () => {
    expect(loadConfig({}, { port: 0 }).http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      maxHeaderBytes: 16 * 1024,
      shutdownGraceMs: 10_000,
    });
    expect(loadConfig({ SERVER_HEADERS_TIMEOUT_MS: '45000' }, { port: 0 }).http.requestTimeoutMs).toBe(45_000);
  });

  it('refuse nonsense at start-up', () => {
    expect(() => loadConfig({ SERVER_HEADERS_TIMEOUT_MS: '2000', SERVER_REQUEST_TIMEOUT_MS: '1000' }, { port: 0 })).toThrow(/SERVER_REQUEST_TIMEOUT_MS/);
    for (const name of ['SERVER_HEADERS_TIMEOUT_MS', 'SERVER_REQUEST_TIMEOUT_MS', 'SERVER_KEEP_ALIVE_TIMEOUT_MS', 'SHUTDOWN_GRACE_MS']) {
      expect(() => loadConfig({ [name]: '0' }, { port: 0 }), name).toThrow(name);
      expect(() => loadConfig({ [name]: 'soon' }, { port: 0 }), name).toThrow(name);
    }
  });
});

describe('/healthz', () => {
  it('answers status, mode and whole seconds of uptime', async () => {
    let now = 5_000;
    const { app } = createApp(loadConfig(SIM_ENV, { port: 0 }), () => undefined, { now: () => now });
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok', mode: 'simulator', uptimeSeconds: 0 });
    now += 61_999;
    expect(await (await app.request('/healthz')).json()).toEqual({ status: 'ok', mode: 'simulator', uptimeSeconds: 61 });
    const upstream = createApp(loadConfig({ MARKET_API_KEY: 'k', MARKET_API_BASE_URL: 'http://127.0.0.1:9' }, { port: 0 }), () => undefined, {
      now: () => now,
    });
    expect(await (await upstream.app.request('/healthz')).json()).toEqual({ status: 'ok', mode: 'upstream', uptimeSeconds: 0 });
  });
});

describe('Host allowlist (DNS rebinding)', () => {
  const get = (app: ReturnType<typeof chartroom>, host: string) => app.request(`http://${host}/v1/market/intervals/kline`, { headers: { Host: host } });

  it('answers localhost and IP addresses by default, and no other name', async () => {
    const app = chartroom();
    for (const host of ['localhost:8080', 'localhost', 'app.localhost:5173', '127.0.0.1:8080', '10.1.2.3', '[::1]:8080', 'LOCALHOST.']) {
      expect((await get(app, host)).status, host).toBe(200);
    }
    for (const host of ['rebind.attacker.example', 'localhost.attacker.example', 'attacker.example:8080', '127.0.0.1.nip.io']) {
      const response = await get(app, host);
      expect(response.status, host).toBe(403);
      expect(await response.json()).toMatchObject({ code: 2001 });
    }
  });

  it('answers only ALLOWED_HOSTS when set', async () => {
    const app = chartroom({ ALLOWED_HOSTS: 'chartroom.example.com, .corp.example, 127.0.0.1:8080' });
    for (const host of ['chartroom.example.com', 'chartroom.example.com:443', 'corp.example', 'dash.corp.example', '127.0.0.1:8080']) {
      expect((await get(app, host)).status, host).toBe(200);
    }
    for (const host of ['localhost', '127.0.0.1:8081', '127.0.0.1', 'example.com', 'xcorp.example', 'chartroom.example.com.evil.example']) {
      expect((await get(app, host)).status, host).toBe(403);
    }
    const any = chartroom({ ALLOWED_HOSTS: '*' });
    expect((await get(any, 'whatever.example')).status).toBe(200);
  });

  it('is left to Vite in development', async () => {
    expect((await get(chartroom({}, { production: false }), 'rebind.attacker.example')).status).toBe(200);
  });

  it('parses Host values strictly', () => {
    expect(parseHostHeader('Example.COM:80')).toEqual({ host: 'example.com', port: '80' });
    expect(parseHostHeader('[::1]:80')).toEqual({ host: '::1', port: '80' });
    for (const bad of ['', 'a b', 'a@b', 'a/b', '::1', '[zz]', 'a:b', 'a:123456', 'a\u0000']) expect(parseHostHeader(bad), bad).toBeUndefined();
    expect(isAllowedHost(undefined, hostPolicy([]))).toBe(false);
    expect(() => hostPolicy(['a/b'])).toThrow(/ALLOWED_HOSTS/);
  });
});

describe('request targets', () => {
  it.each([
    '/',
    '/index.html',
    '/assets/index-abc.js',
    '/v1',
    '/v1/market/kline?symbol=700.HK&interval=1d',
    '/v1/market/kline/',
    '/?symbol=%2e%2e%2f&x=\\',
    '/a%20b',
    '/v1/market/ticker?symbols=A%2CB',
  ])('lets %j through', (target) => {
    expect(checkRequestTarget(target)).toEqual({ ok: true });
  });

  it.each([
    ['', 400],
    ['*', 400],
    ['http://example.com/', 400],
    ['//example.com/v1', 400],
    ['/a//b', 400],
    ['/a/./b', 400],
    ['/a/../b', 400],
    ['/a/..', 400],
    ['/a/.', 400],
    ['/%2e%2e/a', 400],
    ['/%2E/a', 400],
    ['/a%2fb', 400],
    ['/a%5Cb', 400],
    ['/a%252e', 400],
    ['/a%00', 400],
    ['/a%1f', 400],
    ['/a%7F', 400],
    ['/a%zz', 400],
    ['/a%', 400],
    ['/a\\b', 400],
    ['/a b', 400],
    ['/a#b', 400],
    ['/\u00e9', 400],
    ['/v1x', 404],
    ['/v1@example.com/v1/market/ticker', 404],
    ['/v1.json', 404],
    [`/v1/market/ticker?${'a'.repeat(8 * 1024)}`, 414],
  ] as const)('refuses %j with %i', (target, status) => {
    expect(checkRequestTarget(target)).toMatchObject({ ok: false, status });
  });

  it('refuses a GET that announces a body, with Connection: close', async () => {
    const app = chartroom();
    for (const headers of [{ 'Content-Length': '5' }, { 'Transfer-Encoding': 'chunked' }] as Record<string, string>[]) {
      const response = await app.request('/v1/market/intervals/kline', { headers });
      expect(response.status).toBe(400);
      expect(response.headers.get('connection')).toBe('close');
    }
    expect((await app.request('/v1/market/intervals/kline', { headers: { 'Content-Length': '0' } })).status).toBe(200);
  });

  it('answers unknown paths with an envelope', async () => {
    const app = chartroom();
    const response = await app.request('/anything', { method: 'POST' });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 2001, message: 'Invalid parameter: unknown path' });
  });
});

describe('a server without a workspace database (WORKSPACE=off)', () => {
  it('says it does not evaluate alerts, with an answer (a 404 would be logged in every page’s console)', async () => {
    const response = await chartroom({ WORKSPACE: 'off' }).request(SERVER_ALERTS_STATUS_PATH);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ evaluating: false, push: false, webhooks: false });
  });
});
