/**
 * Languages: a browser's language chooses English, Simplified or Traditional Chinese and the
 * region's up/down colours; the header's switch changes every panel at once and is remembered; a
 * contract error reads in the language; the palette finds a symbol by either script's name; and
 * the pseudo-locale finds no English left on any tab, dialog or error state.
 */
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { expect, test, withoutCarriedPage } from './fixtures.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';
import { pseudoText } from '../src/i18n/pseudo.ts';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

const SHOTS = process.env.I18N_SHOTS;

async function shot(page: Page, name: string): Promise<void> {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

async function pageIn(browser: Browser, baseURL: string | undefined, locale: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ locale, baseURL, viewport });
  return context.newPage();
}

/** The dark theme's up/down colours (src/lib/up-down-colors.ts). */
const GREEN = [0x4a, 0xde, 0x80] as const;
const RED = [0xf8, 0x71, 0x71] as const;

/**
 * The colour the chart drew its last candle in: of the rightmost pixel columns of the main pane
 * holding the theme's red or green (the last candle, and its price line in the same colour).
 */
async function lastCandleColour(page: Page): Promise<'red' | 'green' | undefined> {
  return page.evaluate(
    ([red, green]) => {
      const near = (data: Uint8ClampedArray, i: number, [r, g, b]: readonly number[]) =>
        Math.abs((data[i] ?? 0) - (r ?? 0)) < 30 &&
        Math.abs((data[i + 1] ?? 0) - (g ?? 0)) < 30 &&
        Math.abs((data[i + 2] ?? 0) - (b ?? 0)) < 30 &&
        (data[i + 3] ?? 0) > 200;
      let best: { x: number; colour: 'red' | 'green' } | undefined;
      for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[data-testid="main-chart"] canvas')) {
        const context = canvas.getContext('2d');
        if (!context || canvas.width < 50 || canvas.height < 50) continue;
        const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
        for (let x = width - 1; x >= 0 && (!best || x > best.x); x--) {
          let reds = 0;
          let greens = 0;
          for (let y = 0; y < height; y++) {
            const i = (y * width + x) * 4;
            if (near(data, i, red)) reds++;
            else if (near(data, i, green)) greens++;
          }
          // A candle's body, not a stray anti-aliased pixel.
          if (reds + greens >= 4) {
            best = { x, colour: reds >= greens ? 'red' : 'green' };
            break;
          }
        }
      }
      return best?.colour;
    },
    [RED, GREEN] as const,
  );
}

/** Whether the last candle rose, from the legend's open and close (as the chart colours it). */
async function lastCandleRose(page: Page): Promise<boolean> {
  const values = await page.getByTestId('chart-legend').locator('dd').allTextContents();
  // time, open, high, low, close, …
  const number = (text: string | undefined) => Number((text ?? '').replace(/[^\d.]/g, ''));
  return number(values[4]) >= number(values[1]);
}

async function chartDrawn(page: Page): Promise<void> {
  await expect.poll(() => lastCandleColour(page), { timeout: 20_000 }).toBeDefined();
}

