import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from './app.ts';
import { loadConfig } from './config.ts';
import { pageClockOf, stampPageClock } from './page-clock.ts';
import { mountStaticSite } from './static-files.ts';
import { makeStaticRoot } from './test-support/stack.ts';

const SHIFTED = '2026-11-25T15:00:00Z';
const site = makeStaticRoot();
afterAll(() => {
  site.cleanup();
});

const clockOf = (html: string) => /<meta name="chartroom-clock" content="(\d+)">/.exec(html)?.[1];

describe('stampPageClock', () => {
  it('puts the clock first in <head>, ahead of the scripts', () => {
    const html = '<!doctype html><html><head><meta charset="UTF-8" /><script type="module" src="/a.js"></script></head></html>';
    const stamped = stampPageClock(html, 1_764_082_800_000.4);
    expect(clockOf(stamped)).toBe('1764082800000');
    expect(stamped.indexOf('chartroom-clock')).toBeLessThan(stamped.indexOf('<script'));
  });

  it('replaces an earlier stamp instead of adding a second', () => {
    const once = stampPageClock('<html><head></head></html>', 1);
    const twice = stampPageClock(once, 2);
    expect(twice.match(/chartroom-clock/g)).toHaveLength(1);
    expect(clockOf(twice)).toBe('2');
  });

  it('stamps a page whose <head> is implied after its doctype', () => {
    const stamped = stampPageClock('<!doctype html><title>T</title><div id="root"></div>', 5);
    expect(stamped.startsWith('<!doctype html>\n    <meta name="chartroom-clock" content="5">')).toBe(true);
  });
});

describe('index.html served with the data clock', () => {
  it("carries the simulator's (shifted) clock and stays revalidated", async () => {
    const chartroom = createApp(loadConfig({ SIM_NOW: SHIFTED, SIM_CLOCK: 'frozen' }, { port: 0 }));
    mountStaticSite(chartroom.app, site.root, { clock: pageClockOf(chartroom) });
    for (const path of ['/', '/some/route']) {
      const response = await chartroom.app.request(`http://localhost${path}`);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(Number(clockOf(await response.text()))).toBe(Date.parse(SHIFTED));
    }
    const asset = await chartroom.app.request('http://localhost/assets/app.js');
    expect(await asset.text()).toBe('console.log(1);');
  });

  it("uses the server's clock without a simulator, and no stamp without a clock", async () => {
    const stamped = new Hono();
    mountStaticSite(stamped, site.root, { clock: pageClockOf({}) });
    const before = Date.now();
    const served = Number(clockOf(await (await stamped.request('http://localhost/')).text()));
    expect(served).toBeGreaterThanOrEqual(before);
    expect(served).toBeLessThanOrEqual(Date.now());

    const plain = new Hono();
    mountStaticSite(plain, site.root);
    expect(clockOf(await (await plain.request('http://localhost/')).text())).toBeUndefined();
  });
});
