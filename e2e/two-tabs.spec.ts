/**
 * Two tabs of one browser share the user's records (src/store/records/): a symbol added to the
 * same watchlist in each and a drawing made in each all survive, in both tabs and after a reload.
 * Before, the second tab saved its whole older state over the first's edits.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { addSymbol, drawHorizontalLine, openTab, placedCount } from './records-journey.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

async function expectBoth(page: Page): Promise<void> {
  for (const symbol of ['388.HK', 'XAUUSD'])
    await expect(page.locator(`[data-testid="watchlist-row"][data-symbol="${symbol}"]`)).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => placedCount(page), { timeout: 10_000 }).toBe(2);
}

test('a symbol added to one watchlist in each of two tabs, and a drawing in each: both kept, in both tabs and after a reload', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await Promise.all([openTab(first), openTab(second)]);
  // Both tabs edit at once: neither has seen the other's change when it makes its own.
  await Promise.all([addSymbol(first, '388.HK'), addSymbol(second, 'XAUUSD')]);
  await Promise.all([drawHorizontalLine(first, 120), drawHorizontalLine(second, 220)]);

  await expectBoth(first);
  await expectBoth(second);
  // Each tab's last save holds both (the other tab's edits merged into its own state).
  await first.reload();
  await expectBoth(first);
  await second.close();
  await first.reload();
  await expectBoth(first);
});
