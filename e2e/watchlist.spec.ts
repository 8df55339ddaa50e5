/** Watchlists are the user's: they tick live and survive a reload. */
import { expect, test } from './fixtures.ts';
import { isQuoteStripYear } from './quote-strip-request.ts';
import { resetSimulator, setFaults } from './sim-control.ts';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

test('a new watchlist with its symbols survives a reload, and rows show live prices', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: '+ New list' }).click();
  const name = page.getByRole('textbox', { name: 'List name' });
  await name.fill('E2E picks');
  await name.press('Enter');
  await expect(page.getByRole('tab', { name: 'E2E picks' })).toHaveAttribute('aria-selected', 'true');
  const add = page.getByRole('combobox', { name: 'Add symbol' });
  for (const symbol of ['msft.us', '00388.HK', 'XAUUSD']) {
    await add.fill(symbol);
    await add.press('Enter');
  }
  await add.fill('not a symbol!');
  await add.press('Enter');
  await expect(add).toHaveAttribute('aria-invalid', 'true');
  await expect(add).toHaveValue('not a symbol!');

  const rows = page.getByTestId('watchlist-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.first().getByTestId('watchlist-last')).toHaveText(/\d/);

  await page.reload();
  await page.getByRole('tab', { name: 'E2E picks' }).click();
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute('data-symbol', 'MSFT.US');
  await expect(rows.nth(1)).toHaveAttribute('data-symbol', '388.HK');
  await expect(rows.nth(2).getByTestId('watchlist-last')).toHaveText(/\d/);
  await rows.nth(1).getByRole('button').first().click();
  await expect(page).toHaveURL(/symbol=388\.HK/);
});

test('symbols typed one after another while the catalogue loads are all added, in order', async ({ page }) => {
  // The catalogue is held until four entries are typed: each Enter frees the box for the next,
  // and a name ("tencent") takes its best suggestion once the catalogue is here.
  let release = (): void => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/chartroom/catalog', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('button', { name: '+ New list' }).click();
  const name = page.getByRole('textbox', { name: 'List name' });
  await name.fill('Typed fast');
  await name.press('Enter');
  const add = page.getByRole('combobox', { name: 'Add symbol' });
  await add.click();
  for (const typed of ['msft.us', '00388.HK', 'tencent', 'zzzz.us']) {
    await page.keyboard.type(typed, { delay: 40 });
    await page.keyboard.press('Enter');
    await expect(add).toHaveValue('');
  }
  await expect(page.getByText('Checking the symbol catalogue…')).toBeVisible();
  await page.keyboard.type('xau', { delay: 40 });
  release();
  const rows = page.getByTestId('watchlist-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute('data-symbol', 'MSFT.US');
  await expect(rows.nth(1)).toHaveAttribute('data-symbol', '388.HK');
  await expect(rows.nth(2)).toHaveAttribute('data-symbol', '700.HK');
  // The unknown one is reported by name; what the user typed since stays in the box.
  await expect(page.getByText(/ZZZZ\.US/)).toBeVisible();
  await expect(add).toHaveValue('xau');
});

test('a corrupted saved store gives a notice and keeps the good watchlists', async ({ page }) => {
  await page.goto('/');
  // The app saves its state as it starts: edit the store once it is on screen, or it overwrites the edit.
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible();
  await page.evaluate(() => {
    localStorage.setItem(
      'chartroom',
      JSON.stringify({
        version: 1,
        state: { preferences: { theme: 'neon' }, watchlists: [{ id: 'mine', name: 'Kept list', symbols: ['NVDA.US'] }, { id: 7 }] },
      }),
    );
  });
  await page.reload();
  await expect(page.getByRole('list', { name: 'Notices' })).toContainText('unreadable');
  await expect(page.getByRole('tab', { name: 'Kept list' })).toBeVisible();
  await expect(page.getByTestId('watchlist-row')).toHaveAttribute('data-symbol', 'NVDA.US');
});

test('at the narrowest two-column width every row shows its whole symbol beside price and change', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/');
  const rows = page.getByTestId('watchlist-row');
  await expect(rows.first().getByTestId('watchlist-change')).toHaveText(/%/);
  // A symbol cut by its ellipsis is wider than its box; the default list has the long ones (GOOGL.US, META.US).
  const cut = await page
    .getByTestId('watchlist-symbol')
    .evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth).map((cell) => cell.textContent));
  expect(await rows.count()).toBeGreaterThan(5);
  expect(cut).toEqual([]);
});

test("a pointer resting on a row starts that symbol's chart before the click, and the click asks nothing twice", async ({ page, request }) => {
  const history: { symbol: string; at: number }[] = [];
  page.on('request', (sent) => {
    const url = new URL(sent.url());
    if (url.pathname === '/v1/market/kline' && !isQuoteStripYear(url.searchParams))
      history.push({ symbol: url.searchParams.get('symbol') ?? '', at: Date.now() });
  });
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  await expect(page.getByTestId('main-chart')).toHaveAttribute('aria-label', /^AAPL\.US/);
  // A slow upstream, as across a real network: the head start is what the user waits less.
  await setFaults(request, { latencyMs: 300 });
  const row = page.locator('[data-testid="watchlist-row"][data-symbol="MSFT.US"]').getByRole('button').first();
  await row.hover();
  await expect.poll(() => history.filter(({ symbol }) => symbol === 'MSFT.US').length).toBe(1);
  const clickedAt = Date.now();
  await row.click();
  await expect(page.getByTestId('main-chart')).toHaveAttribute('aria-label', /^MSFT\.US/);
  await expect(page.getByTestId('chart-legend')).toContainText(/\d/);
  const msft = history.filter(({ symbol }) => symbol === 'MSFT.US');
  expect(msft).toHaveLength(1);
  expect(msft[0]?.at).toBeLessThan(clickedAt);
});
