/**
 * `npm run screenshots`: builds nothing, expects `dist/` (run `npm run build` first); starts the
 * production server on the simulator with a frozen clock and saves the main views as PNGs in
 * screenshots/ (git-ignored): desktop dark, desktop light, phone, and each tab.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { startServer } from '../e2e/start-server.ts';

const OUT = 'screenshots';
const SIM_NOW = process.env.SCREENSHOT_SIM_NOW ?? '2026-11-25T15:45:00Z';
const executablePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(1_500);
}

mkdirSync(OUT, { recursive: true });
const server = await startServer({ SIM_NOW, SIM_CLOCK: 'frozen' });
const browser = await chromium.launch({
  ...(executablePath && { executablePath }),
  args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
});
try {
  const desktop = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const shots: Array<[string, string]> = [
    ['desktop-dark-chart', '/?symbol=AAPL.US&interval=1d&tab=chart'],
    ['desktop-dark-intraday', '/?symbol=700.HK&tab=intraday'],
    ['desktop-dark-info', '/?symbol=700.HK&tab=info'],
    ['desktop-dark-trades', '/?symbol=AU2612&tab=trades'],
    ['desktop-dark-hk', '/?symbol=700.HK&tab=hk'],
    ['desktop-dark-book', '/?symbol=AAPL.US&tab=book'],
  ];
  for (const [name, path] of shots) {
    await desktop.goto(`${server.url}${path}`);
    await settle(desktop);
    await desktop.screenshot({ path: `${OUT}/${name}.png` });
    console.log(`${OUT}/${name}.png`);
  }
  await desktop.goto(`${server.url}/?symbol=600519.SH&interval=1h&tab=chart`);
  await settle(desktop);
  await desktop.getByRole('button', { name: /Switch to light theme/ }).click();
  await settle(desktop);
  await desktop.screenshot({ path: `${OUT}/desktop-light-chart.png` });
  console.log(`${OUT}/desktop-light-chart.png`);
  await desktop.keyboard.press('Control+k');
  await desktop.getByRole('dialog', { name: 'Search symbols' }).getByRole('combobox', { name: 'Search symbols' }).fill('00700.HK');
  await settle(desktop);
  await desktop.screenshot({ path: `${OUT}/desktop-light-search.png` });
  console.log(`${OUT}/desktop-light-search.png`);

  const phone = await browser.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  await phone.goto(`${server.url}/?symbol=700.HK&interval=1d&tab=chart`);
  await settle(phone);
  await phone.screenshot({ path: `${OUT}/phone-dark-chart.png`, fullPage: true });
  console.log(`${OUT}/phone-dark-chart.png`);
} finally {
  await browser.close();
  await server.stop();
}
