/** The full HK market: thousands of rows, sortable and filterable; a plan message without the plan. */
import { expect, test } from './fixtures.ts';
import { resetSimulator } from './sim-control.ts';

test.afterEach(async ({ request }) => {
  await request.post('/__sim/key', { data: { key: 'demo-enterprise' } });
  await resetSimulator(request);
});

test('sorts by a column and filters by code', async ({ page }) => {
  await page.goto('/?symbol=700.HK&tab=hk');
  await expect(page.getByTestId('hk-count')).toHaveText(/^2,\d{3} securities$/, { timeout: 20_000 });
  // The first click on a change column: gainers first (the table's: a watchlist sorts by its columns too).
  const table = page.getByTestId('hk-table-scroll');
  await table.getByRole('button', { name: 'Change %', exact: true }).click();
  await expect(table.getByRole('columnheader', { name: 'Change %', exact: true })).toHaveAttribute('aria-sort', 'descending');
  const percents = await page
    .getByTestId('hk-row')
    .evaluateAll((rows) =>
      rows
        .slice(0, 10)
        .map((row) => Number((row.querySelector('[data-col="changePercent"]')?.textContent ?? '').replace(/[%+\u2212]/g, (c) => (c === '\u2212' ? '-' : '')))),
    );
  expect(percents.every((percent) => Number.isFinite(percent))).toBe(true);
  expect(percents.length).toBeGreaterThan(5);
  expect([...percents].sort((a, b) => b - a)).toEqual(percents);

  await page.getByLabel('Filter by code or name').fill('00700');
  await expect(page.getByTestId('hk-count')).toHaveText(/^1 of 2,\d{3} match/);
  await expect(page.getByTestId('hk-row')).toHaveCount(1);
  await page.getByTestId('hk-row').click();
  await expect(page).toHaveURL(/symbol=700\.HK.*tab=chart/);
});

test('says which plan the full market needs when the plan lacks it (1004)', async ({ page, request }) => {
  await request.post('/__sim/key', { data: { key: 'demo-pro' } });
  await page.goto('/?symbol=700.HK&tab=hk');
  await expect(page.getByTestId('hk-plan-required')).toContainText('all-HK or Enterprise plan');
});
