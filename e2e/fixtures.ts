/** The journeys' test object: `baseURL` points at the server global-setup started. */
import { test as base, type Page } from '@playwright/test';
import { watchForFailureReport } from './failure-report.ts';

export const test = base.extend({
  // Playwright reads fixture dependencies from the destructuring pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.CHARTROOM_URL;
    if (!url) throw new Error('CHARTROOM_URL is not set: run through playwright.config.ts');
    await use(url);
  },
  // A failed journey prints what its page showed and met (CI keeps no trace): failure-report.ts.
  page: async ({ page }, use, testInfo) => {
    const report = watchForFailureReport(page);
    await use(page);
    await report.printIfFailed(testInfo);
  },
});
export { expect } from '@playwright/test';

/**
 * Keeps a page on HTTP polling: its realtime socket is refused as it opens, so every panel falls
 * back to HTTP. For journeys about the HTTP path (faults, rate limits), which a live socket would
 * otherwise bypass.
 */
export async function withoutRealtime(page: Page): Promise<void> {
  await page.routeWebSocket(/\/v1\/realtime/, (socket) => {
    void socket.close({ code: 1013, reason: 'journey: HTTP only' });
  });
}

/** The carried answers: the first history page and a stock's factors (server/first-page.ts). */
const CARRIED_PAGE = /<script type="application\/json" id="chartroom-first-(?:page|factors|ticker)"[^>]*>[\s\S]*?<\/script>/g;

/**
 * Serves the page as if the server had carried no first history page (nor factors, nor ticker) in it (server/first-page.ts,
 * as when its answer misses the page's bound): for journeys about the app's own first requests,
 * which a carried page would answer before they leave.
 */
export async function withoutCarriedPage(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname === '/',
    async (route) => {
      if (route.request().resourceType() !== 'document') {
        await route.fallback();
        return;
      }
      const response = await route.fetch();
      const headers = { ...response.headers() };
      // The body is handed on decoded, and shorter.
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ status: response.status(), headers, body: (await response.text()).replace(CARRIED_PAGE, '') });
    },
  );
}
