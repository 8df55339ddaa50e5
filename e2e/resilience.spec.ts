/** One failing panel shows its own error while the others stay live, and recovers by itself. */
import { expect, test, withoutRealtime } from './fixtures.ts';
import { clearFaults, resetSimulator, setFaults } from './sim-control.ts';

test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

test('an injected fault on trades shows in the trades panel only, which recovers when faults stop', async ({ page, request }) => {
  // On HTTP polling: with the socket live, trades would stream and never meet the fault.
  await withoutRealtime(page);
  await page.goto('/?symbol=700.HK&tab=trades');
  await expect(page.getByTestId('trade-row').first()).toBeVisible({ timeout: 15_000 });
  await setFaults(request, { errorRate: 1, errorCodes: [5001], paths: ['/v1/market/trades'] });
  const main = page.getByRole('tabpanel');
  await expect(main.getByRole('alert')).toContainText('data source is unavailable', { timeout: 20_000 });
  // The rest of the page keeps working: watchlist prices and the markets panel are there, no alerts.
  await expect(page.getByTestId('watchlist-row').first().getByTestId('watchlist-last')).toHaveText(/\d/);
  await expect(page.getByRole('region', { name: 'Watchlists' }).getByRole('alert')).toHaveCount(0);
  await expect(page.getByTestId('status-HK')).toBeVisible();
  await clearFaults(request);
  await expect(main.getByRole('alert')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId('trade-row').first()).toBeVisible();
});

test('a malformed answer is an error in its panel, not a crash', async ({ page, request }) => {
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await setFaults(request, { malformedRate: 1, paths: ['/v1/market/stock-info'] });
  await page.goto('/?symbol=AAPL.US&tab=info');
  await expect(page.getByRole('tabpanel').getByRole('alert')).toContainText('malformed', { timeout: 20_000 });
  await expect(page.getByTestId('symbol-header')).toContainText('AAPL.US');
  expect(pageErrors).toEqual([]);
});
