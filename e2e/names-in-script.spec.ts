/**
 * Names in the language's script (issue #31, "Languages"): the header, a watchlist row and the
 * HK table name 700.HK, 5.HK and AAPL.US in English (HK stocks by their English names), zh-CN
 * (Simplified: 苹果), zh-TW and zh-HK (Traditional: 騰訊控股, 滙豐控股), with HK codes as Hong
 * Kong writes them (00700) and the symbol as 700.HK; a switch renders them again at once. An
 * alert's log line, logged in English, reads in the new language after a switch. The search
 * palette names them as the header does. A-shares, which the data names in Simplified only, read
 * in Traditional in zh-TW and zh-HK (each region's forms: 茅臺 in Taiwan, 茅台 in Hong Kong).
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { findRise, iso, T0 } from './price-rise.ts';
import { resetSimulator, setClock } from './sim-control.ts';

const SHOTS = 'test-results/shots-names';
mkdirSync(SHOTS, { recursive: true });

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

type Lang = 'en' | 'zh-CN' | 'zh-TW' | 'zh-HK';

/** What each place should read, per language, for the three stocks (the simulator's names). */
const NAMES: Record<Lang, { tencent: string; hsbc: string; apple: RegExp }> = {
  en: { tencent: 'TENCENT', hsbc: 'HSBC HOLDINGS', apple: /^Apple/ },
  'zh-CN': { tencent: '腾讯控股', hsbc: '汇丰控股', apple: /^苹果$/ },
  'zh-TW': { tencent: '騰訊控股', hsbc: '滙豐控股', apple: /^蘋果$/ },
  'zh-HK': { tencent: '騰訊控股', hsbc: '滙豐控股', apple: /^蘋果$/ },
};

/** The header's language switch, whatever language its label is in. */
async function switchLanguage(page: Page, language: Lang): Promise<void> {
  await page
    .locator('select')
    .filter({ has: page.locator('option[value="zh-HK"]') })
    .selectOption(language);
}

function watchlistName(page: Page, symbol: string): Locator {
  return page.locator(`[data-testid="watchlist-row"][data-symbol="${symbol}"]`).getByTestId('symbol-name');
}

/** The HK table's row for a code typed into its filter (the table is virtualised: filter first). */
async function hkRow(page: Page, code: string): Promise<Locator> {
  await page.getByTestId('hk-count').locator('xpath=..').locator('input[type="search"]').fill(code);
  const row = page.getByTestId('hk-row').first();
  await expect(row.locator('th')).toHaveText(code);
  return row.locator('td').first();
}

async function expectHkNames(page: Page, language: Lang): Promise<void> {
  const { tencent, hsbc } = NAMES[language];
  await expect(page.getByTestId('header-name')).toHaveText(`00700${tencent}`);
  await expect(watchlistName(page, '700.HK')).toHaveText(tencent);
  await expect(watchlistName(page, '5.HK')).toHaveText(hsbc);
  await expect(page.locator('[data-testid="watchlist-row"][data-symbol="5.HK"]').getByTestId('watchlist-code')).toHaveText('00005');
  await expect(await hkRow(page, '00005')).toHaveText(hsbc);
  await expect(await hkRow(page, '00700')).toHaveText(tencent);
  // The symbol stays as the contract writes it.
  await expect(page.getByTestId('symbol-header').locator('h1')).toHaveText('700.HK');
}

test('HK names in each language’s script, the codes as Hong Kong writes them, again at once on a switch', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/?symbol=700.HK&interval=1d&tab=hk');
  await page.getByRole('tab', { name: 'Hong Kong' }).click();
  await expect(page.getByTestId('hk-count')).toHaveText(/^2,\d{3} securities$/, { timeout: 20_000 });
  await expectHkNames(page, 'en');
  await page.screenshot({ path: `${SHOTS}/hk-en.png` });
  for (const language of ['zh-CN', 'zh-TW', 'zh-HK'] as const) {
    await switchLanguage(page, language);
    await expectHkNames(page, language);
    await page.screenshot({ path: `${SHOTS}/hk-${language}.png` });
  }
});

test('the search palette names 700.HK as the header does in each language, the data’s own name beside it', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect(page.getByTestId('header-name')).toHaveText(NAMES.en.apple, { timeout: 15_000 });
  for (const language of ['en', 'zh-TW', 'zh-CN'] as const) {
    await switchLanguage(page, language);
    await page.keyboard.press('Control+k');
    const field = page.getByRole('dialog').locator('input[role="combobox"]');
    await expect(field).toBeFocused();
    await page.keyboard.type('00700', { delay: 40 });
    const option = page.locator('[data-testid="search-option"][data-symbol="700.HK"]');
    // The name the header shows first; the product list's own (腾讯控股) beside it when that differs.
    await expect(option).toContainText(NAMES[language].tencent);
    if (language === 'en') {
      await expect(option).toContainText(/TENCENT\s*腾讯控股/);
      await expect(page.locator('[data-testid="search-option"][data-symbol="5.HK"]')).toHaveCount(0);
    }
    await page.screenshot({ path: `${SHOTS}/palette-${language}.png` });
    await page.keyboard.press('Escape');
    await expect(field).toBeHidden();
  }
});

