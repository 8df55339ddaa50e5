/**
 * Vite plugin: in `npm run dev`, the same request handler as production answers `/v1/*`,
 * `/chartroom/*` (the catalogue), `/__sim/*` and `/healthz` from inside Vite's dev server.
 */
import { getRequestListener } from '@hono/node-server';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Plugin } from 'vite';
import { createApp } from './app.ts';
import { describeMode, loadConfig, readEnvironment } from './config.ts';
import { workspaceDatabaseFrom } from './workspace/workspace-database.ts';

const SERVER_PATHS = /^\/(v1(\/|$)|__sim\/|chartroom\/|auth\/|healthz$|metrics$)/;
/** Upgrades the server answers: the relay takes `/v1/realtime` and refuses the rest of `/v1` (404); every other is Vite's (HMR). */
const SERVER_UPGRADES = /^\/v1/;

export function chartroomServer(): Plugin {
  return {
    name: 'chartroom-server',
    configureServer(server) {
      const config = loadConfig(readEnvironment(), { port: 5173 });
      const log = (line: string): void => {
        server.config.logger.info(line);
      };
      // Opened by the first workspace request: a dev server that never syncs never starts PGlite.
      const workspace = workspaceDatabaseFrom(readEnvironment(), log);
      const {
        app,
        simulator,
        realtime,
        workspace: workspaceRoutes,
        alerts,
      } = createApp(config, log, { env: readEnvironment(), ...(workspace && { workspace }) });
      simulator?.warm();
      if (workspace?.holdsData()) alerts?.start();
      server.httpServer?.once('close', () => {
        workspaceRoutes?.closeStreams();
        alerts?.stop();
        void workspace?.close();
      });
      const listener = getRequestListener(app.fetch);
      server.config.logger.info(describeMode(config));
      server.httpServer?.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (request.url && SERVER_UPGRADES.test(request.url)) realtime.handleUpgrade(request, socket, head);
      });
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
