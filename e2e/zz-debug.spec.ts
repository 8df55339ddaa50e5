import { devices } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { candlePixels } from './chart-pixels.ts';
test.use({ serviceWorkers: 'allow', ...devices['Pixel 7'], locale: 'zh-CN' });
test('debug', async ({ page, context }) => {
  page.on('pageerror', (e) => console.log('pageerror', e.message));
  await page.goto('/?symbol=AAPL.US&interval=1d');
  await expect.poll(async () => (await candlePixels(page)).up, { timeout: 15_000 }).toBeGreaterThan(50);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
  await page.waitForTimeout(7000);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toBeVisible();
  await page.waitForTimeout(1500);
  await page.screenshot({ path: '/tmp/phone-offline.png' });
});
