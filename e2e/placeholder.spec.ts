/** The page reaches live quotes through the server and the simulator, with no key in the browser. */
import { expect, test } from './fixtures.ts';

test('shows live quotes from the simulator', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  await page.goto('/');
  await expect(page.getByTestId('source')).toHaveText('simulator');
  const rows = page.getByRole('table', { name: 'Quotes' }).locator('tbody tr');
  await expect(rows).toHaveCount(6);
  await expect(rows.filter({ hasText: '700.HK' })).toContainText('腾讯控股');
  const price = await rows.filter({ hasText: 'AAPL.US' }).locator('td').nth(2).textContent();
  expect(Number(price)).toBeGreaterThan(0);
  expect(requests.some((url) => url.includes('api_key') || url.includes('demo-'))).toBe(false);
});

test('a deep link gets the SPA, an unknown API path gets a JSON envelope', async ({ page, request }) => {
  await page.goto('/some/shared/view');
  await expect(page.getByRole('heading', { name: 'Chartroom' })).toBeVisible();
  const answer = await request.get('/v1/market/nothing-here');
  expect(answer.status()).toBe(404);
  expect(await answer.json()).toMatchObject({ code: 2001 });
});
