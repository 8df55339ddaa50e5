/**
 * Starts the real server on the simulator for the journeys; the URL reaches them through
 * CHARTROOM_URL. Without a workspace on the server (WORKSPACE=off): the journeys share one
 * server, and in AUTH_MODE=none one user, whose workspace would carry one journey's lists into
 * the next; the workspace journeys start servers of their own (e2e/workspace-sync.spec.ts).
 */
import { DEFAULT_SIM_NOW } from './sim-control.ts';
import { startServer } from './start-server.ts';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const server = await startServer({ WORKSPACE: 'off', SIM_NOW: process.env.E2E_SIM_NOW ?? DEFAULT_SIM_NOW });
  process.env.CHARTROOM_URL = server.url;
  return server.stop;
}
