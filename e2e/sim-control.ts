/** The simulator's control path, for journeys that freeze the clock or inject faults. */
import type { APIRequestContext } from '@playwright/test';

export const DEFAULT_SIM_NOW = '2026-11-25T15:00:00Z';

export async function setClock(request: APIRequestContext, now: string, frozen: boolean): Promise<void> {
  const response = await request.post('/__sim/clock', { data: { now, frozen } });
  if (!response.ok()) throw new Error(`clock: ${String(response.status())} ${await response.text()}`);
}

export async function setFaults(request: APIRequestContext, faults: Record<string, unknown>): Promise<void> {
  const response = await request.post('/__sim/faults', { data: faults });
  if (!response.ok()) throw new Error(`faults: ${String(response.status())} ${await response.text()}`);
}

export async function clearFaults(request: APIRequestContext): Promise<void> {
  await request.delete('/__sim/faults');
}

/** Back to the journeys' default: a live clock from a US trading morning, no faults. */
export async function resetSimulator(request: APIRequestContext): Promise<void> {
  await clearFaults(request);
  await setClock(request, DEFAULT_SIM_NOW, false);
}

/** The fault settings now in force (Retry-After of injected 3001s included). */
export async function getFaults(
  request: APIRequestContext,
): Promise<{ latencyMs: number; retryAfterSeconds: number; errorRate: number; malformedRate: number }> {
  const response = await request.get('/__sim/faults');
  if (!response.ok()) throw new Error(`faults: ${String(response.status())} ${await response.text()}`);
  return (await response.json()) as { latencyMs: number; retryAfterSeconds: number; errorRate: number; malformedRate: number };
}

export interface SimLimits {
  ratePerMinute: number;
  monthlyQuota: number;
}

export async function getLimits(request: APIRequestContext): Promise<SimLimits> {
  const response = await request.get('/__sim/limits');
  if (!response.ok()) throw new Error(`limits: ${String(response.status())} ${await response.text()}`);
  return (await response.json()) as SimLimits;
}

export type RealtimeChannelName = 'ticker' | 'depth' | 'trade';

export interface SimRealtimeConnection {
  id: number;
  plan: string;
  subscriptions: Record<RealtimeChannelName, string[]>;
}

export interface SimRealtimeState {
  settings: {
    refuse: { depth: boolean; trade: boolean };
    maxConnectionsPerKey: number;
    maxSubscriptionsPerConnection: number;
    pushIntervalMs: number;
    idleTimeoutMs: number;
    /** Every socket open but answering nothing (no pushes, acks or pongs): a network gone without a close. */
    silent: boolean;
  };
  connections: SimRealtimeConnection[];
}

/** The simulator's realtime settings and open connections (with what each subscribes to). */
export async function getRealtime(request: APIRequestContext): Promise<SimRealtimeState> {
  // A kept-alive connection idle for the server's keep-alive timeout may be closed just as it is
  // reused (ECONNRESET): this GET is safe to ask once more.
  const response = await request.get('/__sim/realtime').catch(() => request.get('/__sim/realtime'));
  if (!response.ok()) throw new Error(`realtime: ${String(response.status())} ${await response.text()}`);
  return (await response.json()) as SimRealtimeState;
}

/** Changes some realtime settings (e.g. `{ refuse: { trade: true } }`); answers the new state. */
export async function setRealtime(
  request: APIRequestContext,
  settings: Partial<Omit<SimRealtimeState['settings'], 'refuse'>> & { refuse?: Partial<SimRealtimeState['settings']['refuse']> },
): Promise<SimRealtimeState> {
  const response = await request.post('/__sim/realtime', { data: settings });
  if (!response.ok()) throw new Error(`realtime: ${String(response.status())} ${await response.text()}`);
  return (await response.json()) as SimRealtimeState;
}

/** Closes every realtime socket (1012); answers how many. */
export async function dropRealtime(request: APIRequestContext): Promise<number> {
  const response = await request.post('/__sim/realtime/drop');
  if (!response.ok()) throw new Error(`realtime drop: ${String(response.status())} ${await response.text()}`);
  return ((await response.json()) as { dropped: number }).dropped;
}

/** Makes every realtime socket, open or opening, silent (or speak again): it stays open and sends nothing. */
export async function setRealtimeSilent(request: APIRequestContext, silent: boolean): Promise<void> {
  await setRealtime(request, { silent });
}
