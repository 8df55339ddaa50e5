import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chartroomServer } from './server/dev-plugin.ts';
import { pageClockPlugin } from './server/page-clock.ts';
import { preloadAppChunk } from './vite-plugins/preload-app-chunk.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), chartroomServer(), pageClockPlugin(), preloadAppChunk()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1' },
  // The manifest lets scripts/bundle-size.ts follow what the first page loads.
  build: { sourcemap: true, manifest: true },
});
