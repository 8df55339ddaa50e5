import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser journeys against the real production server (`npm start` on the simulator), started on
 * a free loopback port by e2e/global-setup.ts. Chromium is Debian's unless CHROMIUM_PATH says
 * otherwise, or Playwright's own where neither exists.
 */
const chromiumPath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  timeout: 60_000,
  use: {
    // A trace records DOM snapshots at every step, a cost the CPU-throttled journeys feel most;
    // CI keeps only the printed output, so it records none.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    // English journeys select by English names: the browser's language must pick English
    // (e2e/languages.spec.ts opens its own contexts in Chinese).
    locale: 'en-US',
    // The service worker (src/sw/) only where a journey is about it (e2e/offline.spec.ts and the
    // installability check): elsewhere it would serve the chunks a journey routes or fails on
    // purpose, and precache the whole build beside every journey.
    serviceWorkers: 'block',
    launchOptions: {
      ...(chromiumPath && { executablePath: chromiumPath }),
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-gpu'],
    },
  },
});
