/**
 * The browser's requests of the workspace API (shared/workspace-protocol.ts): same-origin fetches
 * with the page's sign-in, an answer other than 200 turned into a SyncRefusal with the server's
 * message. 204 is a server that keeps no workspace (WORKSPACE=off).
 */
import { WORKSPACE_PATH, type WorkspaceRead, type WorkspaceWritten } from '#shared/workspace-protocol.ts';
import { SyncRefusal, type OutgoingChange, type ServerRecord, type WorkspaceTransport } from '../../store/records/server-sync';

/** A refusal of the workspace's paths (its envelope's message, its Retry-After). */
export async function refusalOf(response: Response): Promise<SyncRefusal> {
  let message = `HTTP ${String(response.status)}`;
  try {
    const body = (await response.json()) as { message?: unknown };
    if (typeof body.message === 'string') message = body.message;
  } catch {
    // Not an envelope: the status says it.
  }
  const retryAfter = Number(response.headers.get('retry-after'));
  return new SyncRefusal(response.status, message, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined);
}

export const workspaceTransport: WorkspaceTransport = {
  async read(since) {
    const response = await fetch(`${WORKSPACE_PATH}?since=${String(since)}`, { credentials: 'same-origin', cache: 'no-store' });
    if (response.status === 204) return undefined;
    if (!response.ok) throw await refusalOf(response);
    return (await response.json()) as WorkspaceRead<ServerRecord>;
  },
  async write(changes: readonly OutgoingChange[]) {
    const response = await fetch(WORKSPACE_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ changes }),
    });
    if (!response.ok) throw await refusalOf(response);
    return (await response.json()) as WorkspaceWritten<ServerRecord>;
  },
};
