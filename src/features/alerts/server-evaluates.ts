/**
 * Whether the server evaluates this user's alerts on its own feed (shared/server-alerts-protocol.ts):
 * then the browser shows the server's triggers (they arrive as the user's records) and does not
 * evaluate the alerts itself, so a crossing is recorded and notified once, open tab or not. A
 * server without a workspace (`evaluating: false`), nobody signed in (401) or no answer: the browser evaluates.
 */
import { useQuery } from '@tanstack/react-query';
import { SERVER_ALERTS_STATUS_PATH, type ServerAlertsStatus } from '#shared/server-alerts-protocol.ts';
import { workspaceSyncState } from '../../store/records/sync-state';
import { useObservable } from '../../lib/observable';
import type { SyncStatus } from '../../store/records/server-sync';

export const SERVER_ALERTS_STATUS_KEY = ['server-alerts-status'] as const;

export async function fetchServerAlertsStatus(): Promise<ServerAlertsStatus | null> {
  try {
    const response = await fetch(SERVER_ALERTS_STATUS_PATH, { credentials: 'same-origin', cache: 'no-store' });
    if (!response.ok) return null;
    return (await response.json()) as ServerAlertsStatus;
  } catch {
    return null;
  }
}

/** undefined until the server answered, null where it does not evaluate (no workspace, signed out, no answer), else its status. */
export function useServerAlertsStatus(): ServerAlertsStatus | null | undefined {
  const { data } = useQuery({ queryKey: SERVER_ALERTS_STATUS_KEY, queryFn: fetchServerAlertsStatus, staleTime: 5 * 60_000, retry: false });
  return data;
}

/** undefined until the server answered (nothing is evaluated meanwhile), then whether it evaluates. */
export function useServerEvaluatesAlerts(): boolean | undefined {
  const data = useServerAlertsStatus();
  return data === undefined ? undefined : data?.evaluating === true;
}

/**
 * Whether this browser evaluates its alerts: where the server does not, and also where it does
 * but has not got this browser's alerts, because the first contact waits for the user's choice
 * ("Decide later": nothing is synced until they choose, so the server never sees them).
 */
export function browserEvaluates(serverEvaluates: boolean | undefined, syncState: SyncStatus['state'] | undefined): boolean {
  return serverEvaluates === false || (serverEvaluates === true && syncState === 'asking');
}

/** browserEvaluates for this tab, as the server and the workspace's sync say. */
export function useBrowserEvaluatesAlerts(): boolean {
  return browserEvaluates(useServerEvaluatesAlerts(), useObservable(workspaceSyncState));
}