test('a zh-CN browser opens in Simplified Chinese with red-up candles, a zh-HK one in Traditional with green-up', async ({ browser, baseURL, request }) => {
  // A frozen clock: the last candle stays the one the legend describes.
  await setClock(request, DEFAULT_SIM_NOW, true);
  const cn = await pageIn(browser, baseURL, 'zh-CN');
  await cn.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  await expect(cn.getByRole('tab', { name: '图表' })).toHaveAttribute('aria-selected', 'true');
  await expect(cn.getByRole('contentinfo', { name: '状态' })).toContainText('数据：');
  await expect(cn.getByRole('combobox', { name: '语言' })).toHaveValue('zh-CN');
  await expect(cn.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(cn).toHaveURL(/lang=zh-CN/);
  await chartDrawn(cn);
  const cnRose = await lastCandleRose(cn);
  expect(await lastCandleColour(cn)).toBe(cnRose ? 'red' : 'green');
  await expect(cn.getByTestId('chart-legend')).toContainText('收');
  await shot(cn, 'zh-CN-chart');
  await cn.getByRole('tab', { name: '市场', exact: true }).first().click();
  await expect(cn.getByTestId('next-change-HK')).toContainText(/后/);
  await shot(cn, 'zh-CN-markets');
  await cn.getByRole('tab', { name: '个股资料' }).click();
  await expect(cn.getByTestId('stock-info')).toContainText('总股本');
  await shot(cn, 'zh-CN-stock-info');
  await cn.getByRole('tab', { name: '港股' }).click();
  await expect(cn.getByTestId('hk-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(cn.getByTestId('hk-count')).toContainText('只证券');
  await shot(cn, 'zh-CN-hk-market');

  const hk = await pageIn(browser, baseURL, 'zh-HK');
  await hk.goto('/?symbol=AAPL.US&interval=1d&tab=chart');
  await expect(hk.getByRole('tab', { name: '圖表' })).toHaveAttribute('aria-selected', 'true');
  await expect(hk.getByRole('contentinfo', { name: '狀態' })).toContainText('數據：');
  await chartDrawn(hk);
  expect(await lastCandleRose(hk)).toBe(cnRose);
  // The same candle, the other convention.
  expect(await lastCandleColour(hk)).toBe(cnRose ? 'green' : 'red');
  await shot(hk, 'zh-HK-chart');
  await expect(hk.getByTestId('next-change-HK')).toContainText(/後/);
  await shot(hk, 'zh-HK-markets');
  await hk.getByRole('tab', { name: '個股資料' }).click();
  await expect(hk.getByTestId('stock-info')).toContainText('總股本');
  await shot(hk, 'zh-HK-stock-info');
  await hk.getByRole('tab', { name: '港股' }).click();
  await expect(hk.getByTestId('hk-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(hk.getByTestId('hk-count')).toContainText('隻證券');
  await shot(hk, 'zh-HK-hk-market');
  await cn.context().close();
  await hk.context().close();
});

test('the switch changes every panel at once, without a reload, and the choice survives one', async ({ browser, baseURL }) => {
  const page = await pageIn(browser, baseURL, 'en-US');
  await page.goto('/?symbol=700.HK&interval=1d&tab=chart');
  await expect(page.getByRole('tab', { name: 'Chart' })).toBeVisible();
  await expect(page.getByTestId('status-HK')).toBeVisible();
  await page.evaluate(() => {
    (window as unknown as { notReloaded: boolean }).notReloaded = true;
  });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('zh-TW');
  // Header, tabs, toolbar, watchlists, markets and status bar together.
  await expect(page.getByRole('button', { name: '搜尋代碼' }).or(page.getByTitle('搜尋代碼'))).toBeVisible();
  await expect(page.getByRole('tab', { name: '個股資料' })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: '時區' })).toBeVisible();
  await expect(page.getByRole('region', { name: '自選清單' })).toBeVisible();
  await expect(page.getByRole('contentinfo', { name: '狀態' })).toContainText('數據：');
  await expect(page.getByRole('heading', { name: 'US · 紐約' })).toBeVisible();
  await expect(page.getByTestId('chart-legend')).toContainText('收');
  await expect(page).toHaveURL(/lang=zh-TW/);
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  // zh-TW reads red for up: the colours followed the language (the user never chose them).
  await expect.poll(() => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-up').trim())).toBe('#f87171');

  await page.goto('/?symbol=700.HK&interval=1d&tab=chart');
  await expect(page.getByRole('tab', { name: '圖表' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('combobox', { name: '語言' })).toHaveValue('zh-TW');
  await page.getByRole('combobox', { name: '語言' }).selectOption('en');
  await expect(page.getByRole('tab', { name: 'Chart' })).toBeVisible();
  await expect(page).not.toHaveURL(/lang=/);
  await page.context().close();
});

test('a bad lang= falls back with a notice; a good one wins over the browser', async ({ browser, baseURL }) => {
  const page = await pageIn(browser, baseURL, 'zh-CN');
  await page.goto('/?symbol=AAPL.US&tab=chart&lang=klingon');
  await expect(page.getByRole('list', { name: '通知' })).toContainText('链接中的语言“klingon”无法识别，改为显示简体中文。');
  await page.goto('/?symbol=AAPL.US&tab=chart&lang=zh-HK');
  await expect(page.getByRole('tab', { name: '圖表' })).toBeVisible();
  await page.context().close();
});

test('a 1004 reads in Traditional Chinese in zh-HK', async ({ browser, baseURL }) => {
  const page = await pageIn(browser, baseURL, 'zh-HK');
  // The service refuses the K-lines for the plan (the contract's 1004), from the first request on.
  await page.route(/\/v1\/market\/kline\?/, (route) =>
    route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: 1004, message: 'Permission denied', data: null }) }),
  );
  // The server carried no first page (refused to it too): the app's own request is refused.
  await withoutCarriedPage(page);
  await page.goto('/?symbol=MSFT.US&interval=1d&tab=chart');
  const alert = page.getByRole('tabpanel', { name: '圖表' }).getByRole('alert');
  await expect(alert).toContainText('您的方案不包含此數據。', { timeout: 20_000 });
  await expect(alert).toContainText('升級方案即可使用。');
  await expect(alert.getByRole('button', { name: '重試' })).toBeVisible();
  await shot(page, 'zh-HK-error');
  await page.context().close();
});

test('the palette finds 腾讯 and 騰訊 (700.HK) and names it in the language’s script', async ({ browser, baseURL }) => {
  const page = await pageIn(browser, baseURL, 'zh-HK');
  await page.goto('/?symbol=AAPL.US&tab=chart');
  for (const query of ['腾讯', '騰訊']) {
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: '搜尋代碼' });
    await dialog.getByRole('combobox', { name: '搜尋代碼' }).fill(query);
    const first = dialog.getByTestId('search-option').first();
    await expect(first).toContainText('700.HK');
    await expect(first).toContainText('騰訊控股');
    // The Traditional name alone: not the data's Simplified one beside it.
    await expect(first).not.toContainText('腾讯控股');
    await page.keyboard.press('Escape');
  }
  await page.context().close();
});

