/**
 * `npm run sim`: the simulator alone, standing in for the upstream. It demands keys exactly as
 * the real service does (demo-* keys, see the README), over HTTP and on `/v1/realtime`.
 */
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { REALTIME_PATH } from '#shared/contract.ts';
import { portNumber, readEnvironment, simulatorOptionsFrom } from './config.ts';
import { createSimulator } from './sim/app.ts';
import { standaloneApp } from './sim/standalone.ts';
import { serveRealtimeUpgrades } from './sim/realtime/ws-adapter.ts';

const env = readEnvironment();
const host = env.HOST?.trim() || '127.0.0.1';
const port = portNumber(env, 8787);
const simulator = createSimulator(simulatorOptionsFrom(env));
simulator.warm();

const app = standaloneApp(simulator);
const server = serve({ fetch: app.fetch, hostname: host, port }, (info) => {
  console.log(`chartroom simulator: listening on http://${host}:${String(info.port)} (keys: demo-free … demo-enterprise; ws ${REALTIME_PATH})`);
}) as Server;
serveRealtimeUpgrades(server, simulator.realtime);

function shutdown(): void {
  simulator.realtime.stop();
  simulator.realtime.dropAll();
  server.close(() => process.exit(0));
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
