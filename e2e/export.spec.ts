/**
 * Export: the chart's candles as CSV equal the API's K-lines for the same window, row by row; the
 * chart's PNG has the chart's size plus the caption strip and shows the candles; a watchlist's
 * CSV has one record per symbol with the ticker's numbers. On a frozen simulator clock, so the
 * page and the test's own requests see the same market.
 */
import { readFile, copyFile, mkdir } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { apiData } from './api-data.ts';
import { expect, test } from './fixtures.ts';
import { unfoldToolbar } from './toolbar.ts';
import type { KlineJson } from '../server/sim/test-support.ts';
import { chartLoaded, openExportMenu, parseCsv } from './chart-csv.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

/** Where the journey leaves the images and menus it makes, for a person to look at. */
const SHOTS = process.env.EXPORT_SHOTS_DIR ?? 'test-results/export-shots';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
  await setClock(request, DEFAULT_SIM_NOW, true);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

async function downloaded(download: Download): Promise<Buffer> {
  const path = await download.path();
  return readFile(path);
}

/** Wall clock of `ms` in `timeZone` as the CSV writes it, computed here independently of the app. */
function wallClock(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(ms))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

for (const { symbol, interval, adjust, zone, timeZone } of [
  { symbol: 'AAPL.US', interval: '1d', adjust: 'forward', zone: 'market', timeZone: 'America/New_York' },
  { symbol: 'BTCUSDT', interval: '1h', adjust: undefined, zone: 'utc', timeZone: 'UTC' },
] as const) {
  test(`the ${symbol} ${interval} CSV holds the API's K-lines for the same window, row by row`, async ({ page, request }) => {
    await page.goto(`/?symbol=${symbol}&interval=${interval}&tz=${zone}${adjust ? `&adjust=${adjust}` : ''}`);
    await chartLoaded(page);
    const menu = await openExportMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Candles (CSV)' })).toBeEnabled();
    const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: 'Candles (CSV)' }).click()]);
    await expect(menu).toBeHidden();
    await mkdir(SHOTS, { recursive: true });
    await copyFile(await download.path(), `${SHOTS}/${download.suggestedFilename()}`);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^${symbol.replace('.', '\\.')}_${interval}_${adjust ? `${adjust}_` : ''}\\d{4}-\\d\\d-\\d\\dT\\d{4}\\.csv$`),
    );

    const [comment, header, ...rows] = parseCsv((await downloaded(download)).toString('utf8'));
    expect(comment).toHaveLength(1);
    expect(comment?.[0]).toMatch(
      new RegExp(`^# ${symbol} ${interval} adjust=${adjust ?? 'none'} zone=${timeZone} exported \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ$`),
    );
    expect(header?.slice(0, 7)).toEqual([`time (${timeZone})`, 'time_ms', 'open', 'high', 'low', 'close', 'volume']);
    expect(rows.length).toBeGreaterThan(50);

    // The chart is the history (completed K-lines) and the forming K-line after it, each asked of
    // its own endpoint: the test asks both for the same window.
    const times = rows.map((row) => Number(row[1]));
    const params = { interval, ...(adjust && { adjust }) };
    const [forming] = (await apiData<{ klines: KlineJson[] }[]>(request, '/v1/market/kline/latest', { symbols: symbol, ...params }))[0]?.klines ?? [];
    expect(forming?.time).toBe(times.at(-1));
    const history = (
      await apiData<{ klines: KlineJson[] }>(request, '/v1/market/kline', {
        symbol,
        ...params,
        start_time: times[0] ?? 0,
        end_time: (times.at(-2) ?? 0) + 1,
        limit: 1000,
      })
    ).klines.sort((a, b) => a.time - b.time);
    const klines = [...history.filter((k) => k.time < (forming?.time ?? 0)), ...(forming ? [forming] : [])];
    expect(klines.map((k) => k.time)).toEqual(times);

    const columns = header ?? [];
    const cell = (row: string[], name: string) => row[columns.indexOf(name)];
    const decimals = new Set<number>();
    rows.forEach((row, i) => {
      const k = klines[i] as KlineJson;
      expect(cell(row, `time (${timeZone})`), `row ${String(i)}`).toBe(wallClock(k.time, timeZone));
      for (const name of ['open', 'high', 'low', 'close'] as const) {
        // Adjusted prices show at the stock's two decimals; the service writes four: within half a cent of it.
        if (adjust) expect(Math.abs(Number(cell(row, name)) - Number(k[name])), `${name} of row ${String(i)}`).toBeLessThanOrEqual(0.0051);
        else expect(Number(cell(row, name)), `${name} of row ${String(i)}`).toBe(Number(k[name]));
        decimals.add((cell(row, name) ?? '').split('.')[1]?.length ?? 0);
      }
      expect(Number(cell(row, 'volume')), `volume of row ${String(i)}`).toBe(Number(k.volume));
      if (columns.includes('quote_volume')) expect(cell(row, 'quote_volume')).toBe(k.quote_volume === undefined ? '' : String(Number(k.quote_volume)));
    });
    // Every price at one precision: the series'.
    expect(decimals.size).toBe(1);
    // An adjusted stock keeps its own precision, not the service's four decimals.
    if (adjust) expect([...decimals]).toEqual([2]);
  });
}