test('in Chinese the palette names a pair and the global market in the language, and the star names the default list', async ({ browser, baseURL }) => {
  const page = await pageIn(browser, baseURL, 'zh-CN');
  await page.goto('/?symbol=AAPL.US&tab=chart');
  // The header's watchlist button: the default list in the language, not its stored English name.
  await expect(page.getByTitle('AAPL.US 已在 美股科技')).toBeVisible();
  await page.keyboard.press('Control+K');
  const dialog = page.getByRole('dialog', { name: '搜索代码' });
  await dialog.getByRole('combobox', { name: '搜索代码' }).fill('gold');
  const gold = dialog.locator('[data-testid="search-option"][data-symbol="XAUUSD"]');
  await expect(gold).toContainText('黄金/美元');
  await expect(gold).toContainText('全球 · 外汇');
  await expect(gold).not.toContainText('Gold / US Dollar');
  await expect(gold).not.toContainText('GLOBAL');
  // The market filter too.
  await expect(dialog.locator('select option', { hasText: '全球' })).toHaveCount(1);
  await shot(page, 'zh-CN-palette-gold');
  await page.context().close();
});

/**
 * Text a user can see or hear: visible text nodes, and the names and hints of elements
 * (aria-label, title, placeholder, alt). Hidden elements are left out; screen-reader-only text is in.
 */
async function visibleText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = [];
    const shown = (element: Element): boolean => {
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 || box.height > 0 || element.classList.contains('sr-only');
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('script, style, svg, canvas, option') || !shown(parent)) continue;
      const text = node.textContent?.trim();
      if (text) texts.push(text);
    }
    for (const element of document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      if (!shown(element)) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) texts.push(value);
      }
    }
    return texts;
  });
}

