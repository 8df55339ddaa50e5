/**
 * US extended hours (issue 14, section 5): on the simulator's clock in the pre-market, a US stock's
 * header and watchlist row show the pre-market price with the session named, beside the regular
 * figures, which stay the previous close's; over the socket (the pushes carry `trade_session`) and
 * over HTTP alike. Once the regular session opens, the pre-market line goes.
 */
import type { Page } from '@playwright/test';
import { expect, test, withoutRealtime } from './fixtures.ts';
import { resetSimulator, setClock } from './sim-control.ts';

const PRE_MARKET = '2026-11-25T13:00:00Z'; // 08:00 in New York
const REGULAR = '2026-11-25T15:00:00Z';

test.afterEach(async ({ request }) => {
  await resetSimulator(request);
});

interface TickerEntry {
  last_price: string;
  pre_market_quote?: { last_done: string; prev_close: string };
}

async function apiTicker(page: Page, symbol: string): Promise<TickerEntry> {
  const response = await page.request.get(`/v1/market/ticker?symbols=${symbol}`);
  const entry = ((await response.json()) as { data: TickerEntry[] }).data[0];
  if (!entry) throw new Error('no ticker');
  return entry;
}

for (const transport of ['socket', 'HTTP'] as const) {
  test(`pre-market over ${transport}: the header and the row show the pre-market price beside the regular one`, async ({ page, request }) => {
    await resetSimulator(request);
    // Over HTTP: the socket is refused, so the page polls the ticker.
    if (transport === 'HTTP') await withoutRealtime(page);
    await setClock(request, PRE_MARKET, false);
    await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
    const api = await apiTicker(page, 'AAPL.US');
    const quote = api.pre_market_quote;
    if (!quote) throw new Error('the simulator has no pre-market quote');

    const header = page.getByTestId('header-extended');
    await expect(header).toHaveAttribute('data-session', 'pre_market');
    await expect(header).toContainText('Pre-market');
    // The regular price stays the previous close the pre-market follows.
    await expect(page.getByTestId('header-last-price')).toHaveText(quote.prev_close);
    const row = page.locator('[data-testid="watchlist-row"][data-symbol="AAPL.US"]');
    await expect(row.getByTestId('watchlist-extended')).toContainText('Pre-market');
    await expect(row.getByTestId('watchlist-last')).toHaveText(quote.prev_close);
    // The pre-market price as the service gives it (the clock runs: it may have moved on a minute).
    const shown = Number(/Pre-market ([\d,.]+)/.exec((await header.textContent()) ?? '')?.[1]?.replaceAll(',', ''));
    const now = Number((await apiTicker(page, 'AAPL.US')).pre_market_quote?.last_done);
    expect(Math.abs(shown - now) / now).toBeLessThan(0.005);

    // The regular session: the pre-market line goes.
    await setClock(request, REGULAR, false);
    await page.reload();
    await expect(page.getByTestId('header-last-price')).toBeVisible();
    await expect(page.getByTestId('header-extended')).toHaveCount(0);
  });
}

test('screenshot: the pre-market header and rows', async ({ page, request }) => {
  await resetSimulator(request);
  await setClock(request, PRE_MARKET, true);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  await expect(page.getByTestId('header-extended')).toBeVisible();
  // Every US stock of the default list has its pre-market line.
  await expect(page.getByTestId('watchlist-extended')).toHaveCount(7);
  await page.screenshot({ path: 'test-results/extended-shots/pre-market.png' });
});

// Desks (one row), phones upright (two rows; the pre-market quote under the change) and on their side (one row).
for (const [width, height, phone] of [
  [1440, 900, false],
  [1280, 720, false],
  [1024, 768, false],
  [390, 844, true],
  [360, 740, true],
  [844, 390, true],
] as const) {
  test.describe(`${String(width)} × ${String(height)}${phone ? ', touch' : ''}`, () => {
    test.use({ viewport: { width, height }, hasTouch: phone, isMobile: phone });
    test(`the header keeps the price, the change and the pre-market quote whole`, async ({ page, request }) => {
      await resetSimulator(request);
      await setClock(request, PRE_MARKET, false);
      await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
      const extended = page.getByTestId('header-extended');
      await expect(extended).toContainText('Pre-market');
      for (const testId of ['header-last-price', 'header-change', 'header-extended']) {
        const cell = page.getByTestId(testId);
        // Not cut (its text as wide as its box) and not under the session state beside it.
        const { cut, right } = await cell.evaluate((element) => ({
          cut: element.scrollWidth > element.clientWidth + 1,
          right: element.getBoundingClientRect().right,
        }));
        expect(cut, `${testId} is cut at ${String(width)}`).toBe(false);
        const box = await cell.boundingBox();
        const state = await page.locator('[data-testid="header-session"]').boundingBox();
        // Where the session state shares the quote's row, the quote ends before it.
        const sameRow = box && state && state.width > 0 && state.y < box.y + box.height && box.y < state.y + state.height;
        if (sameRow) expect(right, `${testId} runs under the session state`).toBeLessThanOrEqual(state.x + 1);
      }
      // Nothing of the header runs past the window, nor out of its rows.
      const overflow = await page.locator('header.app-header').evaluate((header) => header.scrollWidth - header.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const header = await page.locator('header.app-header').boundingBox();
      const extendedBox = await extended.boundingBox();
      if (!header || !extendedBox) throw new Error('no header');
      expect(extendedBox.y + extendedBox.height).toBeLessThanOrEqual(header.y + header.height);
    });
  });
}

for (const [width, height] of [
  [1440, 900],
  [1280, 720],
  [1024, 768],
] as const) {
  // At 1024 the list is 260 px wide: a long name gives way there, the figures never.
  const names = width >= 1280;
  test(`the watchlist at ${String(width)} × ${String(height)} keeps each row's ${names ? 'name, ' : ''}change and pre-market line whole`, async ({
    page,
    request,
  }) => {
    await resetSimulator(request);
    await setClock(request, PRE_MARKET, false);
    await page.setViewportSize({ width, height });
    await page.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
    // Every US stock of the default list has its pre-market line, and its name.
    await expect(page.getByTestId('watchlist-extended')).toHaveCount(7);
    await expect(page.getByTestId('watchlist-row').getByTestId('symbol-name')).toHaveCount(7);
    const cut = await page
      .getByTestId('watchlist-row')
      .locator(['watchlist-change', 'watchlist-extended', ...(names ? ['symbol-name'] : [])].map((id) => `[data-testid="${id}"]`).join(', '))
      .evaluateAll((cells) =>
        cells
          // A cell is cut when its text, or its truncating parent's, is wider than the box.
          .filter((cell) => [cell, cell.parentElement].some((box) => box !== null && box.scrollWidth > box.clientWidth + 1))
          .map((cell) => cell.textContent),
      );
    expect(cut).toEqual([]);
  });
}
