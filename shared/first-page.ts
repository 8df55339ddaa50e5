/**
 * The first history page carried in index.html, so a cold visit's chart needs no K-line request:
 * the server asks its own `/v1` for the page a cold visit would ask (server/first-page.ts) and
 * writes the answer into a `<script type="application/json">` element after the page's head; the
 * boot answers the app's identical request from it, once (src/api/inlined-answer.ts). Any other
 * request (a saved or linked symbol, another window) goes to the network as before.
 */
import type { AdjustMode, Interval } from './contract.ts';
import { newestPageEnd } from './kline-window-policy.ts';
import { instrumentTimeZone } from './symbols.ts';

/** The element's id: its text is the answer's body as `/v1` sent it, escaped for a script element. */
export const FIRST_PAGE_ELEMENT_ID = 'chartroom-first-page';
/**
 * Its attributes (read as the element's dataset): the request the body answers (path and query),
 * the data's clock (ms) when the server made it (the answer is as old as that, not as the page's
 * load), and the answer's `X-Chartroom-Source`.
 */
export const FIRST_PAGE_ATTRIBUTES = { url: 'data-url', madeAt: 'data-made-at', source: 'data-source' } as const;
/**
 * Past this age (on the data's clock) the carried answer is not used: a page replayed from some
 * cache long after it was made fetches afresh.
 */
export const FIRST_PAGE_MAX_AGE_MS = 60_000;

/** K-lines per history page, as the app asks them (src/queries/kline-history-pages.ts). */
export const HISTORY_PAGE_SIZE = 1_000;

/** The chart a visit without saved state or a link opens (the app's default workspace). */
export const COLD_VISIT_CHART: { symbol: string; interval: Interval; adjust: AdjustMode } = { symbol: 'AAPL.US', interval: '1d', adjust: 'none' };

/**
 * The newest history page of the cold visit's chart at `now` (the data's clock), as path and
 * query: the very URL the app asks for it (its parameters in the order of the client's buildUrl;
 * a stock's raw prices while its factors are pending).
 */
export function coldVisitPageTarget(now: number): string {
  const { symbol, interval, adjust } = COLD_VISIT_CHART;
  const endTime = newestPageEnd(interval, now, instrumentTimeZone(symbol, undefined));
  const query = new URLSearchParams({ symbol, interval, limit: String(HISTORY_PAGE_SIZE), end_time: String(endTime), adjust });
  return `/v1/market/kline?${query.toString()}`;
}
