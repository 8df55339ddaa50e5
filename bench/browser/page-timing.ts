/** Reading User Timing marks and Resource Timing entries out of a page, and waiting for marks. */
import { isQuoteStripYear } from '../../e2e/quote-strip-request.ts';
import type { Page } from 'playwright-core';
import { FIRST_PAGE_ATTRIBUTES, FIRST_PAGE_ELEMENT_ID } from '#shared/first-page.ts';

/** The K-line request (path and query) whose answer a page's HTML carries (server/first-page.ts), if any. */
export function carriedRequest(html: string): string | undefined {
  const element = new RegExp(`<script[^>]*id="${FIRST_PAGE_ELEMENT_ID}"[^>]*>`).exec(html)?.[0];
  const url = element && new RegExp(`${FIRST_PAGE_ATTRIBUTES.url}="([^"]*)"`).exec(element)?.[1];
  return url?.replace(/&amp;/g, '&');
}

/** startTime of the first mark of that name, if any. */
export async function markTime(page: Page, name: string): Promise<number | undefined> {
  return page.evaluate((mark) => performance.getEntriesByName(mark, 'mark')[0]?.startTime, name);
}

const MARK_POLL_MS = 50;

/**
 * Waits until every named mark exists; false when `timeoutMs` passes first. Asked over the
 * DevTools protocol, not with page.waitForFunction: that puts Playwright's own script into the
 * page, a 90–130 ms task under a phone's 4× slowdown in the middle of the load being measured.
 */
export async function waitForMarks(page: Page, names: readonly string[], timeoutMs: number): Promise<boolean> {
  const cdp = await page.context().newCDPSession(page);
  const expression = `${JSON.stringify(names)}.every((mark) => performance.getEntriesByName(mark, 'mark').length > 0)`;
  const deadline = Date.now() + timeoutMs;
  try {
    while (Date.now() < deadline) {
      // A page between documents has no context to ask: asked again at the next poll.
      const answer = await cdp.send('Runtime.evaluate', { expression, returnByValue: true }).catch(() => undefined);
      if (answer?.result.value === true) return true;
      await new Promise((resolve) => setTimeout(resolve, MARK_POLL_MS));
    }
    return false;
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

export interface ResourceTiming {
  url: string;
  startTime: number;
  responseEnd: number;
}

const KLINE_PATH = '/v1/market/kline';

/** The requests whose path is exactly `pathname` (query ignored), earliest first. */
async function resourcesAt(page: Page, pathname: string): Promise<ResourceTiming[]> {
  return page.evaluate((path) => {
    const entries = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === path)
      .sort((a, b) => a.startTime - b.startTime) as PerformanceResourceTiming[];
    return entries.map((entry) => ({ url: entry.name, startTime: entry.startTime, responseEnd: entry.responseEnd }));
  }, pathname);
}

/**
 * The chart's first K-line history request: the earliest one but the quote strip's year of dailies
 * (e2e/quote-strip-request.ts), which goes out after the first candle and, when the chart's page
 * was carried in index.html, would otherwise be read as the chart's request.
 */
export async function firstChartKline(page: Page): Promise<ResourceTiming | undefined> {
  return (await resourcesAt(page, KLINE_PATH)).find((entry) => !isQuoteStripYear(new URL(entry.url).searchParams));
}

/** Waits for the first request to `pathname` to have completed in the page. */
export async function waitForResource(page: Page, pathname: string, timeoutMs: number): Promise<ResourceTiming | undefined> {
  try {
    await page.waitForFunction(
      (path) =>
        performance.getEntriesByType('resource').some((entry) => new URL(entry.name).pathname === path && (entry as PerformanceResourceTiming).responseEnd > 0),
      pathname,
      { timeout: timeoutMs, polling: 50 },
    );
  } catch {
    return undefined;
  }
  return (await resourcesAt(page, pathname))[0];
}

export interface ReceivedBytes {
  /** Bytes as they came over the wire (compressed), summed over the page's scripts and style sheets. */
  encoded: number;
  /** The same files decoded. */
  decoded: number;
  files: number;
}

/**
 * Scripts and style sheets the page has loaded so far, as received and as decoded (Resource
 * Timing); with `requestedBefore` (ms on the page's clock), only those requested before it: the
 * first page is what was asked for before the first candle, not the chunk that follows it.
 */
export async function scriptAndStyleBytes(page: Page, requestedBefore = Infinity): Promise<ReceivedBytes> {
  return page.evaluate((before) => {
    const entries = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter(
      (entry) => /\.(?:m?js|css)$/.test(new URL(entry.name).pathname) && entry.startTime <= before,
    );
    return {
      encoded: entries.reduce((sum, entry) => sum + entry.encodedBodySize, 0),
      decoded: entries.reduce((sum, entry) => sum + entry.decodedBodySize, 0),
      files: entries.length,
    };
  }, requestedBefore);
}
