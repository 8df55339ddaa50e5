/** The journeys' test object: `baseURL` points at the server global-setup started. */
import { test as base } from '@playwright/test';

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
