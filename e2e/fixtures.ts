/** The journeys' test object: `baseURL` points at the server global-setup started. */
import { test as base, type Page } from '@playwright/test';

export const test = base.extend({
  // Playwright reads fixture dependencies from the destructuring pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    const url = process.env.CHARTROOM_URL;
    if (!url) throw new Error('CHARTROOM_URL is not set: run through playwright.config.ts');
    await use(url);
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
