import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chartroomServer } from './server/dev-plugin.ts';
import { pageClockPlugin } from './server/page-clock.ts';
import { appShellPage } from './vite-plugins/app-shell-page.ts';
import { chineseScriptDictsPlugin } from './vite-plugins/chinese-script-dicts.ts';
import { earlyKeysScript } from './vite-plugins/early-keys-script.ts';
import { firstScreenChunkOf } from './vite-plugins/first-screen-chunks.ts';
import { FIRST_SCREEN_ROOTS } from './vite-plugins/first-screen-roots.ts';
import { precompressAssets } from './vite-plugins/precompress-assets.ts';
import { preloadAppChunk } from './vite-plugins/preload-app-chunk.ts';
import { withoutMutations } from './vite-plugins/without-mutations.ts';

const source = (path: string): string => fileURLToPath(new URL(path, import.meta.url));
// Beside the chart, after its first candle: watchlists, the right column (markets and the alerts:
// their panel, dialog and runtime in one piece, so their triggers never wait for a download), the
// header's session state, the chart's drawing tools and its indicator fields, the status bar, the phone's screen bar, the words for failures, the header's watchlist button and the notices, in one chunk: one request.
// The chart's corporate-action badges too (chart-markers: the adapter imports them after its first candle), and its view tools (the way back to the latest bar).
const firstScreenChunk = firstScreenChunkOf({
  boot: source(FIRST_SCREEN_ROOTS.boot),
  bootShared: FIRST_SCREEN_ROOTS.bootShared.map(source),
  app: source(FIRST_SCREEN_ROOTS.app),
  chart: source(FIRST_SCREEN_ROOTS.chart),
  besideChart: [
    source('src/features/watchlist/watchlist-panel.tsx'),
    source('src/features/sessions/sessions-panel.tsx'),
    source('src/app/session-state.tsx'),
    source('src/app/side-column.tsx'),
    source('src/features/chart/drawings/drawing-layer.tsx'),
    source('src/features/chart/indicator-controls.tsx'),
    source('src/app/status-bar.tsx'),
    source('src/app/screen-bar.tsx'),
    source('src/components/quote-strip/quote-strip.tsx'),
    source('src/components/ui/describe-error.ts'),
    source('src/features/watchlist/add-to-watchlist-button.tsx'),
    source('src/features/chart/compare-button.tsx'),
    source('src/features/chart/fullscreen-button.tsx'),
    source('src/features/chart/export-button.tsx'),
    source('src/features/chart/layout/layout-button.tsx'),
    source('src/features/chart/popup-button.tsx'),
    source('src/features/chart/chart-toolbar.tsx'),
    source('src/features/chart/adjust-toggle.tsx'),
    source('src/app/notices.tsx'),
    source('src/features/chart/chart-markers.ts'),
    source('src/features/chart/chart-view-tools.tsx'),
    source('src/features/chart/legend-extras.tsx'),
    source('src/features/chart/legend-actions.tsx'),
    source('src/app/display-settings.tsx'),
    source('src/app/account-slot.tsx'),
  ],
  // The offline cache's (src/app/offline/offline-cache.ts), through @tanstack/react-query's index.
  onDemand: [/@tanstack\/query-core\/build\/modern\/(hydration|queriesObserver)\.js$/, /@tanstack\/react-query\/build\/modern\/useQueries\.js$/],
});

/**
 * CHARTROOM_BUILD_SALT (e2e/app-update.spec.ts builds with it): the salt in every hashed file's
 * name, so this build shares no file with one without it, as a deploy of changed code would not.
 */
function saltedFileNames(salt: string | undefined) {
  const tag = salt?.replace(/[^\w]/g, '');
  if (!tag) return {};
  return {
    entryFileNames: `assets/[name]-[hash]-${tag}.js`,
    chunkFileNames: `assets/[name]-[hash]-${tag}.js`,
    assetFileNames: `assets/[name]-[hash]-${tag}[extname]`,
  };
}

/**
 * The service worker (src/sw/service-worker.ts): the page registers it itself after its first
 * candle (src/app/offline/), and the manifest is a file of public/. Precached: the app shell by
 * hashed name and app-shell.html (vite-plugins/app-shell-page.ts), never index.html (the server
 * stamps the clock and the first chart page into it) nor source maps and compressed copies.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/sw',
  filename: 'service-worker.ts',
  injectRegister: false,
  manifest: false,
  includeManifestIcons: false,
  injectManifest: {
    globPatterns: ['assets/*.{js,css,woff2}', '*.{svg,webmanifest,html}', 'icons/*.png'],
    globIgnores: ['index.html'],
    sourcemap: false,
  },
});

export default defineConfig({
  plugins: [
    react(),
    chineseScriptDictsPlugin(),
    withoutMutations(),
    tailwindcss(),
    chartroomServer(),
    pageClockPlugin(),
    earlyKeysScript(),
    preloadAppChunk(),
    appShellPage(),
    precompressAssets(),
    serviceWorker,
  ],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1' },
  build: {
    // Maps are built and kept beside the files (for profiles and error tooling), but the files do
    // not name them: the comment cost every visitor ~200 B of the first page as received (brotli
    // ends each file on it), for the few who open devtools on production (they can add a map by hand).
    sourcemap: 'hidden',
    // The manifest lets scripts/bundle-size.ts follow what the first page loads.
    manifest: true,
    // Every browser the build targets but Safari 16 and Firefox < 115 preloads modules itself;
    // those two only lose the head start (0.4 KiB of polyfill on every first page otherwise).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        ...saltedFileNames(process.env.CHARTROOM_BUILD_SALT),
        codeSplitting: {
          // Each group's own modules only: a module the boot imports stays in the boot's chunk.
          groups: [{ name: (id, ctx) => firstScreenChunk(id, ctx) ?? null, includeDependenciesRecursively: false }],
        },
      },
    },
  },
});
