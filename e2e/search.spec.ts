/** The command palette: keyboard first, every symbol shape of the contract. */
import { expect, test } from './fixtures.ts';
import { resetSimulator } from './sim-control.ts';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

test('finds 700.HK through 00700.HK and charts it', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US');
  await expect(page.getByTestId('symbol-header')).toContainText('AAPL.US');
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Search symbols' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Search symbols' }).fill('00700.HK');
  await expect(dialog.getByTestId('search-option').first()).toHaveAttribute('data-symbol', '700.HK');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/symbol=700\.HK/);
  await expect(page.getByTestId('symbol-header')).toContainText('腾讯控股');
  await expect(page.getByTestId('header-last-price')).toHaveText(/\d/);
});

test('asks which type an ambiguous symbol means and remembers the answer', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US');
  // Keys reach the app once it is on screen (the chart may be painted before it).
  await expect(page.getByTestId('symbol-header')).toContainText('AAPL.US');
  await page.keyboard.press('/');
  const dialog = page.getByRole('dialog', { name: 'Search symbols' });
  await dialog.getByRole('combobox', { name: 'Search symbols' }).fill('BTCUSD');
  await page.keyboard.press('Enter');
  const question = dialog.getByRole('group', { name: 'Which BTCUSD do you mean?' });
  await question.getByRole('button', { name: 'forex' }).click();
  await expect(page).toHaveURL(/symbol=BTCUSD&type=forex/);
  await expect(page.getByTestId('header-last-price')).toHaveText(/\d/);

  await page.goto('/?symbol=AAPL.US');
  await expect(page.getByTestId('symbol-header')).toContainText('AAPL.US');
  await page.keyboard.press('Control+k');
  await dialog.getByRole('combobox', { name: 'Search symbols' }).fill('BTCUSD');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/symbol=BTCUSD&type=forex/);
});

test('a bad value in a shared link falls back to a default with a notice', async ({ page }) => {
  await page.goto('/?symbol=700.HK&interval=7m&tab=nowhere');
  await expect(page.getByRole('list', { name: 'Notices' })).toContainText('interval “7m”');
  await expect(page).toHaveURL(/symbol=700\.HK&interval=1d/);
  await expect(page.getByRole('tab', { name: 'Chart' })).toHaveAttribute('aria-selected', 'true');
});