test.describe('at a device pixel ratio of 2', () => {
  test.use({ deviceScaleFactor: 2 });

  test('the chart PNG is the chart at device pixels under a caption strip, candles shown, in dark and light', async ({ page }) => {
    await mkdir(SHOTS, { recursive: true });
    await page.goto('/?symbol=AAPL.US&interval=1d&adjust=forward');
    await chartLoaded(page);

    for (const theme of ['dark', 'light'] as const) {
      if (theme === 'light') {
        await page.getByRole('button', { name: 'Switch to light theme' }).click();
        await expect(page.locator('html')).not.toHaveClass(/dark/);
      }
      const menu = await openExportMenu(page);
      await page.screenshot({ path: `${SHOTS}/export-menu-${theme}.png` });
      const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: 'Image (PNG)' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^AAPL\.US_1d_forward_\d{4}-\d\d-\d\dT\d{4}\.png$/);
      const png = await downloaded(download);
      await copyFile(await download.path(), `${SHOTS}/chart-${theme}.png`);

      const image = await page.evaluate(async (base64) => {
        const img = new Image();
        img.src = `data:image/png;base64,${base64}`;
        await img.decode();
        const canvas = document.createElement('canvas');
        canvas.width = img.naturalWidth;
        canvas.height = img.naturalHeight;
        const context = canvas.getContext('2d');
        if (!context) throw new Error('no 2d context');
        context.drawImage(img, 0, 0);
        const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
        const css = getComputedStyle(document.documentElement);
        const rgb = (name: string) => {
          const hex = css.getPropertyValue(name).trim().replace('#', '');
          return [0, 2, 4].map((at) => parseInt(hex.slice(at, at + 2), 16));
        };
        const up = rgb('--color-up');
        const down = rgb('--color-down');
        const near = (i: number, [r, g, b]: number[]) =>
          Math.abs((data[i] ?? 0) - (r ?? 0)) < 40 && Math.abs((data[i + 1] ?? 0) - (g ?? 0)) < 40 && Math.abs((data[i + 2] ?? 0) - (b ?? 0)) < 40;
        const colours = new Set<number>();
        let upPixels = 0;
        let downPixels = 0;
        for (let i = 0; i < data.length; i += 4) {
          colours.add(((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0));
          if (near(i, up)) upPixels++;
          else if (near(i, down)) downPixels++;
        }
        // The area the library's canvases cover (panes, axes), in CSS px, and their bitmaps' ratio.
        const canvases = [...document.querySelectorAll<HTMLCanvasElement>('[data-testid="main-chart"] canvas')];
        const rects = canvases.map((canvas) => canvas.getBoundingClientRect());
        const left = Math.min(...rects.map((r) => r.left));
        const top = Math.min(...rects.map((r) => r.top));
        return {
          width: img.naturalWidth,
          height: img.naturalHeight,
          ratio: window.devicePixelRatio,
          bitmapRatio: (canvases[0]?.width ?? 0) / (rects[0]?.width ?? 1),
          chartWidth: Math.max(...rects.map((r) => r.right)) - left,
          chartHeight: Math.max(...rects.map((r) => r.bottom)) - top,
          corner: [data[0], data[1], data[2]],
          colours: colours.size,
          upPixels,
          downPixels,
        };
      }, png.toString('base64'));

      expect(image.ratio).toBe(2);
      // The chart's canvases at their bitmaps' pixels (each canvas rounds its own bitmap: a pixel or
      // two). On a screen of ratio 2 those are device pixels; Chromium's emulated ratio leaves them
      // at CSS pixels until the chart is laid out again (its ResizeObserver reports CSS px).
      const bitmapRatio = image.bitmapRatio;
      expect([1, 2]).toContain(bitmapRatio);
      expect(Math.abs(image.width - image.chartWidth * bitmapRatio)).toBeLessThanOrEqual(2);
      // …under the caption strip, at the same ratio: 30 CSS px for one line, 48 when the chart is too
      // narrow for one, and a line more for the legend (the MA 20 and MA 50 shown by default).
      const strip = image.height - image.chartHeight * bitmapRatio;
      expect(Math.min(...[48, 66].map((css) => Math.abs(strip - css * bitmapRatio)))).toBeLessThanOrEqual(2);
      // The caption strip in the theme's chart background.
      expect(image.corner).toEqual(theme === 'dark' ? [0x0f, 0x17, 0x2a] : [0xff, 0xff, 0xff]);
      // Not blank: candles in both colours, text and grid in many shades.
      expect(image.colours).toBeGreaterThan(50);
      expect(image.upPixels).toBeGreaterThan(500);
      expect(image.downPixels).toBeGreaterThan(500);
    }
  });
});

