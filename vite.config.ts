import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { chartroomServer } from './server/dev-plugin.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), chartroomServer()],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1' },
  build: { sourcemap: true },
});