/**
 * Words that are the same in every language: symbols and codes from the data (tickers, markets,
 * currencies, exchanges, zones), units and intervals, indicator and format names, key names,
 * the product's name and the languages' own names in the switch.
 */
const ALLOWED =
  /^(?:[A-Z0-9]{1,12}(?:[.\-/][A-Z0-9]{1,8})*|\d+[a-zA-Z]{1,3}|MA|EMA|MACD|RSI|UTC|GMT|CSV|PNG|HTTP|API|IP|Ctrl|Alt|Shift|Enter|Esc|Delete|Tab|Chartroom|English|MARKET_API_KEY|[A-Z][a-z]+\/[A-Z][a-z_]+|ms|vs)$/;

/** IANA zone ids (Asia/Hong_Kong): the zone's name in every language. */
const ZONE_ID = /\b[A-Z][a-z]+\/[A-Z][A-Za-z_]+\b/g;
/** Month and weekday names: `Intl` writes dates in the pseudo-locale's formatting language (en). */
const DATE_WORDS = new Set(
  Array.from({ length: 12 }, (_, month) => [
    new Date(Date.UTC(2026, month, 1)).toLocaleString('en-GB', { month: 'long', timeZone: 'UTC' }),
    new Date(Date.UTC(2026, month, 1)).toLocaleString('en-GB', { month: 'short', timeZone: 'UTC' }),
  ])
    .flat()
    .concat(
      Array.from({ length: 7 }, (_, day) => {
        const long = new Date(Date.UTC(2024, 0, day + 1)).toLocaleString('en-GB', { weekday: 'long', timeZone: 'UTC' });
        // The calendar's column heads: the long name's first two letters (Mo, Tu).
        return [long, long.slice(0, 2), new Date(Date.UTC(2024, 0, day + 1)).toLocaleString('en-GB', { weekday: 'short', timeZone: 'UTC' })];
      }).flat(),
    ),
);

/** English words outside the pseudo-locale's brackets, less data and ALLOWED words. */
function untranslated(texts: readonly string[], dataWords: ReadonlySet<string>): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    // Innermost brackets first: a translated message may hold another one ({phase}, {rule}).
    let outside = text.replace(ZONE_ID, ' ');
    for (let before = ''; before !== outside;) {
      before = outside;
      outside = outside.replace(/\[[^[\]]*\]/g, ' ');
    }
    for (const word of outside.match(/[A-Za-z][A-Za-z_'’]+/g) ?? []) {
      if (!ALLOWED.test(word) && !dataWords.has(word) && !DATE_WORDS.has(word)) found.add(`${word}  ←  ${text.slice(0, 80)}`);
    }
  }
  return [...found];
}

/**
 * Collects the English words left on the page (untranslated) at each `check`: the words of the
 * catalogue's names and of the user's watchlists' names (`addListNames`) are data, not the app's.
 */
