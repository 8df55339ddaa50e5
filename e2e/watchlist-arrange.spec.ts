/**
 * A trader arranges their watchlists (issue 30 §4): chooses the columns, sorts by one, drags a
 * row (mouse, and a finger on a phone) and moves one with Alt+↓, deletes a row and a list and
 * takes them back (Undo, Ctrl+Z), imports pasted symbols and a CSV file; a reload keeps it all.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { resetSimulator } from './sim-control.ts';

const SHOTS = 'test-results/shots-watch';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

const symbolsOf = (rows: Locator) => rows.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.symbol));

/** The change % each row shows ("+1.23%", "−0.45%"), as numbers; NaN where there is none yet. */
const percentsOf = (rows: Locator) =>
  rows.evaluateAll((items) =>
    items.map((item) => Number((item.querySelector('[data-testid="watchlist-change-one"]')?.textContent ?? '').replace('\u2212', '-').replace(/[+%]/g, ''))),
  );

/** Drags `row` by its grip to just below `target`, the pointer moving in steps. */
async function dragBelow(page: Page, row: Locator, target: Locator): Promise<void> {
  const grip = await row.getByTestId('watchlist-grip').boundingBox();
  const to = await target.boundingBox();
  if (!grip || !to) throw new Error('no boxes');
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
  await page.mouse.down();
  await page.mouse.move(grip.x + grip.width / 2, to.y + to.height - 2, { steps: 12 });
  await page.mouse.up();
}

