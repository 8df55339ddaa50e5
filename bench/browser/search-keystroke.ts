/**
 * The search palette in Chromium on the production build: the catalogue as received over the
 * wire (Resource Timing), and keystroke → results painted for the searches typed letter by
 * letter (an input event on the search box → the first frame after the listbox shows the new
 * matches, so up to one frame of waiting is in each figure), beside a bare input filtering the
 * same catalogue in the same run, judged by the ratio.
 */
import type { Page } from 'playwright-core';
import { CATALOG_PATH } from '../../shared/catalog.ts';
import { median, percentile, summarize, type Figure } from '../figure.ts';
import { keystrokes, TYPED_QUERIES } from '../search.ts';
import type { BrowserBenchContext } from './context.ts';
import { waitForResource } from './page-timing.ts';

const GROUP = 'browser: search';
/**
 * Against a bare input filtering the same catalogue by substring in the same run
 * (bench/pages/bare-search.ts): the palette also ranks, matches typos, pinyin and aliases and renders
 * through React, so it may take up to this much longer; both wait for the same frame.
 */
const KEYSTROKE_RATIO_TARGET = 2;
const WAIT_MS = 20_000;

interface Received {
  transfer: number;
  encoded: number;
  decoded: number;
}

async function catalogueReceived(page: Page): Promise<Received | undefined> {
  return page.evaluate((path) => {
    const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((candidate) => new URL(candidate.name).pathname === path);
    return entry && { transfer: entry.transferSize, encoded: entry.encodedBodySize, decoded: entry.decodedBodySize };
  }, CATALOG_PATH);
}

/** Types every prefix into the palette's box, one input event each; ms from the event to the frame after the results changed. */
async function keystrokeTimes(page: Page, typed: readonly string[]): Promise<number[]> {
  return page.evaluate(async (texts) => {
    const input = document.querySelector<HTMLInputElement>('[role="combobox"][aria-label="Search symbols"]');
    // React tracks the value the element's own setter writes: the prototype's setter makes the change visible to onChange.
    // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the input as `this` below
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    if (!input || !setValue) throw new Error('no search box');
    const count = () => document.querySelector('[data-testid="search-count"]')?.textContent ?? '';
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const times: number[] = [];
    for (const text of texts) {
      // From an empty box each time, so every keystroke changes what is listed.
      setValue.call(input, '');
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await frame();
      const before = count();
      const started = performance.now();
      setValue.call(input, text);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      await frame();
      if (count() === before) await frame();
      times.push(performance.now() - started);
    }
    return times;
  }, typed);
}

/** The bare page's keystroke times: the same keystrokes into a plain input filtering the same catalogue. */
async function bareKeystrokeTimes(ctx: BrowserBenchContext): Promise<number[]> {
  const { page, context } = await ctx.freshPage();
  try {
    await page.goto(`${ctx.baseUrl}/bench/pages/bare-search.html`);
    await page.getByTestId('search-count').filter({ hasText: 'instruments' }).waitFor({ timeout: WAIT_MS });
    return await keystrokeTimes(page, keystrokes(TYPED_QUERIES));
  } finally {
    await context.close();
  }
}

export async function searchKeystrokeFigures(ctx: BrowserBenchContext): Promise<Figure[]> {
  const { page, context } = await ctx.freshPage();
  try {
    await page.goto(`${ctx.baseUrl}/?symbol=AAPL.US`);
    await page.getByTestId('symbol-header').waitFor({ timeout: WAIT_MS });
    await page
      .getByRole('button', { name: /Search/ })
      .first()
      .click();
    await waitForResource(page, CATALOG_PATH, WAIT_MS);
    await page.getByTestId('search-count').filter({ hasText: 'instruments' }).waitFor({ timeout: WAIT_MS });
    const received = await catalogueReceived(page);
    const times = await keystrokeTimes(page, keystrokes(TYPED_QUERIES));
    const bare = await bareKeystrokeTimes(ctx);
    const p95 = percentile(times, 95);
    const bareP95 = percentile(bare, 95);
    const ratio = p95 / bareP95;
    const kib = (bytes: number) => (bytes / 1024).toFixed(1);
    return [
      {
        group: GROUP,
        name: 'catalogue as received (Resource Timing transfer size, one download per page)',
        ...(received ? { value: received.transfer / 1024, unit: 'KiB' } : { value: Number.NaN, unit: 'n/a' }),
        decimals: 1,
        ...(received && { details: [`body ${kib(received.encoded)} KiB encoded, ${kib(received.decoded)} KiB decoded`] }),
      },
      {
        group: GROUP,
        name: `keystroke → results painted, p95 of ${String(times.length)}: app / bare input (median ${median(times).toFixed(1)} / ${median(bare).toFixed(1)} ms)`,
        value: p95,
        unit: `ms / ${bareP95.toFixed(1)} ms`,
        decimals: 1,
        samples: { keystroke: summarize(times), keystrokeBare: summarize(bare) },
      },
      {
        group: GROUP,
        name: 'keystroke → results painted p95, app ÷ bare input',
        value: ratio,
        unit: '×',
        decimals: 2,
        target: `≤ ${String(KEYSTROKE_RATIO_TARGET)}×`,
        pass: ratio <= KEYSTROKE_RATIO_TARGET,
      },
    ];
  } finally {
    await context.close();
  }
}