test('AAPL.US: Simplified in zh-CN, Traditional in zh-TW, its own name in English, in the header and its watchlist row', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US&interval=1d');
  for (const language of ['zh-CN', 'zh-TW', 'en'] as const) {
    await switchLanguage(page, language);
    await expect(page.getByTestId('header-name')).toHaveText(NAMES[language].apple, { timeout: 15_000 });
    await expect(watchlistName(page, 'AAPL.US')).toHaveText(NAMES[language].apple);
    // No HK code beside a US name.
    await expect(page.getByTestId('header-name')).not.toContainText('0');
  }
  await page.screenshot({ path: `${SHOTS}/aapl-en.png` });
});

test('an alert’s log line, logged in English, reads in the new language after a switch', async ({ page, request }) => {
  const { p0, t1, p1 } = await findRise(request, 'AAPL.US');
  const level = Number(((p0 + p1) / 2).toFixed(4));
  await setClock(request, iso(T0), true);
  await page.goto('/?symbol=AAPL.US&interval=1d&adjust=none');
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Alerts' }).click();
  await page.getByRole('button', { name: '+ New alert' }).click();
  const dialog = page.getByRole('dialog', { name: 'New alert' });
  await expect(dialog.getByTestId('alert-dialog-last')).toContainText('Last price');
  await dialog.getByLabel('Price level').fill(String(level));
  await dialog.getByLabel('Direction').selectOption({ label: 'Crossing up' });
  await dialog.getByRole('button', { name: 'Create alert' }).click();
  await expect(dialog).toBeHidden();

  await setClock(request, iso(t1), true);
  const line = page.getByTestId('alert-log-entry');
  await expect(line).toContainText('AAPL.US crossed above', { timeout: 15_000 });
  await page.screenshot({ path: `${SHOTS}/alert-log-en.png` });

  await switchLanguage(page, 'zh-CN');
  await expect(line).toContainText('AAPL.US 已向上穿越');
  await expect(line).not.toContainText('crossed');
  await page.screenshot({ path: `${SHOTS}/alert-log-zh-CN.png` });
  // A reload reads the stored line in the language of the page, too.
  await page.reload();
  await page.getByRole('tab', { name: '提醒' }).click();
  await expect(page.getByTestId('alert-log-entry')).toContainText('AAPL.US 已向上穿越');
});

test('A-shares (Simplified names only in the data) read in Traditional in zh-TW and zh-HK: header, watchlist row, palette', async ({ page }) => {
  const expected: Record<'zh-CN' | 'zh-TW' | 'zh-HK', { moutai: string; catl: string; bank: string }> = {
    'zh-CN': { moutai: '贵州茅台', catl: '宁德时代', bank: '招商银行' },
    'zh-TW': { moutai: '貴州茅臺', catl: '寧德時代', bank: '招商銀行' },
    'zh-HK': { moutai: '貴州茅台', catl: '寧德時代', bank: '招商銀行' },
  };
  await page.goto('/?symbol=600519.SH&interval=1d');
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible({ timeout: 15_000 });
  for (const language of ['zh-TW', 'zh-HK', 'zh-CN'] as const) {
    const names = expected[language];
    await switchLanguage(page, language);
    await expect(page.getByTestId('header-name')).toHaveText(names.moutai);
    await page.getByRole('tab', { name: 'A股' }).click();
    await expect(watchlistName(page, '300750.SZ')).toHaveText(names.catl);
    await expect(watchlistName(page, '600036.SH')).toHaveText(names.bank);
    await page.screenshot({ path: `${SHOTS}/a-shares-${language}.png` });
    // Typed in Simplified, as the data has it: the palette names the match as the header would.
    await page.keyboard.press('Control+k');
    const field = page.getByRole('dialog').locator('input[role="combobox"]');
    await expect(field).toBeFocused();
    await page.keyboard.type('300750', { delay: 40 });
    const option = page.locator('[data-testid="search-option"][data-symbol="300750.SZ"]');
    await expect(option).toContainText(names.catl);
    if (language !== 'zh-CN') await expect(option).not.toContainText('宁德时代');
    // Typed in Traditional, in any language: the search folds both scripts to one.
    await field.press('Control+a');
    await page.keyboard.type('貴州茅臺', { delay: 40 });
    await expect(page.getByTestId('search-option').first()).toHaveAttribute('data-symbol', '600519.SH');
    await expect(page.getByTestId('search-option').first()).toContainText(names.moutai);
    await page.keyboard.press('Escape');
    await expect(field).toBeHidden();
  }
});

test('a page opened in Traditional Chinese never shows a name in Simplified first, in the shell or the app (600519.SH, 700.HK)', async ({ page }) => {
  // Every text the header takes, from the static shell's quote to the app's.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { namesSeen: string[] }).namesSeen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('.app-header')?.textContent ?? '';
      if (text !== '' && seen.at(-1) !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  for (const [symbol, traditional, simplified] of [
    ['600519.SH', '貴州茅臺', '贵州茅台'],
    ['700.HK', '騰訊控股', '腾讯控股'],
  ] as const) {
    await page.goto(`/?symbol=${symbol}&interval=1d&lang=zh-TW`);
    await expect(page.getByTestId('header-name')).toContainText(traditional, { timeout: 15_000 });
    const seen = await page.evaluate(() => (window as unknown as { namesSeen: string[] }).namesSeen);
    expect(seen.some((text) => text.includes(traditional))).toBe(true);
    expect(seen.filter((text) => text.includes(simplified))).toEqual([]);
  }
});
