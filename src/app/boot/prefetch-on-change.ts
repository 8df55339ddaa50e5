/**
 * After the first screen, every change of what the screen shows (symbol, type, interval,
 * adjustment, tab) starts its requests from inside the store's update, before React renders the
 * change and the panels' hooks ask: a symbol opened from the watchlist, search or the HK table,
 * or an interval key, costs the render's time less.
 */
import { prefetchWorkspace, type PrefetchServices } from '../../queries/prefetch-workspace';
import { useAppStore } from '../../store/app-store';
import type { Workspace } from '../../store/workspace-slice';

function asksAnew(next: Workspace, before: Workspace): boolean {
  return (
    next.symbol !== before.symbol || next.type !== before.type || next.interval !== before.interval || next.adjust !== before.adjust || next.tab !== before.tab
  );
}

/** Returns the unsubscribe. */
export function prefetchOnWorkspaceChange(services: PrefetchServices): () => void {
  return useAppStore.subscribe((state, previous) => {
    if (state.workspace !== previous.workspace && asksAnew(state.workspace, previous.workspace)) prefetchWorkspace(services, state.workspace);
  });
}