async function englishFinder(page: Page, request: APIRequestContext) {
  // Names and symbols come from the data: the products' names are not the app's words.
  const catalogue = (await (await request.get('/chartroom/catalog')).json()) as { entries: string[][] };
  const dataWords = new Set(catalogue.entries.flatMap((entry) => `${entry[3] ?? ''} ${entry[4] ?? ''}`.match(/[A-Za-z][A-Za-z_'’]+/g) ?? []));
  // So are the names of the user's watchlists (the first visit's lists are named once, in English).
  const wordsOf = (text: string) => text.match(/[A-Za-z][A-Za-z_'’]+/g) ?? [];
  const addListNames = async () => {
    const saved = await page.evaluate(() => localStorage.getItem('chartroom') ?? '{}');
    const lists = (JSON.parse(saved) as { state?: { watchlists?: { name: string }[] } }).state?.watchlists ?? [];
    for (const list of lists) for (const word of wordsOf(list.name)) dataWords.add(word);
  };
  const problems: string[] = [];
  const check = async (where: string) => {
    // Let the panel settle (its data in, its loading lines gone) before reading it.
    await page.waitForTimeout(0);
    for (const word of untranslated(await visibleText(page), dataWords)) problems.push(`${where}: ${word}`);
  };
  return { addListNames, check, problems };
}

/**
 * Switches a page open in English to the pseudo-locale with the language select, as a user
 * switches to Chinese (the select offers the pseudo-locale only on a page opened in it).
 */
async function switchToPseudo(select: Locator): Promise<void> {
  await select.evaluate((element) => {
    const option = document.createElement('option');
    option.value = 'pseudo';
    option.textContent = '[Pseudo]';
    element.append(option);
  });
  await select.selectOption('pseudo');
}

test('the pseudo-locale leaves no English on any tab, dialog or error state', async ({ browser, baseURL, request }) => {
  test.setTimeout(120_000);
  const page = await pageIn(browser, baseURL, 'en-US');
  const { addListNames, check, problems } = await englishFinder(page, request);
  await page.goto('/?symbol=700.HK&interval=1d&tab=chart&lang=pseudo');
  await expect(page.getByRole('tab', { name: pseudoText('Chart') })).toHaveAttribute('aria-selected', 'true');
  await chartDrawn(page);
  await expect(page.getByTestId('status-HK')).toBeVisible();
  await addListNames();
  await check('chart');
  // Each tab once its content is in (what shows while it loads is checked on the way).
  const TABS = [
    ['Intraday', 'intraday-as-of'],
    ['Stock info', 'stock-info'],
    ['Trades', 'trade-row'],
    ['HK market', 'hk-row'],
    ['Order book', 'depth-ladder'],
  ] as const;
  for (const [tab, content] of TABS) {
    await page.getByRole('tab', { name: pseudoText(tab) }).click();
    await check(`${tab}, loading`);
    const panel = page.getByRole('tabpanel', { name: pseudoText(tab) });
    await expect(panel.getByTestId(content).first()).toBeVisible({ timeout: 20_000 });
    await check(tab);
  }
  await page.getByRole('tab', { name: pseudoText('Chart') }).click();
  await page.getByRole('tab', { name: pseudoText('Alerts') }).click();
  await check('alerts panel');
  // The search palette, typed into.
  await page.keyboard.press('Control+K');
  const palette = page.getByRole('dialog', { name: pseudoText('Search symbols') });
  await palette.getByRole('combobox', { name: pseudoText('Search symbols') }).fill('tencent');
  await expect(palette.getByTestId('search-option').first()).toBeVisible();
  await check('search palette');
  await page.keyboard.press('Escape');
  // The alert dialog, from a watchlist row.
  const [setAlertFor] = pseudoText('Set alert for {symbol}…').split('{symbol}');
  await page
    .getByTestId('watchlist-row')
    .first()
    .getByRole('button', { name: new RegExp(`^${(setAlertFor ?? '').replace(/[[\]]/g, '\\$&')}`) })
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await check('alert dialog');
  await page.keyboard.press('Escape');
  // An error state: an unknown symbol.
  await page.goto('/?symbol=ZZZZ.US&interval=1d&tab=chart&lang=pseudo');
  await expect(page.getByRole('tabpanel', { name: pseudoText('Chart') }).getByRole('alert')).toBeVisible({ timeout: 20_000 });
  await check('error state');
  expect([...new Set(problems)]).toEqual([]);
  await page.context().close();
});

test('switched at run time, no control keeps its English: the toolbar and its More menu on a phone, the desktop’s chart, the screener’s rows', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  for (const { viewport, tab, shown } of [
    { viewport: { width: 390, height: 844 }, tab: 'chart', shown: 'main-chart' },
    { viewport: { width: 1280, height: 800 }, tab: 'chart', shown: 'main-chart' },
    // Its rows are memoised: their labels must follow a switch too.
    { viewport: { width: 1280, height: 800 }, tab: 'screener', shown: 'screen-row' },
  ]) {
    const where = `${String(viewport.width)} px ${tab}`;
    const page = await pageIn(browser, baseURL, 'en-US', viewport);
    const { addListNames, check, problems } = await englishFinder(page, request);
    await page.goto(`/?symbol=700.HK&interval=1d&tab=${tab}`);
    if (tab === 'chart') await chartDrawn(page);
    await expect(page.getByTestId(shown).first()).toBeVisible({ timeout: 60_000 });
    await addListNames();
    const phone = viewport.width < 640;
    // A phone keeps the language among the display settings, behind one button.
    if (phone) await page.getByRole('button', { name: 'Display settings' }).click();
    await switchToPseudo(page.getByRole('combobox', { name: 'Language' }));
    await expect(page.getByRole('tab', { name: pseudoText('Chart') })).toBeAttached();
    if (phone) await page.keyboard.press('Escape');
    await check(where);
    // The compact toolbar's More menu: its buttons (Export, Compare…) in the new language too.
    const more = page.getByRole('button', { name: pseudoText('More chart tools') });
    if (await more.isVisible()) {
      await more.click();
      await check(`${where}, More menu`);
      await page.keyboard.press('Escape');
    }
    expect([...new Set(problems)]).toEqual([]);
    await page.context().close();
  }
});

for (const [locale, screens, markets] of [
  ['zh-CN', '画面', '市场'],
  ['zh-HK', '畫面', '市場'],
] as const) {
  test(`the phone layout in ${locale}`, async ({ browser, baseURL }) => {
    const page = await pageIn(browser, baseURL, locale, { width: 390, height: 844 });
    await page.goto('/?symbol=700.HK&interval=1d&tab=chart');
    await chartDrawn(page);
    await expect(page.getByRole('navigation', { name: screens })).toBeVisible();
    // The language is one of the display settings, behind one button on a phone.
    await page.getByRole('button', { name: locale === 'zh-CN' ? '显示设置' : '顯示設定' }).click();
    const languageSelect = page
      .getByRole('dialog', { name: locale === 'zh-CN' ? '显示设置' : '顯示設定' })
      .getByRole('combobox', { name: locale === 'zh-CN' ? '语言' : '語言' });
    await expect(languageSelect).toBeVisible();
    // The language's name whole (繁體中文（香港） was cut to 繁體中文（): as wide as a copy sized to its content.
    const widths = await languageSelect.evaluate((select) => {
      const copy = select.cloneNode(true) as HTMLSelectElement;
      copy.value = (select as HTMLSelectElement).value;
      Object.assign(copy.style, { position: 'absolute', maxWidth: 'none', fieldSizing: 'content' });
      select.after(copy);
      const natural = copy.getBoundingClientRect().width;
      copy.remove();
      return { shown: select.getBoundingClientRect().width, natural };
    });
    expect(widths.shown).toBeGreaterThanOrEqual(widths.natural - 1);
    await shot(page, `${locale}-phone`);
    await page.keyboard.press('Escape');
    await page.getByRole('navigation', { name: screens }).getByRole('button', { name: markets }).click();
    await expect(page.getByTestId('status-HK')).toBeVisible();
    await shot(page, `${locale}-phone-markets`);
    // An error state on the phone: an unknown symbol.
    await page.goto('/?symbol=ZZZZ.US&interval=1d&tab=chart');
    await expect(page.getByRole('tabpanel', { name: locale === 'zh-CN' ? '图表' : '圖表' }).getByRole('alert')).toContainText(
      locale === 'zh-CN' ? '未找到该代码。' : '找不到該代碼。',
      { timeout: 20_000 },
    );
    await shot(page, `${locale}-phone-error`);
    await page.context().close();
  });
}

test('a 360 px phone in zh-HK: the market’s state reads whole beside the display settings’ one button', async ({ browser, baseURL }) => {
  const page = await pageIn(browser, baseURL, 'zh-HK', { width: 360, height: 740 });
  await page.goto('/?symbol=700.HK&interval=1d&tab=chart');
  await chartDrawn(page);
  const phase = page.getByTestId('header-session').locator('.truncate');
  await expect(phase).not.toBeEmpty();
  expect(await phase.evaluate((element) => element.scrollWidth - element.clientWidth)).toBeLessThanOrEqual(1);
  await page.context().close();
});
