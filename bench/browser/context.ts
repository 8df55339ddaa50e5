/**
 * What every browser figure shares: the bench dist built once, the production server started once
 * on it (simulator, a live US trading morning) and one headless Chromium. Each sample opens its own
 * browser context, so its HTTP cache starts cold and no service worker carries over.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startServer, type RunningServer } from '../../e2e/start-server.ts';
import { buildBenchDist } from './build.ts';

export const SIM_NOW = '2026-11-25T15:00:00Z';
export const CHROMIUM_FLAGS = ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const VIEWPORT = { width: 1280, height: 800 };

export function chromiumPath(): string | undefined {
  return process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);
}

export interface BrowserBenchContext {
  baseUrl: string;
  distDir: string;
  /** bench/results/, for screenshots. */
  resultsDir: string;
  browser: Browser;
  /** A fresh browser context (cold cache) with one page; close the context when done. */
  freshPage(): Promise<{ page: Page; context: BrowserContext }>;
  close(): Promise<void>;
}

/**
 * tsx compiles the functions this bench hands to page.evaluate with esbuild's keepNames, which
 * wraps named inner functions in a `__name` helper that the page does not have.
 */
export const EVALUATE_SHIM = 'globalThis.__name = (target) => target;';

export async function openBrowserBench(): Promise<BrowserBenchContext> {
  const distDir = await buildBenchDist();
  const resultsDir = fileURLToPath(new URL('../results/', import.meta.url));
  mkdirSync(resultsDir, { recursive: true });
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    // No workspace on the server: no figure carries another's records (bench/browser/workspace-sync.ts has its own).
    // The simulator's catalogue at real size, as users get it (the search figures are measured on it).
    server = await startServer({ CHARTROOM_DIST: distDir, SIM_NOW, CLIENT_RATE_LIMIT: '0', WORKSPACE: 'off', SIM_UNIVERSE: 'full' });
    const path = chromiumPath();
    browser = await chromium.launch({ ...(path && { executablePath: path }), args: CHROMIUM_FLAGS });
  } catch (error) {
    await server?.stop();
    throw error;
  }
  const running = { server, browser };
  return {
    baseUrl: server.url,
    distDir,
    resultsDir,
    browser,
    async freshPage() {
      const context = await running.browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
      await context.addInitScript({ content: EVALUATE_SHIM });
      return { page: await context.newPage(), context };
    },
    async close() {
      await running.browser.close();
      await running.server.stop();
    },
  };
}
