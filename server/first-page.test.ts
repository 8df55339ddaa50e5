import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import {
  carriedFactorsTarget,
  coldVisitPageTarget,
  COLD_VISIT_CHART,
  FIRST_FACTORS_ELEMENT_ID,
  FIRST_PAGE_ELEMENT_ID,
  FIRST_TICKER_ELEMENT_ID,
  historyPageTarget,
} from '#shared/first-page.ts';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { escapeForScript, firstPageElement, firstPageFor, firstPageOf } from './first-page.ts';
import { createHttpServer, listen } from './http-server.ts';
import { pageClockOf } from './page-clock.ts';
import { startStandaloneSimulator } from './realtime/test-support.ts';
import { mountStaticSite } from './static-files.ts';

const SIM_NOW = '2026-11-25T15:00:00Z';
const NOW = Date.parse(SIM_NOW);
const root = mkdtempSync(join(tmpdir(), 'chartroom-first-page-'));
writeFileSync(
  join(root, 'index.html'),
  '<!doctype html><html><head><script type="module" src="/assets/boot.js"></script></head><body><div id="root"></div></body></html>',
);
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The carried element's text and attributes, parsed as a browser would (entities in attributes). */
function carried(html: string, id = FIRST_PAGE_ELEMENT_ID): { url: string; madeAt: number; source: string; text: string } | undefined {
  const match = new RegExp(
    `<script type="application/json" id="${id}" data-url="([^"]*)" data-made-at="(\\d+)" data-source="([^"]*)">([\\s\\S]*?)</script>`,
  ).exec(html);
  if (!match) return undefined;
  const [, url = '', madeAt = '', source = '', text = ''] = match;
  return { url: url.replace(/&amp;/g, '&'), madeAt: Number(madeAt), source, text };
}

const envelope = (data: unknown): Response =>
  new Response(JSON.stringify({ code: 0, message: 'success', data }), { headers: { 'X-Chartroom-Source': 'simulator' } });
const page = (search = ''): Request => new Request(`http://localhost/${search}`);

describe('escaping for a script element', () => {
  it('leaves no way out of the element and reads back as the same JSON', () => {
    const body = JSON.stringify({ name: '</script><script>alert(1)</script><!-- & > \u2028\u2029' });
    const escaped = escapeForScript(body);
    expect(escaped).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(escaped)).toEqual(JSON.parse(body));
  });

  it('escapes the attributes too', () => {
    const element = firstPageElement('/v1/market/kline?a=1&b="2"', 5, 'sim"ulator', '{}');
    expect(element).toContain('data-url="/v1/market/kline?a=1&amp;b=&quot;2&quot;"');
    expect(element).toContain('data-source="sim&quot;ulator"');
    expect(element.match(/</g)).toHaveLength(2);
  });
});

