/**
 * Typing a ticker on the chart opens the search with it (TradingView's habit, issue 30 §4): the
 * letter that opens it is its first character, and no key after it is lost or reordered, typed at
 * a typist's pace or at once, on a loaded page or one still loading, on a CPU throttled 6× as a
 * slow machine, many times over; Enter opens the best match of the whole word. Digits keep
 * picking an interval.
 */
import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { resetSimulator } from './sim-control.ts';
import { ROUND_BUDGET_MS, expectLanded, heldOrTyped, loadedPage, slowPage, wordOf } from './typing-journey.ts';

/**
 * Rounds per throttled journey: 8 in the suite (72 over the nine of both files; a round costs
 * 8–9 s at 6×), more with TYPING_REPEATS for a longer hunt for a lost key.
 */
const REPEATS = Number(process.env.TYPING_REPEATS ?? 8);
const SHOTS = process.env.HABITS_SHOTS_DIR ?? 'test-results/shots-habits';
/** Words starting with a letter (a digit picks an interval) and where Enter on each must land. */
const WORDS: readonly [string, string][] = [
  ['nvda', 'NVDA.US'],
  ['hsbc', '5.HK'],
  ['nvidia', 'NVDA.US'],
  ['tsla', 'TSLA.US'],
];
const START = '/?symbol=AAPL.US&interval=1h';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

test('“nvda” typed on the chart opens the search with “nvda” in it; Enter opens NVDA.US', async ({ page }) => {
  await mkdir(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1440, height: 900 });
  await loadedPage(page, START);
  await expect(page.getByTestId('chart-legend')).toBeVisible({ timeout: 15_000 });
  // A click on the candles: focus on the page, none in a field.
  const chart = page.getByTestId('main-chart');
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.type('nvda', { delay: 40 });

  const search = page.getByRole('combobox', { name: 'Search symbols' });
  await expect(search).toHaveValue('nvda');
  await expect(search).toBeFocused();
  await expect(page.getByTestId('search-option').first()).toHaveAttribute('data-symbol', 'NVDA.US');
  await page.screenshot({ path: `${SHOTS}/typed-on-chart-1440x900.png` });
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('symbol-header')).toContainText('NVDA.US');
  await expect(page).toHaveURL(/interval=1h/);
  await page.screenshot({ path: `${SHOTS}/opened-nvda-1440x900.png` });

  // A digit on the chart still picks its interval, and opens no search.
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await page.keyboard.press('7');
  await expect(page).toHaveURL(/interval=1d/);
  await expect(page.getByRole('dialog', { name: 'Search symbols' })).toBeHidden();
});

/** Holds the page's script (the boot) back until the returned function is called: the page is there, its script not yet. */
async function holdBootScript(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    /\/assets\/boot-[\w-]+\.js$/,
    async (route) => {
      await released;
      await route.continue();
    },
    { times: 1 },
  );
  return release;
}

/** Typed on the page's static shell before its script has run (held back), then the script let through. */
async function typeBeforeTheScript(page: Page, word: string, delay: number): Promise<void> {
  const release = await holdBootScript(page);
  await page.goto(START, { waitUntil: 'commit' });
  await page.locator('[data-chart-slot]').waitFor({ state: 'attached' });
  await page.keyboard.type(word, { delay });
  await page.keyboard.press('Enter');
  release();
}

test('typed before the page’s script has run, no key is lost: the inline holder (allowed by the CSP) hands them to the boot', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  await slowPage(page);
  await typeBeforeTheScript(page, 'nvda', 0);
  // Enter reached no box: the page had none yet.
  await expectLanded(page, 'nvda', 'NVDA.US', 0, []);
  expect(refused).toEqual([]);
});

test('after a click on a toggle group (focus on its radio), a digit still picks the interval and a letter still opens the search', async ({ page }) => {
  await loadedPage(page, START);
  await page.getByRole('radiogroup', { name: 'Price scale' }).getByRole('radio', { name: 'Percent' }).click();
  await expect(page.getByRole('radiogroup', { name: 'Price scale' }).getByRole('radio', { name: 'Percent' })).toBeFocused();
  await page.keyboard.press('7');
  await expect(page).toHaveURL(/interval=1d/);
  await page.getByRole('radiogroup', { name: 'Adjust' }).getByRole('radio', { name: 'None' }).click();
  await page.keyboard.type('msft', { delay: 40 });
  await expect(page.getByRole('combobox', { name: 'Search symbols' })).toHaveValue('msft');
});

test('a letter typed in a field stays there: it opens no search', async ({ page }) => {
  await loadedPage(page, START);
  const add = page.getByRole('combobox', { name: 'Add symbol' });
  await add.fill('');
  await add.pressSequentially('nv');
  await expect(add).toHaveValue('nv');
  await expect(page.getByRole('dialog', { name: 'Search symbols' })).toBeHidden();
});

test.describe('under 6× CPU throttling', () => {
  test.setTimeout(REPEATS * ROUND_BUDGET_MS);

  for (const [pace, delay] of [
    ['at a typist’s pace', 40],
    ['at once', 0],
  ] as const) {
    test(`typed on a loaded page ${pace}`, async ({ page }) => {
      await slowPage(page);
      for (let round = 0; round < REPEATS; round += 1) {
        const [word, symbol] = wordOf(WORDS, round);
        await loadedPage(page, START);
        await page.keyboard.type(word, { delay });
        await page.keyboard.press('Enter');
        await expectLanded(page, word, symbol, round);
      }
    });

    // From the page's DOMContentLoaded on, long before the app is there: the boot holds the keys.
    test(`typed while the page is still loading, ${pace}`, async ({ page }) => {
      await slowPage(page);
      for (let round = 0; round < REPEATS; round += 1) {
        const [word, symbol] = wordOf(WORDS, round);
        await page.goto(START, { waitUntil: 'domcontentloaded' });
        await page.keyboard.type(word, { delay });
        await page.keyboard.press('Enter');
        await expectLanded(page, word, symbol, round, await heldOrTyped(page, word));
      }
    });

    // Before the page's script has run (held back): the page's inline holder takes the keys.
    test(`typed before the page’s script has run, ${pace}`, async ({ page }) => {
      await slowPage(page);
      for (let round = 0; round < REPEATS; round += 1) {
        const [word, symbol] = wordOf(WORDS, round);
        await typeBeforeTheScript(page, word, delay);
        await expectLanded(page, word, symbol, round, []);
      }
    });
  }

  // Escape after two letters, from DOMContentLoaded on: held by the boot, or reaching the search
  // as it opens, or its field; whichever, that search is gone and the word typed next opens its own.
  test('Escape typed while the page is still loading ends the search it follows; the next word opens its own', async ({ page }) => {
    await slowPage(page);
    for (let round = 0; round < REPEATS; round += 1) {
      const [word, symbol] = wordOf(WORDS, round);
      await page.goto(START, { waitUntil: 'domcontentloaded' });
      await page.keyboard.type('xq', { delay: 40 });
      await page.keyboard.press('Escape');
      await page.keyboard.type(word, { delay: 40 });
      await page.keyboard.press('Enter');
      await expectLanded(page, word, symbol, round, await heldOrTyped(page, word));
    }
  });
});
