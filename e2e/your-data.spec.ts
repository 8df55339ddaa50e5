/**
 * "Your data" (issue #32): the whole workspace downloads as one JSON file, and importing it
 * restores it (here a symbol taken out of a list comes back, in every tab); a file that is not a
 * workspace is refused with the reason. On the journeys' shared server, which keeps no workspace:
 * the dialog says the data is kept in this browser only.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { addSymbol, openTab } from './records-journey.ts';

test('export my data, take a symbol out, import the file: the symbol is back in both tabs', async ({ context }) => {
  const page = await context.newPage();
  const other = await context.newPage();
  await openTab(page);
  await openTab(other);
  await addSymbol(page, '388.HK');
  const row = (on: typeof page) => on.locator('[data-testid="watchlist-row"][data-symbol="388.HK"]');
  await expect(row(other)).toBeVisible({ timeout: 10_000 });

  await page.getByRole('button', { name: 'Your data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your data' });
  await expect(dialog.getByTestId('your-data-kept')).toHaveText('Kept in this browser only.');
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^chartroom-workspace-\d{4}-\d{2}-\d{2}\.json$/);
  const path = await download.path();
  const file = JSON.parse(readFileSync(path, 'utf8')) as { format: string; stores: Record<string, { id: string; value: unknown }[]> };
  expect(file.format).toBe('chartroom-workspace');
  expect(JSON.stringify(file.stores.app?.find((record) => record.id === 'watchlist:us')?.value)).toContain('388.HK');
  await page.screenshot({ path: 'test-results/your-data/dialog.png' });
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Remove 388.HK' }).click();
  await expect(row(other)).toHaveCount(0, { timeout: 10_000 });

  await page.getByRole('button', { name: 'Your data' }).click();
  // The journeys' server keeps no workspaces: sharing says so instead of offering its buttons.
  await expect(dialog.getByTestId('sharing-unavailable')).toHaveText('This server keeps no workspaces, so nothing can be shared here.');
  await expect(dialog.getByRole('button', { name: 'Share this layout' })).toHaveCount(0);
  await dialog.getByLabel('Import my data…').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"format":"other"}') });
  await expect(dialog.getByRole('status')).toContainText('That file is not a Chartroom workspace: format: expected chartroom-workspace');
  await dialog.getByLabel('Import my data…').setInputFiles(path);
  await expect(dialog.getByRole('status')).toHaveText(/^Imported \d+ records?\.$/);
  await page.keyboard.press('Escape');
  await expect(row(page)).toBeVisible({ timeout: 10_000 });
  await expect(row(other)).toBeVisible({ timeout: 10_000 });
});
