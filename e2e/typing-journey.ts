/**
 * What the keystroke journeys share (typing.spec.ts after Ctrl+K, type-on-chart.spec.ts from a
 * letter on the page): a slow machine that records the search box's value at each Enter, and the
 * check that Enter landed on the whole word's instrument.
 */
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';

declare global {
  interface Window {
    /** The search box's value at each Enter, read before any handler of the page runs. */
    enterValues?: string[];
  }
}

/**
 * A throttled journey's time budget per round: a round takes 8–10 s on a quiet machine, over 20 s
 * on a shared one; the budget is the loss check's, not a speed check.
 */
export const ROUND_BUDGET_MS = 45_000;

/** A slow machine: the page's CPU throttled 6×, and every Enter's box value recorded. */
export async function slowPage(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
  await page.addInitScript(() => {
    window.enterValues = [];
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) window.enterValues?.push(event.target.value);
      },
      true,
    );
  });
}

function symbolInUrl(symbol: string): RegExp {
  return new RegExp(`[?&]symbol=${symbol.replace('.', '\\.')}(&|$)`);
}

/**
 * Enter was pressed on the whole word (or, while the page loaded, before any box was there: held
 * by the boot), opened its instrument, and no digit switched the interval (the pages start on 1h).
 */
export async function expectLanded(page: Page, word: string, symbol: string, round: number, enters = [word]): Promise<void> {
  const where = `round ${String(round)}: ${word} → ${symbol}`;
  expect(await page.evaluate(() => window.enterValues), where).toEqual(enters);
  // Slow at 6×: the app may mount, and the palette's code and the catalogue arrive, seconds after
  // the keys (over 20 s on a machine shared by several test runs).
  // waitForURL, not expect(page).toHaveURL: each poll of the latter that does not match yet
  // computes an aria snapshot of the whole page for its message (Playwright 1.65), seconds of the
  // throttled page's CPU per round taken from the very app under test.
  await page.waitForURL(symbolInUrl(symbol), { timeout: 40_000 }).catch((error: unknown) => {
    throw new Error(`${where}: never reached ${symbol} (at ${page.url()})`, { cause: error });
  });
  await expect(page.getByRole('dialog', { name: 'Search symbols' }), where).toBeHidden();
  expect(page.url(), where).toMatch(/interval=1h/);
}

/** The Enters recorded so far: none when the boot held the Enter before any box was there. */
export async function heldOrTyped(page: Page, word: string): Promise<string[]> {
  const enters = await page.evaluate(() => window.enterValues ?? []);
  return enters.length === 0 ? [] : [word];
}

/**
 * `start` (a link to AAPL.US) loaded, the app's header drawn. Throttled 6× the app mounts 4–8 s
 * after the page's load event (more on a shared machine): expect()'s 5 s failed the first rounds
 * of CI runs. locator.waitFor, not expect: no aria snapshot of the page per poll (see expectLanded).
 */
export async function loadedPage(page: Page, start: string): Promise<void> {
  await page.goto(start);
  await page.getByTestId('symbol-header').filter({ hasText: 'AAPL.US' }).waitFor({ timeout: 40_000 });
}

/** `round`'s entry of a list of words, cycling. */
export function wordOf(words: readonly (readonly [string, string])[], round: number): [string, string] {
  const entry = words[round % words.length];
  if (!entry) throw new Error('no words');
  return [...entry];
}
