/**
 * The data's clock stamped into index.html as it is served: `<meta name="chartroom-clock"
 * content="<ms>">`. The dashboard reads it before anything else (src/app/boot/page-clock.ts), so
 * its first K-line window is aligned to the data's clock — the simulator's, which tests shift —
 * before any API answer has brought X-Chartroom-Clock, and every browser asks the same window.
 */
import type { Plugin } from 'vite';
import type { ChartroomApp } from './app.ts';

import { PAGE_CLOCK_META } from '#shared/protocol.ts';

const STAMP = new RegExp(`\\s*<meta name="${PAGE_CLOCK_META}"[^>]*>`, 'g');

/**
 * `html` with the clock meta (replacing any earlier stamp) as the first element of <head>; in a
 * page whose <head> is implied, right after the doctype (the parser puts it in the head).
 */
export function stampPageClock(html: string, nowMs: number): string {
  const meta = `<meta name="${PAGE_CLOCK_META}" content="${String(Math.round(nowMs))}">`;
  const clean = html.replace(STAMP, '');
  const anchor = /<head(\s[^>]*)?>/i.exec(clean) ?? /^\s*<!doctype[^>]*>/i.exec(clean);
  const at = anchor ? anchor.index + anchor[0].length : 0;
  return `${clean.slice(0, at)}\n    ${meta}${clean.slice(at)}`;
}

/** The clock the page is stamped with: the simulator's in simulator mode, else the server's. */
export function pageClockOf({ simulator }: Pick<ChartroomApp, 'simulator'>): () => number {
  return simulator ? () => simulator.clock.now() : () => Date.now();
}

/** The simulator's clock through its control path, when this server has one (simulator mode). */
async function simulatorClock(origin: string): Promise<number | undefined> {
  try {
    const response = await fetch(`${origin}/__sim/clock`, { signal: AbortSignal.timeout(1_000) });
    if (!response.ok) return undefined;
    const { now } = (await response.json()) as { now?: unknown };
    return typeof now === 'number' && Number.isFinite(now) ? now : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `npm run dev`: the same stamp on the page Vite serves. The handler inside Vite
 * (server/dev-plugin.ts) owns the simulator, so its clock is read through `/__sim/clock` on this
 * very server; without a simulator (upstream mode) the server's clock is used.
 */
export function pageClockPlugin(): Plugin {
  return {
    name: 'chartroom-page-clock',
    apply: 'serve',
    transformIndexHtml: async (html, context) => {
      const address = context.server?.httpServer?.address();
      let now: number | undefined;
      if (address && typeof address === 'object') {
        const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
        now = await simulatorClock(`http://${host}:${String(address.port)}`);
      }
      return stampPageClock(html, now ?? Date.now());
    },
  };
}
