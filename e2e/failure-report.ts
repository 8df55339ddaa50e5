/**
 * What a failed journey's page showed and met, printed with the failure. CI keeps only the
 * printed output (no trace, no screenshot it can hand back), so a failure there must say for
 * itself what was on screen: the page's address, its visible text, and the console errors,
 * uncaught errors and failed requests of the journey.
 */
import type { Page, TestInfo } from '@playwright/test';

/** The last events kept (a long journey's first ones matter less than those before the failure). */
const KEPT_EVENTS = 30;
/** How much of the page's visible text is printed. */
const VISIBLE_TEXT_CHARS = 1_500;

export interface FailureReport {
  /** Prints the report if the journey failed; quiet otherwise. */
  printIfFailed(testInfo: TestInfo): Promise<void>;
}

export function watchForFailureReport(page: Page): FailureReport {
  const started = Date.now();
  const events: string[] = [];
  const note = (text: string): void => {
    events.push(`+${String(Date.now() - started)} ms ${text}`);
    if (events.length > KEPT_EVENTS) events.shift();
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') note(`console.${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    note(`uncaught: ${error.message}`);
  });
  page.on('requestfailed', (request) => {
    note(`request failed: ${request.method()} ${request.url()} (${request.failure()?.errorText ?? 'no reason'})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) note(`HTTP ${String(response.status())}: ${response.request().method()} ${response.url()}`);
  });
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated: ${frame.url()}`);
  });

  return {
    async printIfFailed(testInfo) {
      if (testInfo.status === testInfo.expectedStatus || page.isClosed()) return;
      const visible = await page
        .evaluate(() => document.body.innerText)
        .then((text) => text.replace(/\s+/g, ' ').slice(0, VISIBLE_TEXT_CHARS))
        .catch((error: unknown) => `(unreadable: ${String(error)})`);
      const lines = [
        `── what the page showed when "${testInfo.title}" failed ──`,
        `address: ${page.url()}`,
        `visible text: ${visible}`,
        `console errors, failed requests and navigations (the last ${String(KEPT_EVENTS)}):`,
        ...(events.length > 0 ? events.map((event) => `  ${event}`) : ['  none']),
      ];
      console.log(lines.join('\n'));
    },
  };
}