describe('the carried first page', () => {
  it("asks for the cold visit's newest page and its stock's factors and carries both answers, made at the page's clock", async () => {
    const asked: string[] = [];
    const element = await firstPageFor(page(), NOW, (target) => {
      asked.push(target);
      return envelope(target.includes('ex-factors') ? { data: {} } : { klines: [] });
    });
    const factors = '/v1/market/kline/ex-factors?symbols=AAPL.US';
    expect(asked).toEqual([coldVisitPageTarget(NOW), factors, '/v1/market/ticker?symbols=AAPL.US']);
    expect(carried(element)).toEqual({
      url: coldVisitPageTarget(NOW),
      madeAt: NOW,
      source: 'simulator',
      text: '{"code":0,"message":"success","data":{"klines":[]}}',
    });
    expect(carried(element, FIRST_FACTORS_ELEMENT_ID)).toEqual({
      url: factors,
      madeAt: NOW,
      source: 'simulator',
      text: '{"code":0,"message":"success","data":{"data":{}}}',
    });
  });

  it('carries factors only for a stock the app adjusts itself: not for other products, nor a link that says adjust=none', async () => {
    const asked: string[] = [];
    const ask = (target: string) => {
      asked.push(target);
      return envelope({});
    };
    await firstPageFor(page('?symbol=EURUSD&type=forex&interval=1h'), NOW, ask);
    expect(asked).toContain('/v1/market/ticker?symbols=EURUSD&type=forex');
    await firstPageFor(page('?symbol=AAPL.US&adjust=none'), NOW, ask);
    expect(asked.filter((target) => target.includes('ex-factors'))).toEqual([]);
    // A failed factors answer leaves the page's own element in.
    const element = await firstPageFor(page('?symbol=700.HK&adjust=backward'), NOW, (target) =>
      target.includes('ex-factors') ? new Response('{"code":3001,"message":"no plan"}') : envelope({ klines: [] }),
    );
    expect(carried(element)?.url).toBe(historyPageTarget({ symbol: '700.HK', interval: '1d' }, NOW));
    expect(element).not.toContain(FIRST_FACTORS_ELEMENT_ID);
    expect(carriedFactorsTarget(COLD_VISIT_CHART, new URLSearchParams())).toBe('/v1/market/kline/ex-factors?symbols=AAPL.US');
  });

  it("carries a link's own chart: the page of the symbol and interval it names", async () => {
    const asked: string[] = [];
    const element = await firstPageFor(page('?symbol=700.HK&interval=1h&tab=chart'), NOW, (target) => {
      asked.push(target);
      return envelope({ klines: [] });
    });
    expect(asked).toEqual([
      historyPageTarget({ symbol: '700.HK', interval: '1h' }, NOW),
      '/v1/market/kline/ex-factors?symbols=700.HK',
      '/v1/market/ticker?symbols=700.HK',
    ]);
    expect(carried(element)?.url).toBe(asked[0]);
  });

  it('carries nothing for a screen the server cannot know, a failure or a body that is not a successful envelope', async () => {
    const ask = (response: Response) => () => response;
    expect(await firstPageFor(page('?symbol=700.HK&tab=trades'), NOW, ask(envelope({})))).toBe('');
    expect(await firstPageFor(page('?layout=2h&charts=AAPL.US~1d~none,700.HK~1d~none'), NOW, ask(envelope({})))).toBe('');
    expect(await firstPageFor(page(), NOW, ask(new Response('{"code":1002,"message":"no key"}', { status: 401 })))).toBe('');
    expect(await firstPageFor(page(), NOW, ask(new Response('{"code":5001,"message":"x"}')))).toBe('');
    expect(await firstPageFor(page(), NOW, ask(new Response('<html>not json')))).toBe('');
    expect(
      await firstPageFor(page(), NOW, () => {
        throw new Error('down');
      }),
    ).toBe('');
  });

  it('goes without an answer slower than its bound: the page is not held back', async () => {
    const never = () => new Promise<Response>(() => undefined);
    expect(await firstPageFor(page(), NOW, never, 20)).toBe('');
    const slow = () =>
      new Promise<Response>((resolve) =>
        setTimeout(() => {
          resolve(envelope({ klines: [] }));
        }, 5),
      );
    expect(await firstPageFor(page(), NOW, slow, 1_000)).toContain(FIRST_PAGE_ELEMENT_ID);
  });

  it('goes out in index.html from the simulator, streamed, compressed as accepted and never kept', async () => {
    const chartroom = createApp(loadConfig({ SIM_NOW, SIM_CLOCK: 'frozen' }, { port: 0 }));
    mountStaticSite(chartroom.app, root, { clock: pageClockOf(chartroom), firstPage: firstPageOf(chartroom.app) });
    const get = (path: string, acceptEncoding = '') => chartroom.app.request(`http://localhost${path}`, { headers: { 'Accept-Encoding': acceptEncoding } });
    // The browser's own request first: the K-line cache then holds the window (a cold simulator may
    // take longer than the page waits for it).
    const direct = await chartroom.app.request(`http://localhost${coldVisitPageTarget(NOW)}`);
    await chartroom.app.request('http://localhost/v1/market/ticker?symbols=AAPL.US');
    const directFactors = (await (await chartroom.app.request('http://localhost/v1/market/kline/ex-factors?symbols=AAPL.US')).json()) as {
      data: { data: Record<string, unknown[]> };
    };

    const brotli = await get('/', 'gzip, deflate, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('cache-control')).toBe('no-store');
    const html = brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString('utf8');
    const element = carried(html);
    expect(element?.url).toBe(coldVisitPageTarget(NOW));
    expect(element?.madeAt).toBe(NOW);
    // The very answer the browser's own request gets.
    expect(JSON.parse(element?.text ?? '')).toEqual(await direct.json());
    expect((JSON.parse(element?.text ?? '') as { data: { klines: unknown[] } }).data.klines).toHaveLength(1000);
    // The stock's factors beside it, the very answer of the browser's own request for them.
    const factors = carried(html, FIRST_FACTORS_ELEMENT_ID);
    expect(factors?.url).toBe('/v1/market/kline/ex-factors?symbols=AAPL.US');
    expect(directFactors.data.data['AAPL.US']?.length).toBeGreaterThan(0);
    expect(JSON.parse(factors?.text ?? '')).toEqual(directFactors);
    // And the symbol's ticker: the price the header shows first.
    const ticker = carried(html, FIRST_TICKER_ELEMENT_ID);
    expect(ticker?.url).toBe('/v1/market/ticker?symbols=AAPL.US');
    expect((JSON.parse(ticker?.text ?? '') as { data: { symbol: string }[] }).data[0]?.symbol).toBe('AAPL.US');
    // In the body, before its end, after the head and its scripts.
    expect(html.indexOf(`id="${FIRST_PAGE_ELEMENT_ID}"`)).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(html.endsWith('</script></body></html>')).toBe(true);

    const gzip = await get('/?lang=zh-CN', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(carried(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString('utf8'))).toBeDefined();

    // A link to another screen (here the trades tab) carries nothing.
    const plain = await get('/?symbol=700.HK&tab=trades');
    expect(plain.headers.get('content-encoding')).toBeNull();
    const other = await plain.text();
    expect(other).toContain('<div id="root"></div></body></html>');
    expect(carried(other)).toBeUndefined();
  });
});

describe('the carried first page over a real HTTP server', () => {
  /** The production wiring of server/main.ts on a free port: the page's env carries its Node request. */
  async function serve(env: Record<string, string>): Promise<{ url: string; chartroom: ReturnType<typeof createApp>; stop: () => Promise<void> }> {
    const config = loadConfig({ SIM_NOW, SIM_CLOCK: 'frozen', ...env }, { port: 0 });
    const chartroom = createApp(config);
    mountStaticSite(chartroom.app, root, { clock: pageClockOf(chartroom), firstPage: firstPageOf(chartroom.app) });
    const server = createHttpServer(chartroom.app.fetch, config.http);
    const { port } = await listen(server, '127.0.0.1', 0);
    return {
      url: `http://127.0.0.1:${String(port)}`,
      chartroom,
      stop: async () => {
        await chartroom.realtime.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => {
          server.close(() => {
            resolve();
          });
        });
      },
    };
  }

  it('asks /v1 for the window itself, so the K-line cache keeps it: a second page costs no upstream K-line request', async () => {
    const running = await serve({});
    try {
      const first = carried(await (await fetch(`${running.url}/`)).text());
      expect(first?.url).toBe(coldVisitPageTarget(NOW));
      const second = carried(await (await fetch(`${running.url}/`)).text());
      expect(second?.text).toBe(first?.text);
      expect(running.chartroom.metrics.upstreamRequests('/v1/market/kline')).toBe(1);
    } finally {
      await running.stop();
    }
  });

  it('carries the page in upstream mode too (the forwarder asks the upstream for the window, not for the page)', async () => {
    const upstream = await startStandaloneSimulator();
    const running = await serve({
      MARKET_API_KEY: 'demo-enterprise',
      MARKET_API_BASE_URL: `http://127.0.0.1:${String(upstream.port)}`,
      CLIENT_RATE_LIMIT: '0',
    });
    try {
      // Upstream mode reads the page's clock from the wall; the window is the day's (the same all day).
      const target = coldVisitPageTarget(Date.now());
      // The simulator's first answer for a window may outlast the page's bound: the browser's own request warms it.
      expect((await fetch(`${running.url}${target}`)).status).toBe(200);
      const element = carried(await (await fetch(`${running.url}/`)).text());
      expect(element?.url).toBe(target);
      expect((JSON.parse(element?.text ?? '{}') as { data?: { klines?: unknown[] } }).data?.klines).toHaveLength(1000);
      expect(element?.source).toBe('upstream');
    } finally {
      await running.stop();
      await upstream.stop();
    }
  });
});
