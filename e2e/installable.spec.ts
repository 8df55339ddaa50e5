/**
 * Installable (issue #33, part 1): the web app manifest and its icons as the server sends them,
 * Chromium's own installability check with nothing to complain about, and the manifest's two
 * shortcuts (`/?open=search`, `/?open=watchlist`) doing what they say once, then leaving the URL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { resetSimulator } from './sim-control.ts';

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  categories: string[];
  icons: ManifestIcon[];
  shortcuts: { name: string; url: string; icons: ManifestIcon[] }[];
}

/** A PNG's size from its IHDR (the first chunk, right after the 8-byte signature), and whether it has an alpha channel. */
function pngHeader(bytes: Buffer): { width: number; height: number; alpha: boolean } {
  expect(bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), 'PNG signature').toBe(true);
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  // Colour types 4 and 6 carry alpha (grey + alpha, RGBA).
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20), alpha: [4, 6].includes(bytes[25] ?? -1) };
}

/** Fetches an icon: 200, image/png, and its pixel size. */
async function fetchPng(request: APIRequestContext, src: string): Promise<{ width: number; height: number; alpha: boolean }> {
  const response = await request.get(src);
  expect(response.status(), src).toBe(200);
  expect(response.headers()['content-type'], src).toMatch(/^image\/png/);
  return pngHeader(await response.body());
}

test('the manifest names the app, its colours, icons and shortcuts, and every icon is a PNG of its stated size', async ({ request }) => {
  const response = await request.get('/manifest.webmanifest');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as WebManifest;
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Chartroom',
    short_name: 'Chartroom',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    categories: ['finance'],
  });
  expect(manifest.description.length).toBeGreaterThan(0);
  // The dark theme's header (slate-900) and page (slate-950), as Chromium draws them (src/app/layout.css).
  expect(manifest.theme_color).toBe('#0f172b');
  expect(manifest.background_color).toBe('#020618');
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose ?? 'any'}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
    ['Search', '/?open=search'],
    ['Watchlist', '/?open=watchlist'],
  ]);

  const icons = [...manifest.icons, ...manifest.shortcuts.flatMap((shortcut) => shortcut.icons)];
  for (const icon of icons) {
    expect(icon.type, icon.src).toBe('image/png');
    const png = await fetchPng(request, icon.src);
    expect(`${png.width}x${png.height}`, icon.src).toBe(icon.sizes);
    // A maskable icon is full bleed: nothing for a launcher's mask to show through.
    if (icon.purpose === 'maskable') expect(png.alpha, icon.src).toBe(false);
  }

  // The page links the manifest and the Apple touch icon (opaque too: iOS shows transparency black).
  const html = await (await request.get('/')).text();
  expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest"');
  const touchIcon = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(html)?.[1];
  expect(touchIcon).toBeDefined();
  expect(await fetchPng(request, touchIcon ?? '')).toEqual({ width: 180, height: 180, alpha: false });
});

test('Chromium finds the app installable: no installability errors', async ({ playwright, launchOptions, headless, baseURL }) => {
  // A profile of its own: the test's usual context is off the record, and Chromium never offers
  // to install from one (its only error there is `in-incognito`).
  const profile = mkdtempSync(join(tmpdir(), 'chartroom-installable-'));
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, headless, baseURL, serviceWorkers: 'allow' });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/?symbol=AAPL.US&interval=1d');
    await expect(page.getByTestId('symbol-header')).toContainText('AAPL.US', { timeout: 20_000 });
    const cdp = await context.newCDPSession(page);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the Search shortcut opens the search, which takes what is typed from the moment it shows', async ({ page }) => {
  await page.goto('/?symbol=700.HK&interval=1d&open=search');
  const field = page.getByRole('dialog', { name: 'Search symbols' }).getByLabel('Search symbols');
  await expect(field).toBeFocused({ timeout: 20_000 });
  await page.keyboard.type('AAPL', { delay: 40 });
  await expect(field).toHaveValue('AAPL');
  await expect(page.getByTestId('search-option').first()).toHaveAttribute('data-symbol', 'AAPL.US');
  // Done once: the link no longer opens the search, and keeps the rest.
  await expect(page).not.toHaveURL(/[?&]open=/);
  await expect(page).toHaveURL(/[?&]symbol=700\.HK(&|$)/);
});

test('the Watchlist shortcut on a wide screen unfolds a folded watchlist column', async ({ page }) => {
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await page.getByRole('button', { name: 'Hide watchlists' }).click();
  await expect(page.getByRole('button', { name: 'Show watchlists' })).toBeVisible();
  await page.goto('/?symbol=AAPL.US&interval=1d&open=watchlist');
  await expect(page.getByTestId('watchlist-row').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Show watchlists' })).toBeHidden();
  await expect(page).not.toHaveURL(/[?&]open=/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

  test('the Watchlist shortcut shows the watchlist screen', async ({ page }) => {
    await page.goto('/?symbol=AAPL.US&interval=1d&open=watchlist');
    const screens = page.getByRole('navigation', { name: 'Screens' });
    await expect(screens.getByRole('button', { name: 'Watchlist' })).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
    await expect(page.getByTestId('watchlist-row').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Main' })).toBeHidden();
    await expect(page).not.toHaveURL(/[?&]open=/);
  });
});

test("the browser's bar takes the user's theme, not only the system's", async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/?symbol=AAPL.US&interval=1d');
  const barColours = () => page.locator('meta[name="theme-color"]').evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content')));
  // The app opens dark: both colours are the dark header's, whatever the system prefers.
  await expect.poll(barColours).toEqual(['#0f172b', '#0f172b']);
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await expect.poll(barColours).toEqual(['#ffffff', '#ffffff']);
});
