/** Production entry: the built SPA, `/v1` (upstream or simulator) and graceful shutdown. */
import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { describeMode, loadConfig, readEnvironment } from './config.ts';
import { mountStaticSite } from './static-files.ts';

const config = loadConfig(readEnvironment(), { port: 8080 });
const { app } = createApp(config, (line) => {
  console.log(line);
});
mountStaticSite(app, fileURLToPath(new URL('../dist', import.meta.url)));

const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (info) => {
  console.log(describeMode(config));
  console.log(`chartroom: listening on http://${config.host}:${String(info.port)}`);
});

function shutdown(signal: string): void {
  console.log(`chartroom: ${signal}, closing`);
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 5_000).unref();
}
process.on('SIGTERM', () => {
  shutdown('SIGTERM');
});
process.on('SIGINT', () => {
  shutdown('SIGINT');
});
