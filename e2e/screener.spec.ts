/**
 * The screener (issue 36) against the real server and simulator: open it, pick a preset, add a
 * condition typed at a typist's pace (every key kept, a bad value named next to its field), sort,
 * save the screen, open a row's chart, and reopen the screen from its link in another browser
 * context; a bad link is reported and nothing saved; on a phone (390×844, touch) and in Chinese.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { resetSimulator } from './sim-control.ts';

/** A cold simulator warms a market within a minute (issue 36). */
const WARM_MS = 90_000;

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

/** The price cells of the rows in the DOM, in order. */
async function prices(page: Page): Promise<number[]> {
  return page
    .getByTestId('screen-row')
    .evaluateAll((rows) => rows.map((row) => Number((row.querySelector('[data-col="price"]')?.textContent ?? '').replace(/[,\s]/g, ''))));
}

async function rowsShown(page: Page): Promise<void> {
  await expect(page.getByTestId('screen-row').first()).toBeVisible({ timeout: WARM_MS });
}

test('a screen from a preset, edited, sorted, saved, charted and reopened from its link', async ({ page, browser, baseURL }, testInfo) => {
  test.setTimeout(240_000);
  await page.goto('/?symbol=AAPL.US&tab=screener');
  await expect(page.getByRole('tab', { name: 'Screener' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('screener')).toBeVisible({ timeout: 20_000 });

  await page.getByTestId('screen-preset').selectOption({ label: 'Most active' });
  await rowsShown(page);

  // A condition of its own: price above 1.5, typed key by key.
  await page.getByRole('button', { name: 'Add condition', exact: true }).click();
  const condition = page.getByTestId('screen-condition').last();
  await condition.getByLabel('Figure').selectOption({ label: 'Price' });
  const value = condition.getByLabel('Value');
  await value.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('1.5x', { delay: 40 });
  await expect(value).toHaveValue('1.5x');
  await expect(condition.getByTestId('screen-field-problem')).toHaveText('Value must be a number, not “1.5x”.');
  await page.keyboard.press('Backspace');
  await expect(value).toHaveValue('1.5');
  await expect(condition.getByTestId('screen-field-problem')).toHaveCount(0);
  await rowsShown(page);
  await expect.poll(async () => (await prices(page)).every((price) => price > 1.5), { timeout: 20_000 }).toBe(true);

  // Sorted by price, highest first, then lowest first.
  const table = page.getByTestId('screen-table-scroll');
  await table.getByRole('button', { name: 'Price', exact: true }).click();
  await expect(table.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(async () => {
      const shown = await prices(page);
      return shown.length > 1 && shown.every((price, index) => index === 0 || (shown[index - 1] ?? 0) >= price);
    })
    .toBe(true);
  await table.getByRole('button', { name: 'Price', exact: true }).click();
  await expect(table.getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'ascending');
  await expect
    .poll(async () => {
      const shown = await prices(page);
      return shown.length > 1 && shown.every((price, index) => index === 0 || (shown[index - 1] ?? 0) <= price);
    })
    .toBe(true);
  await expect(page.getByTestId('screen-row').first().locator('svg polyline')).toHaveAttribute('points', /,/);
  await page.screenshot({ path: testInfo.outputPath('screener-desktop.png') });

  // Saved under a name typed at a typist's pace, and its link taken.
  const name = page.getByLabel('Name', { exact: true });
  // The preset named the screen: typed over.
  await name.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Active above 1.5', { delay: 40 });
  await expect(name).toHaveValue('Active above 1.5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Saved “Active above 1.5”.')).toBeVisible();
  await expect(page.getByTestId('saved-screens').locator('option', { hasText: 'Active above 1.5' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByTestId('screen-link').inputValue();
  expect(link).toMatch(/[?&]tab=screener&screen=[A-Za-z0-9_-]+$/);

  // A row opens its chart.
  const first = page.getByTestId('screen-row').first();
  const symbol = await first.getAttribute('data-symbol');
  expect(symbol).toMatch(/\.US$/);
  await first.click();
  await expect(page).toHaveURL(new RegExp(`symbol=${(symbol ?? '').replace('.', '\\.')}.*tab=chart`));
  await expect(page.getByTestId('symbol-header')).toContainText(symbol ?? '');

  // The link in another browser: the same screen, by name, with its condition and its rows.
  const other = await browser.newContext({ baseURL, locale: 'en-US' });
  try {
    const second = await other.newPage();
    await second.goto(link);
    await expect(second.getByRole('tab', { name: 'Screener' })).toHaveAttribute('aria-selected', 'true');
    await expect(second.getByLabel('Name', { exact: true })).toHaveValue('Active above 1.5', { timeout: 20_000 });
    await expect(second.getByTestId('screen-condition').last().getByLabel('Value')).toHaveValue('1.5');
    await rowsShown(second);
    await expect(second.getByTestId('screen-table-scroll').getByRole('columnheader', { name: 'Price' })).toHaveAttribute('aria-sort', 'ascending');
    // Opened, not saved: the other browser has no saved screens.
    await expect(second.getByTestId('saved-screens').locator('option')).toHaveCount(1);
  } finally {
    await other.close();
  }
});

test('a bad link is reported, and nothing is saved', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US&tab=screener&screen=bm90LWEtc2NyZWVu');
  await expect(page.getByText('The screen in the link could not be read (not a screen); nothing was opened or saved.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('saved-screens').locator('option')).toHaveCount(1);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the screener is a tab of the chart screen; a tapped row shows its chart', async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    await page.goto('/?symbol=AAPL.US&tab=screener');
    await expect(page.getByTestId('screener')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('screen-preset').selectOption({ label: 'Top gainers' });
    await rowsShown(page);
    await page.screenshot({ path: testInfo.outputPath('screener-phone.png') });
    await page.getByTestId('screen-table-scroll').scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('screener-phone-table.png') });
    const first = page.getByTestId('screen-row').first();
    const symbol = (await first.getAttribute('data-symbol')) ?? '';

    // No figure is cut: each fits its cell (only names and boards may end in an ellipsis).
    const cut = await page.getByTestId('screen-row').evaluateAll((rows) =>
      rows.flatMap((row) =>
        [...row.querySelectorAll<HTMLElement>('td[data-col]')]
          .filter((cell) => cell.dataset.col !== 'board')
          .filter((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            const style = getComputedStyle(cell);
            return range.getBoundingClientRect().width > cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) + 0.5;
          })
          .map((cell) => `${cell.dataset.col ?? ''} ${cell.textContent}`),
      ),
    );
    expect(cut).toEqual([]);
    // Scrolled sideways, the symbol stays in view.
    const scroller = page.getByTestId('screen-table-scroll');
    await expect(scroller).toHaveAttribute('data-scrolled', 'false');
    await scroller.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    await expect(scroller).toHaveAttribute('data-scrolled', 'true');
    const area = await scroller.boundingBox();
    const symbolCell = await first.locator('th').boundingBox();
    if (!area || !symbolCell) throw new Error('no box');
    expect(symbolCell.x).toBeGreaterThanOrEqual(area.x - 1);
    expect(symbolCell.x + symbolCell.width).toBeLessThanOrEqual(area.x + area.width + 1);
    await page.screenshot({ path: testInfo.outputPath('screener-phone-sideways.png') });
    await scroller.evaluate((element) => {
      element.scrollLeft = 0;
    });

    await first.locator('td').first().tap();
    await expect(page).toHaveURL(new RegExp(`symbol=${symbol.replace('.', '\\.')}.*tab=chart`));
  });
});

test.describe('in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('every word of the screener is in the language', async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    await page.goto('/?symbol=700.HK&tab=screener&lang=zh-CN');
    await expect(page.getByRole('tab', { name: '选股器' })).toHaveAttribute('aria-selected', 'true');
    await page.getByTestId('screen-preset').selectOption({ label: '成交最活跃' });
    await rowsShown(page);
    await page.getByRole('button', { name: '添加条件', exact: true }).click();
    await page.screenshot({ path: testInfo.outputPath('screener-zh-CN.png') });
  });
});