test('columns, sort, drag, Alt+↓, undo and import, all kept by a reload (1440×900)', async ({ page }) => {
  // One long journey (with a wait for the sort to be read again on live quotes): more than the default minute.
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const rows = page.getByTestId('watchlist-row');
  await expect(rows.first().getByTestId('watchlist-last')).toHaveText(/\d/, { timeout: 15_000 });
  const original = await symbolsOf(rows);

  // Columns: volume in, change (the amount) out; change % stays.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Volume' }).check();
  await page.getByRole('checkbox', { name: 'Change', exact: true }).uncheck();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(rows.first().getByTestId('watchlist-volume')).toHaveText(/Vol \d/);
  await expect(rows.first().getByTestId('watchlist-change-one')).toHaveText(/%$/);

  // Sort by change %: descending, then ascending, then the user's order again.
  const sortTable = page.getByRole('table', { name: 'Sort symbols' });
  const percentHeader = sortTable.getByRole('columnheader', { name: 'Change %' });
  await percentHeader.getByRole('button').click();
  await expect(percentHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(async () => {
    await expect(rows.first().getByTestId('watchlist-change-one')).toHaveText(/\d/);
    const shown = (await percentsOf(rows)).filter((value) => !Number.isNaN(value));
    expect(shown.length).toBe(original.length);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
  }).toPass();
  await page.screenshot({ path: `${SHOTS}/desktop-sorted.png` });
  // Live quotes keep moving: the order stays the sort's (read again a few refreshes later).
  await page.waitForTimeout(4_500);
  const later = (await percentsOf(rows)).filter((value) => !Number.isNaN(value));
  expect(later).toEqual([...later].sort((a, b) => b - a));
  await percentHeader.getByRole('button').click();
  await expect(percentHeader).toHaveAttribute('aria-sort', 'ascending');
  await percentHeader.getByRole('button').click();
  await expect(percentHeader).toHaveAttribute('aria-sort', 'none');
  expect(await symbolsOf(rows)).toEqual(original);

  // Drag the first row below the third.
  await dragBelow(page, rows.nth(0), rows.nth(2));
  const [a, b, c, ...rest] = original;
  await expect.poll(() => symbolsOf(rows)).toEqual([b, c, a, ...rest]);

  // Alt+↓ on the focused first row.
  await rows.nth(0).locator('[data-row-open]').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => symbolsOf(rows)).toEqual([c, b, a, ...rest]);

  // Delete a row, then Undo; delete another, then Ctrl+Z.
  await rows.nth(1).locator('[data-row-open]').focus();
  const firstTop = (await rows.nth(0).boundingBox())?.y;
  await page.keyboard.press('Delete');
  await expect.poll(() => symbolsOf(rows)).toEqual([c, a, ...rest]);
  const toast = page.getByTestId('watchlist-undo');
  await expect(toast).toContainText(`Removed ${String(b)} from US tech.`);
  // The toast lies over the list's foot: the rows above the deleted one stay where they were.
  expect((await rows.nth(0).boundingBox())?.y).toBe(firstTop);
  await page.screenshot({ path: `${SHOTS}/desktop-undo-row.png` });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => symbolsOf(rows)).toEqual([c, b, a, ...rest]);
  await rows
    .nth(0)
    .getByRole('button', { name: `Remove ${String(c)}` })
    .click();
  await expect.poll(() => symbolsOf(rows)).toEqual([b, a, ...rest]);
  await page.keyboard.press('Control+z');
  await expect.poll(() => symbolsOf(rows)).toEqual([c, b, a, ...rest]);
  await expect(toast).toBeHidden();

  // Delete a list, then Ctrl+Z brings it back, selected, at its place.
  await page.getByRole('tab', { name: 'Hong Kong' }).click();
  await page.getByRole('button', { name: 'Delete Hong Kong' }).click();
  await page.getByRole('button', { name: 'Delete list' }).click();
  await expect(page.getByRole('tab', { name: 'Hong Kong' })).toHaveCount(0);
  await expect(toast).toContainText('Deleted the list Hong Kong.');
  await page.keyboard.press('Control+z');
  await expect(page.getByRole('tab', { name: 'Hong Kong' })).toHaveAttribute('aria-selected', 'true');
  expect(await page.getByRole('tablist', { name: 'Watchlists' }).getByRole('tab').allTextContents()).toEqual([
    'US tech',
    'Hong Kong',
    'A-shares',
    'FX, metals, crypto',
  ]);
  await page.getByRole('tab', { name: 'US tech' }).click();

  // Import pasted text: the unknown reported by name, the known added, the listed skipped.
  await page.getByRole('button', { name: 'Import symbols into US tech' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import symbols into US tech' });
  await dialog.getByRole('textbox').fill(`${String(a)}, 700.hk nope!!\nBTCUSDT;ZZZZ.US`);
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
  // The first import downloads the catalogue (on demand, as the add box does).
  await expect(dialog.getByTestId('import-added')).toHaveText('Symbols added: 2.', { timeout: 20_000 });
  await expect(dialog.getByTestId('import-unknown')).toHaveText('Not in the catalogue: nope!!, ZZZZ.US');
  await expect(dialog.getByTestId('import-present')).toHaveText(`Already in the list: ${String(a)}`);
  await page.screenshot({ path: `${SHOTS}/desktop-import-pasted.png` });

  // A CSV file in the export's format.
  await dialog.getByLabel('Or a CSV file (the export, or one symbol a line)').setInputFiles({
    name: 'watchlist.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('\uFEFFsymbol,name,last\r\nEURUSD,Euro / US dollar,1.1\r\n600519.SH,"Kweichow Moutai, Co.",1500\r\nBAD SYMBOL,x,1\r\n'),
  });
  await expect(dialog.getByTestId('import-added')).toHaveText('Symbols added: 2.');
  await expect(dialog.getByTestId('import-unknown')).toHaveText('Not in the catalogue: BAD SYMBOL');
  await dialog.getByRole('button', { name: 'Close' }).click();
  const arranged = [c, b, a, ...rest, '700.HK', 'BTCUSDT', 'EURUSD', '600519.SH'];
  await expect.poll(() => symbolsOf(rows)).toEqual(arranged);
  await page.screenshot({ path: `${SHOTS}/desktop-arranged.png` });

  // A reload keeps the columns, the order, the imports and the restored list.
  await page.reload();
  await expect.poll(() => symbolsOf(rows)).toEqual(arranged);
  await expect(rows.first().getByTestId('watchlist-volume')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Hong Kong' })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await expect(page.getByRole('checkbox', { name: 'Change', exact: true })).not.toBeChecked();
});

test.describe('on a phone (390×844, touch)', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('a finger drags a row by its grip; the order is kept by a reload', async ({ page }) => {
    await page.goto('/');
    const screens = page.getByRole('navigation', { name: 'Screens' });
    await screens.getByRole('button', { name: 'Watchlist' }).tap();
    const rows = page.getByTestId('watchlist-row');
    await expect(rows.first()).toBeVisible();
    const original = await symbolsOf(rows);
    const grip = await rows.nth(0).getByTestId('watchlist-grip').boundingBox();
    const target = await rows.nth(2).boundingBox();
    if (!grip || !target) throw new Error('no boxes');
    // A finger: touch events through the DevTools protocol (Chromium turns them into pointer events).
    const cdp = await page.context().newCDPSession(page);
    const x = grip.x + grip.width / 2;
    const from = grip.y + grip.height / 2;
    const to = target.y + target.height - 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] });
    for (let step = 1; step <= 12; step++) {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: from + ((to - from) * step) / 12 }] });
    }
    await page.screenshot({ path: `${SHOTS}/phone-dragging.png` });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const [a, b, c, ...rest] = original;
    await expect.poll(() => symbolsOf(rows)).toEqual([b, c, a, ...rest]);
    await page.screenshot({ path: `${SHOTS}/phone-dragged.png` });

    await page.reload();
    await screens.getByRole('button', { name: 'Watchlist' }).tap();
    await expect.poll(() => symbolsOf(rows)).toEqual([b, c, a, ...rest]);
  });
});
