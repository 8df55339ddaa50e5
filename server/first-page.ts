/**
 * The first history page the page's chart asks for, carried in index.html (shared/first-page.ts):
 * the server asks its own `/v1` for it with the page request's credentials and address, so the
 * same guards, sign-in and budget apply and the K-line cache answers, and writes the answer into a
 * JSON script element (CSP-safe: no inline script runs). A bare visit carries the cold visit's
 * chart, a shared link (`?symbol=700.HK&interval=1h`) its own; the app checks that its own
 * request is the same before using it.
 */
import {
  carriedFactorsTarget,
  carriedTickerTarget,
  chartOfLink,
  FIRST_FACTORS_ELEMENT_ID,
  FIRST_PAGE_ATTRIBUTES,
  FIRST_PAGE_ELEMENT_ID,
  FIRST_TICKER_ELEMENT_ID,
  historyPageTarget,
} from '#shared/first-page.ts';
import { SOURCE_HEADER } from '#shared/protocol.ts';
import type { Hono } from 'hono';

/**
 * `text` safe inside a script element: no `<` (so no `</script>` or `<!--`), `>`, `&` or line
 * separators, each written as the JSON escape that reads back as the same character.
 */
export function escapeForScript(text: string): string {
  return text.replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The element (`id`) carrying `body`, the answer to `target` made at `madeAt` (the data's clock). */
export function firstPageElement(target: string, madeAt: number, source: string, body: string, id = FIRST_PAGE_ELEMENT_ID): string {
  const attributes = [
    `id="${id}"`,
    `${FIRST_PAGE_ATTRIBUTES.url}="${escapeAttribute(target)}"`,
    `${FIRST_PAGE_ATTRIBUTES.madeAt}="${String(Math.round(madeAt))}"`,
    `${FIRST_PAGE_ATTRIBUTES.source}="${escapeAttribute(source)}"`,
  ];
  return `<script type="application/json" ${attributes.join(' ')}>${escapeForScript(body)}</script>`;
}

/** Asks `/v1` for `target` (path and query) as the page's browser would. */
export type AskV1 = (target: string) => Response | Promise<Response>;

/**
 * The elements for the page requested by `pageRequest`, at `now` (the data's clock): its chart's
 * first history page, its instrument's ticker and, for a stock adjusted locally, its factors. Empty when the server cannot
 * know the link's chart; an answer that takes longer than `waitMs` or is not a successful envelope
 * is left out (the app then asks itself, and shows any failure as it always does).
 */
export async function firstPageFor(pageRequest: Request, now: number, ask: AskV1, waitMs = FIRST_PAGE_WAIT_MS): Promise<string> {
  const search = new URL(pageRequest.url).searchParams;
  const chart = chartOfLink(search);
  if (!chart) return '';
  let cancel = (): void => undefined;
  const late = new Promise<undefined>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    cancel = () => {
      clearTimeout(timer);
    };
  });
  const carry = async (id: string, target: string): Promise<string> => {
    try {
      const response = await Promise.race([ask(target), late]);
      if (response?.status !== 200) return '';
      const body = await response.text();
      const envelope = JSON.parse(body) as { code?: unknown };
      if (envelope.code !== 0) return '';
      return firstPageElement(target, now, response.headers.get(SOURCE_HEADER) ?? '', body, id);
    } catch {
      return '';
    }
  };
  const factors = carriedFactorsTarget(chart, search);
  try {
    const elements = await Promise.all([
      carry(FIRST_PAGE_ELEMENT_ID, historyPageTarget(chart, now)),
      ...(factors === undefined ? [] : [carry(FIRST_FACTORS_ELEMENT_ID, factors)]),
      carry(FIRST_TICKER_ELEMENT_ID, carriedTickerTarget(chart)),
    ]);
    return elements.join('');
  } finally {
    cancel();
  }
}

/**
 * Longest the rest of the page waits for the answer. The boot runs once the page is complete, so
 * a slow answer (a cold upstream) would hold back its other requests too: past this, the page goes
 * without it and the browser asks itself (the K-line cache joins it to the request in flight).
 */
export const FIRST_PAGE_WAIT_MS = 200;

/** Headers of the page request that `/v1` must not see as they are (the body must come back plain JSON). */
const REPLACED = ['accept', 'accept-encoding', 'content-length', 'content-type'];

/** The page request's `/v1` twin: same credentials, host and forwarding headers, JSON without content coding. */
export function v1RequestLike(target: string, pageRequest: Request): Request {
  const headers = new Headers(pageRequest.headers);
  for (const name of REPLACED) headers.delete(name);
  headers.set('Accept', 'application/json');
  headers.set('Accept-Encoding', 'identity');
  return new Request(new URL(target, pageRequest.url), { headers });
}

/**
 * What index.html carries for a page request to `app` (StaticSiteOptions.firstPage): the answer of
 * the app's own `/v1` to the page request's twin, passed the server's `env` of that request (its
 * socket: the client the per-client limit counts).
 */
export function firstPageOf(app: Pick<Hono, 'fetch'>): (pageRequest: Request, now: number, env: unknown) => Promise<string> {
  return (pageRequest, now, env) => firstPageFor(pageRequest, now, (target) => app.fetch(v1RequestLike(target, pageRequest), envAskingFor(target, env)));
}

/**
 * The page request's `env` for its `/v1` twin: the same Node request (its socket is the client the
 * limits count) but with the twin's target. `/v1` reads the raw target from it
 * (request-guards.ts `rawTarget`): with the page's own (`/`), the K-line cache did not know the
 * window and the forwarder asked the upstream for `/`.
 */
export function envAskingFor(target: string, env: unknown): unknown {
  const incoming = (env as { incoming?: object } | undefined)?.incoming;
  if (incoming === undefined) return env;
  return { ...(env as object), incoming: Object.create(incoming, { url: { value: target, enumerable: true } }) as object };
}
