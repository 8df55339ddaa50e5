/**
 * The server the workspace's HTTP tests talk to: the built-in sign-in (AUTH_MODE=password, users
 * ann and bob, each with a bearer token) in front of a counting upstream, on an embedded
 * database in a temporary directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { startAuthServer, startCountingUpstream, type AuthServer } from '../auth/auth-stack.test-support.ts';
import { workspaceDatabase } from '../workspace/workspace-database.ts';

export const TOKENS = {
  ann: 'ann-token-0123456789abcdef0123456789abcdef',
  bob: 'bob-token-0123456789abcdef0123456789abcdef',
};
export type TestUser = keyof typeof TOKENS;
export const bearer = (user: TestUser) => ({ authorization: `Bearer ${TOKENS[user]}` });

export interface WorkspaceStack {
  server: AuthServer;
  stop(): Promise<void>;
}

export async function startWorkspaceStack(): Promise<WorkspaceStack> {
  const upstream = await startCountingUpstream();
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-workspace-'));
  const database = workspaceDatabase({ kind: 'pglite', dataDir });
  const server = await startAuthServer(
    upstream,
    { AUTH_MODE: 'password' },
    { users: { ann: 'ann-password-1', bob: 'bob-password-1' }, tokens: TOKENS },
    { workspace: database },
  );
  return {
    server,
    async stop() {
      await server.stop();
      await upstream.stop();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The stack, started before a test file's tests and stopped after them. */
export function useWorkspaceStack(): { readonly server: AuthServer } {
  let stack: WorkspaceStack | undefined;
  beforeAll(async () => {
    stack = await startWorkspaceStack();
  }, 60_000);
  afterAll(() => stack?.stop());
  return {
    get server() {
      if (stack === undefined) throw new Error('the workspace stack starts in beforeAll');
      return stack.server;
    },
  };
}