test('the export menu by keyboard: Escape closes it back to its button, the toolbar around it left unfolded', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await chartLoaded(page);
  const menu = await openExportMenu(page);
  const more = page.getByRole('button', { name: 'More chart tools' });
  const unfolded = (await more.isVisible()) ? 'true' : null;
  // Focus in the menu (a portal outside the toolbar's box) does not fold the toolbar.
  await expect(menu.getByRole('menuitem', { name: 'Image (PNG)' })).toBeFocused();
  if (unfolded) await expect(more).toHaveAttribute('aria-expanded', unfolded);
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Copy image' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Candles (CSV)' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(page.getByRole('button', { name: 'Export', exact: true })).toBeFocused();
  if (unfolded) await expect(more).toHaveAttribute('aria-expanded', unfolded);
});

test('the watchlist CSV has one record per symbol, with the ticker’s numbers', async ({ page, request }) => {
  await mkdir(SHOTS, { recursive: true });
  await page.goto('/?symbol=AAPL.US');
  const rows = page.getByTestId('watchlist-row');
  await expect(rows.first()).toBeVisible({ timeout: 15_000 });
  const symbols = await rows.evaluateAll((items) => items.map((item) => item.getAttribute('data-symbol') ?? ''));
  expect(symbols.length).toBeGreaterThan(2);
  for (const last of await page.getByTestId('watchlist-last').all()) await expect(last).toHaveText(/\d/, { timeout: 15_000 });

  const listName = (await page.getByRole('tab', { selected: true }).first().textContent()) ?? '';
  const button = page.getByRole('button', { name: `Export CSV: ${listName.trim()}` });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toMatch(/^watchlist_[\w.-]+_\d{4}-\d\d-\d\dT\d{4}\.csv$/);
  await copyFile(await download.path(), `${SHOTS}/watchlist.csv`);
  const [header, ...records] = parseCsv((await downloaded(download)).toString('utf8'));
  expect(header).toEqual(['symbol', 'name', 'last', 'change', 'change %', 'volume', 'time (UTC)']);
  expect(records.map((record) => record[0])).toEqual(symbols);

  const tickers = await apiData<
    {
      symbol: string;
      name?: string;
      last_price: string;
      price_change_24h?: string;
      price_change_percent_24h?: string;
      volume_24h?: string;
      timestamp: number;
    }[]
  >(request, '/v1/market/ticker', { symbols: symbols.join(',') });
  for (const [i, record] of records.entries()) {
    const [symbol, name, last, change, percent, volume, time] = record;
    const ticker = tickers.find((t) => t.symbol === symbol);
    expect(ticker, `${String(symbol)} has a ticker`).toBeDefined();
    if (!ticker) continue;
    expect(name).toBe(ticker.name ?? '');
    expect(Number(last), `last of ${String(symbol)}`).toBe(Number(ticker.last_price));
    if (ticker.price_change_24h !== undefined) expect(Number(change), `change of ${String(symbol)}`).toBe(Number(ticker.price_change_24h));
    if (ticker.price_change_percent_24h !== undefined) expect(Number(percent), `change % of ${String(symbol)}`).toBe(Number(ticker.price_change_percent_24h));
    expect(Number(volume)).toBe(Number(ticker.volume_24h));
    expect(time).toBe(wallClock(ticker.timestamp, 'UTC'));
    // And what the row shows.
    const shown = (await rows.nth(i).getByTestId('watchlist-last').textContent()) ?? '';
    expect(Number(shown.replaceAll(',', ''))).toBe(Number(last));
  }
});

