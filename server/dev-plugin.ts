/**
 * Vite plugin: in `npm run dev`, the same request handler as production answers `/v1/*`,
 * `/__sim/*` and `/healthz` from inside Vite's dev server.
 */
import { getRequestListener } from '@hono/node-server';
import type { Plugin } from 'vite';
import { createApp } from './app.ts';
import { describeMode, loadConfig, readEnvironment } from './config.ts';

const SERVER_PATHS = /^\/(v1(\/|$)|__sim\/|healthz$)/;

export function chartroomServer(): Plugin {
  return {
    name: 'chartroom-server',
    configureServer(server) {
      const config = loadConfig(readEnvironment(), { port: 5173 });
      const { app } = createApp(config, (line) => {
        server.config.logger.info(line);
      });
      const listener = getRequestListener(app.fetch);
      server.config.logger.info(describeMode(config));
      server.middlewares.use((req, res, next) => {
        if (req.url && SERVER_PATHS.test(req.url)) {
          void listener(req, res);
          return;
        }
        next();
      });
    },
  };
}
