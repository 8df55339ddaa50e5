/** Starts the real server on the simulator for the journeys; the URL reaches them through CHARTROOM_URL. */
import { DEFAULT_SIM_NOW } from './sim-control.ts';
import { startServer } from './start-server.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer({ SIM_NOW: process.env.E2E_SIM_NOW ?? DEFAULT_SIM_NOW });
  process.env.CHARTROOM_URL = server.url;
  return server.stop;
}