test('the chart PNG carries the chart’s legend: each indicator’s values and each compared symbol in its line’s colour under the caption', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect(page.getByTestId('chart-legend')).toBeVisible({ timeout: 15_000 });
  await unfoldToolbar(page);
  await page.getByRole('button', { name: /^Compare/ }).click();
  const field = page.getByRole('dialog', { name: 'Compare with other symbols' }).getByRole('combobox', { name: 'Symbol to compare' });
  await field.fill('700.HK');
  await field.press('Enter');
  await page.keyboard.press('Escape');
  const row = page.getByTestId('compare-legend').locator('[data-symbol="700.HK"]');
  await expect(row.locator('dd')).toHaveText(/%$/, { timeout: 15_000 });
  const colour = await row.evaluate((element) => getComputedStyle(element).color);
  // MA 50's value (MA 20's orange is near the candles' colours): the indicators' rows come first.
  const indicatorColour = await page
    .getByTestId('indicator-legend')
    .filter({ hasText: 'MA 50' })
    .getByTestId('indicator-legend-value')
    .evaluate((element) => getComputedStyle(element).color);
  await page.mouse.move(0, 0);

  const menu = await openExportMenu(page);
  const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('menuitem', { name: 'Image (PNG)' }).click()]);
  const png = await downloaded(download);
  await mkdir(SHOTS, { recursive: true });
  await copyFile(await download.path(), `${SHOTS}/chart-compared.png`);
  const found = await page.evaluate(
    async ({ base64, colours }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${base64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2d context');
      context.drawImage(img, 0, 0);
      const chart = [...document.querySelectorAll('[data-testid="main-chart"] canvas')].map((element) => element.getBoundingClientRect());
      const chartHeight = (Math.max(...chart.map((r) => r.bottom)) - Math.min(...chart.map((r) => r.top))) * window.devicePixelRatio;
      const strip = Math.round(img.naturalHeight - chartHeight);
      const { data } = context.getImageData(0, 0, canvas.width, strip);
      const pixels = colours.map((colour) => {
        const [r, g, b] = (colour.match(/\d+/g) ?? []).map(Number);
        let count = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (Math.abs((data[i] ?? 0) - (r ?? 0)) < 30 && Math.abs((data[i + 1] ?? 0) - (g ?? 0)) < 30 && Math.abs((data[i + 2] ?? 0) - (b ?? 0)) < 30) count++;
        }
        return count;
      });
      return { strip: strip / window.devicePixelRatio, pixels };
    },
    { base64: png.toString('base64'), colours: [colour, indicatorColour] },
  );
  // The caption's line (or two) and the legend's line under it.
  expect([48, 66].some((css) => Math.abs(found.strip - css) <= 1)).toBe(true);
  // The compared symbol's text and MA 50's value in their lines' colours, in the strip above the chart.
  expect(found.pixels[0]).toBeGreaterThan(20);
  expect(found.pixels[1]).toBeGreaterThan(20);
});

test('Copy image puts the chart’s PNG on the clipboard, as the download has it', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect(page.getByTestId('chart-legend')).toBeVisible({ timeout: 15_000 });
  const menu = await openExportMenu(page);
  await menu.getByRole('menuitem', { name: 'Copy image' }).click();
  await expect(page.getByText('The chart image is on the clipboard.')).toBeVisible();
  const copied = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    if (!item) return undefined;
    const blob = await item.getType('image/png');
    const bitmap = await createImageBitmap(blob);
    const chart = [...document.querySelectorAll('[data-testid="main-chart"] canvas')].map((element) => element.getBoundingClientRect());
    const chartWidth = Math.max(...chart.map((r) => r.right)) - Math.min(...chart.map((r) => r.left));
    return { types: item.types, width: bitmap.width, chartWidth: chartWidth * window.devicePixelRatio, bytes: blob.size };
  });
  expect(copied?.types).toContain('image/png');
  expect(Math.abs((copied?.width ?? 0) - (copied?.chartWidth ?? 0))).toBeLessThanOrEqual(2);
  expect(copied?.bytes).toBeGreaterThan(5_000);
});
