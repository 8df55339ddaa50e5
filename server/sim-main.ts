/**
 * `npm run sim`: the simulator alone, standing in for the upstream. It demands keys exactly as
 * the real service does (demo-* keys, see the README).
 */
import { serve } from '@hono/node-server';
import { portNumber, readEnvironment, simulatorOptionsFrom } from './config.ts';
import { createSimulator } from './sim/app.ts';

const env = readEnvironment();
const host = env.HOST?.trim() || '127.0.0.1';
const port = portNumber(env, 8787);
const simulator = createSimulator(simulatorOptionsFrom(env));

const server = serve({ fetch: simulator.app.fetch, hostname: host, port }, (info) => {
  console.log(`chartroom simulator: listening on http://${host}:${String(info.port)} (keys: demo-free … demo-enterprise)`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.on('SIGINT', () => server.close(() => process.exit(0)));
