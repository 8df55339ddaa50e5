/**
 * Numbers, words and layout a trader can trust: one zone per instrument, the oldest bar, marker
 * badges that never overlap, the HK table's fixed columns and cue, the watchlist on the keyboard,
 * bad links answered. Each journey saves screenshots of what it checks (test-results/).
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { resetSimulator } from './sim-control.ts';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

async function snap(page: Page, info: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: info.outputPath(`${name}.png`) });
}

const legend = (page: Page) => page.getByTestId('chart-legend');

test('AU2612 opened from a link: chart legend, tape and book in one zone, named, following the zone choice', async ({ page }, info) => {
  // About 15:00 UTC, 23:00 in Shanghai: the night session of gold futures.
  await page.goto('/?symbol=AU2612&interval=1h&tab=chart');
  await expect(legend(page)).toContainText(/2026-11-25 2\d:00 UTC\+8/, { timeout: 15_000 });
  await snap(page, info, 'au2612-chart-market');

  await page.getByRole('tab', { name: 'Trades' }).click();
  const tape = page.getByRole('table', { name: 'Trades of AU2612' });
  await expect(tape.getByRole('columnheader').first()).toHaveText('Time (UTC+8)', { timeout: 15_000 });
  await expect(page.getByTestId('trade-row').first().locator('time')).toHaveText(/^2[23]:\d\d:\d\d$/);
  await snap(page, info, 'au2612-trades-market');

  await page.getByRole('tab', { name: 'Order book' }).click();
  const updated = page.getByRole('term').filter({ hasText: 'Updated' }).locator('xpath=following-sibling::dd');
  await expect(updated).toHaveText(/^2[23]:\d\d:\d\d UTC\+8$/, { timeout: 15_000 });
  await snap(page, info, 'au2612-book-market');

  // UTC on the chart: every time of the instrument follows.
  await page.getByRole('tab', { name: 'Chart' }).click();
  await page.getByRole('radio', { name: 'UTC', exact: true }).check();
  await expect(legend(page)).toContainText(/2026-11-25 1[45]:00 UTC(?!\+)/);
  await page.getByRole('tab', { name: 'Order book' }).click();
  await expect(updated).toHaveText(/^1[45]:\d\d:\d\d UTC$/);
  await page.getByRole('tab', { name: 'Trades' }).click();
  await expect(tape.getByRole('columnheader').first()).toHaveText('Time (UTC)');
  await expect(page.getByTestId('trade-row').first().locator('time')).toHaveText(/^1[45]:\d\d:\d\d$/);
  await snap(page, info, 'au2612-trades-utc');
});

test('the oldest bar: the view stops at the first candle, and the legend shows the candle under the pointer', async ({ page }, info) => {
  // AU2612 is listed from December 2025: its daily history is one page.
  await page.goto('/?symbol=AU2612&interval=1d');
  // The night session already trades for the next day (26 November).
  await expect(legend(page)).toContainText(/2026-11-2[56]/, { timeout: 15_000 });
  const chart = page.getByTestId('main-chart');
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart');
  // Drag towards the past, far past the first candle.
  for (let i = 0; i < 6; i++) {
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width - 80, box.y + box.height / 2, { steps: 8 });
    await page.mouse.up();
  }
  // The first candle sits at the left edge: the pointer there shows it, not today's.
  await page.mouse.move(box.x + 4, box.y + box.height / 2);
  await expect(legend(page)).toContainText('2025-12-');
  // Candles fill the pane to its right side: no lone candle at the edge of an empty pane.
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
  await expect(legend(page)).not.toContainText('2025-12-');
  await expect(legend(page)).toContainText(/2026-\d\d-\d\d/);
  await snap(page, info, 'oldest-bar');
});

interface Badge {
  left: number;
  top: number;
  width: number;
  height: number;
  text: string;
}

async function badgesOf(chart: Locator): Promise<Badge[]> {
  // On the chart's own element, or on the early chart's inside it when the app adopted that one.
  const text = await chart.evaluate((element) =>
    (element.closest('[data-action-markers]') ?? element.querySelector('[data-action-markers]'))?.getAttribute('data-action-markers'),
  );
  return JSON.parse(text ?? '[]') as Badge[];
}

test('a zoomed-out monthly chart: corporate-action badges never overlap nor leave the pane, and one stands for many', async ({ page }, info) => {
  await page.goto('/?symbol=AAPL.US&interval=1M');
  const chart = page.getByTestId('main-chart');
  await expect(legend(page)).toContainText('2026-11', { timeout: 15_000 });
  await expect.poll(async () => (await badgesOf(chart)).length).toBeGreaterThan(0);
  const box = await chart.boundingBox();
  if (!box) throw new Error('no chart');
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  for (let i = 0; i < 25; i++) await page.mouse.wheel(0, 400);
  await page.mouse.move(box.x + 1, box.y + 1);
  await page.waitForTimeout(300);

  const badges = await badgesOf(chart);
  const paneWidth = await chart.evaluate((element) =>
    Math.max(...[...element.querySelectorAll('canvas')].filter((canvas) => canvas.clientHeight > 150).map((canvas) => canvas.clientWidth)),
  );
  expect(badges.length).toBeGreaterThan(0);
  for (const [i, badge] of badges.entries()) {
    expect(badge.left, `badge ${String(i)} inside the pane on the left`).toBeGreaterThanOrEqual(0);
    expect(badge.left + badge.width, `badge ${String(i)} inside the pane on the right`).toBeLessThanOrEqual(paneWidth);
    const next = badges[i + 1];
    if (next) expect(badge.left + badge.width, `badge ${String(i)} clear of the next`).toBeLessThanOrEqual(next.left);
  }
  // Zoomed out, quarterly dividends share badges: a count.
  const group = badges.find((badge) => /^\d+$/.test(badge.text));
  if (!group) throw new Error(`no badge with a count among ${JSON.stringify(badges)}`);
  // Drawn where reported: the badge colour fills its box on the canvas.
  const painted = await chart.evaluate((element, badge) => {
    const ratio = window.devicePixelRatio;
    let amber = 0;
    for (const canvas of element.querySelectorAll('canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.clientHeight < 150) continue;
      const { data } = context.getImageData(
        Math.round(badge.left * ratio),
        Math.round(badge.top * ratio),
        Math.round(badge.width * ratio),
        Math.round(badge.height * ratio),
      );
      for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 0) > 200 && (data[i + 1] ?? 0) > 120 && (data[i + 2] ?? 255) < 80) amber++;
    }
    return amber;
  }, group);
  expect(painted).toBeGreaterThan(20);
  await snap(page, info, 'markers-1M-zoomed-out');

  // Hovering the grouped badge lists its events in the legend.
  await page.mouse.move(box.x + group.left + group.width / 2, box.y + group.top + group.height / 2);
  const lines = page.getByTestId('chart-legend-action');
  await expect(lines.first()).toContainText(/\d{4}-\d\d Div /);
  expect(await lines.count()).toBeGreaterThanOrEqual(Math.min(Number(group.text), 6));
  await snap(page, info, 'markers-1M-hover');
});

for (const viewport of [
  { width: 1024, height: 768 },
  { width: 1280, height: 800 },
]) {
  test(`the HK table at ${String(viewport.width)}×${String(viewport.height)}: code and name stay in view while the rest scrolls, with a cue`, async ({
    page,
  }, info) => {
    await page.setViewportSize(viewport);
    await page.goto('/?symbol=700.HK&tab=hk');
    await expect(page.getByTestId('hk-count')).toHaveText(/securities/, { timeout: 20_000 });
    const scroller = page.getByTestId('hk-table-scroll');
    const more = page.getByRole('button', { name: 'More columns' });
    await expect(more).toBeVisible();
    await expect(page.getByRole('button', { name: 'More top gainers' })).toBeVisible();
    await snap(page, info, `hk-${String(viewport.width)}-start`);

    await more.click();
    await expect(scroller).toHaveAttribute('data-scrolled', 'true');
    await scroller.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    await expect(more).toBeHidden();
    const area = await scroller.boundingBox();
    const firstRow = page.getByTestId('hk-row').first();
    for (const cell of [firstRow.locator('th'), firstRow.locator('td').first(), firstRow.locator('[data-col="prevClose"]')]) {
      const rect = await cell.boundingBox();
      if (!area || !rect) throw new Error('no box');
      expect(rect.x).toBeGreaterThanOrEqual(area.x - 1);
      expect(rect.x + rect.width).toBeLessThanOrEqual(area.x + area.width + 1);
    }
    await snap(page, info, `hk-${String(viewport.width)}-end`);
  });
}

test('HK prices line up on the decimal point, one precision per instrument', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?symbol=700.HK&tab=hk');
  await expect(page.getByTestId('hk-count')).toHaveText(/securities/, { timeout: 20_000 });
  const points = await page.getByTestId('hk-row').evaluateAll((rows) =>
    rows.slice(0, 25).map((row) => {
      const cell = row.querySelector<HTMLElement>('[data-col="last"]');
      const text = cell?.firstChild;
      if (!cell || !text) return Number.NaN;
      // The right edge of the text up to its decimal point.
      const range = document.createRange();
      const value = text.textContent ?? '';
      const dot = value.indexOf('.');
      range.setStart(text, 0);
      range.setEnd(text, dot < 0 ? value.length : dot);
      return Math.round(range.getBoundingClientRect().right);
    }),
  );
  expect(points.length).toBeGreaterThan(10);
  expect(new Set(points).size, `decimal points at ${points.join(', ')}`).toBe(1);
});

test('the watchlist on the keyboard: one Tab stop, arrows inside, Enter opens, Delete removes', async ({ page }, info) => {
  await page.goto('/?symbol=AAPL.US');
  await expect(page.getByTestId('watchlist-row').first().getByTestId('watchlist-last')).toHaveText(/\d/, { timeout: 15_000 });
  // From the top of the page, Tab by Tab to the interval bar.
  let presses = 0;
  while (presses < 40) {
    await page.keyboard.press('Tab');
    presses++;
    if (await page.evaluate(() => document.activeElement?.closest('[role="group"][aria-label="Interval"]') != null)) break;
  }
  // 17: the header's five controls (Search to Your data); the watchlist's fold button, its list
  // tabs' one stop, its toolbar's one stop, Add symbol and Add, its sort headers (Last, Change,
  // Change %) and its rows' one stop; the panel tabs' one stop (however many panels) and Layout.
  expect(presses, 'Tabs to the interval bar').toBeLessThanOrEqual(17);

  // The panel tabs: one stop, arrows select (round the ends), Tab leaves the list.
  const panels = page.getByRole('tablist', { name: 'Panels' });
  await panels.getByRole('tab', { selected: true }).focus();
  await expect(panels.locator('[role="tab"][tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  const second = panels.getByRole('tab').nth(1);
  await expect(second).toBeFocused();
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(panels.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowLeft');
  await expect(panels.getByRole('tab').last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(panels.getByRole('tab').first()).toBeFocused();

  // Back to the list: its one stop is the open symbol's row.
  const rows = page.getByTestId('watchlist-row');
  const open = (symbol: string) => page.locator(`[data-testid="watchlist-row"][data-symbol="${symbol}"] [data-row-open]`);
  await open('AAPL.US').focus();
  await page.keyboard.press('ArrowDown');
  await expect(open('MSFT.US')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(open('NVDA.US')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/symbol=NVDA\.US/);
  await snap(page, info, 'watchlist-keyboard-open');

  // Into the row: its buttons; Enter moves the row up, focus stays on that button, so a key
  // pressed at once after it acts there (← back to the row's open control).
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Move NVDA.US up' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await expect(rows.nth(1)).toHaveAttribute('data-symbol', 'NVDA.US');
  await expect(open('NVDA.US')).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(rows.nth(2)).toHaveAttribute('data-symbol', 'NVDA.US');
  await expect(open('NVDA.US')).toBeFocused();

  // Delete removes the focused row; focus goes to the next one.
  await page.keyboard.press('Delete');
  await expect(page.locator('[data-testid="watchlist-row"][data-symbol="NVDA.US"]')).toHaveCount(0);
  await expect(open('AMZN.US')).toBeFocused();
  await snap(page, info, 'watchlist-keyboard-delete');
  // Still one Tab stop in the list.
  expect(await page.getByRole('list', { name: 'Symbols in US tech' }).locator('button[tabindex="0"]').count()).toBe(1);
});

test('bad input gets its message and leaves nothing behind', async ({ page }, info) => {
  // An ambiguous symbol: the choices, not a Retry.
  await page.goto('/?symbol=BTCUSD');
  const prompt = page.getByTestId('symbol-type-prompt');
  await expect(prompt).toContainText('BTCUSD is listed under several types', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await snap(page, info, 'link-ambiguous');
  await prompt.getByRole('button', { name: 'crypto' }).click();
  await expect(page).toHaveURL(/\?symbol=BTCUSD&type=crypto&interval=1d&tz=market&tab=chart$/);
  await expect(prompt).toHaveCount(0);
  await expect(legend(page)).toContainText('C', { timeout: 15_000 });

  // An unknown interval and an adjustment of forex: both named, neither left in the URL.
  await page.goto('/?symbol=EURUSD&interval=7m&adjust=forward');
  const notices = page.getByRole('list', { name: 'Notices' });
  await expect(notices).toContainText('interval “7m”');
  await expect(notices).toContainText('adjust “forward” (EURUSD has no adjusted prices)');
  await expect.poll(() => new URL(page.url()).search).toBe('?symbol=EURUSD&interval=1d&tz=market&tab=chart');
  await expect(page.getByRole('button', { name: '1d', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await snap(page, info, 'link-bad-values');

  // Two lists of one name: refused; the tabs and their buttons stay tell-apart.
  await page.getByRole('button', { name: 'Rename US tech' }).click();
  const name = page.getByRole('textbox', { name: 'List name' });
  await name.fill('hong kong');
  await name.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'already exists' })).toContainText('A list named “hong kong” already exists');
  await snap(page, info, 'list-name-taken');
  await name.press('Escape');
  await expect(page.getByRole('tab', { name: 'US tech' })).toBeVisible();

  // Escape on the delete confirmation: focus back on Delete, not on the page.
  await page.getByRole('button', { name: 'Delete US tech' }).click();
  await expect(page.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Delete US tech' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'US tech' })).toBeVisible();
});
