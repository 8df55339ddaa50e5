/**
 * How this tab's sync with the workspace on the server goes (server-sync.ts's state, set by
 * src/app/workspace-sync/start-server-sync.ts), for what depends on it beyond the root element's
 * `data-workspace-sync`: undefined until the sync starts (and in a tab that does not run it).
 */
import { createCell } from '../../lib/observable';
import type { SyncStatus } from './server-sync';

export const workspaceSyncState = createCell<SyncStatus['state'] | undefined>(undefined);
