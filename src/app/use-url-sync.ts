/**
 * Keeps the workspace and the URL in step: the URL is read once at start (bad values become
 * notices), then every workspace change is written back with history.replaceState, and a new
 * symbol gets its own history entry so Back returns to the previous one.
 */
import { useEffect } from 'react';
import { useAppStore } from '../store/app-store';
import { parseWorkspace, serializeWorkspace } from './url-state';

export function useUrlSync(): void {
  useEffect(() => {
    const apply = () => {
      const { workspace, problems } = parseWorkspace(window.location.search);
      const store = useAppStore.getState();
      store.replaceWorkspace(workspace);
      if (problems.length > 0) store.pushNotice('warning', `Ignored ${problems.join(', ')} in the link; showing defaults instead.`);
    };
    apply();
    // Make the first URL explicit too, so it can be shared as it is.
    window.history.replaceState(null, '', `${window.location.pathname}${serializeWorkspace(useAppStore.getState().workspace)}`);
    const onPopState = () => {
      apply();
    };
    window.addEventListener('popstate', onPopState);
    const unsubscribe = useAppStore.subscribe((state, previous) => {
      if (state.workspace === previous.workspace) return;
      const search = serializeWorkspace(state.workspace);
      if (search === window.location.search) return;
      const url = `${window.location.pathname}${search}`;
      if (state.workspace.symbol !== previous.workspace.symbol) window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
    });
    return () => {
      window.removeEventListener('popstate', onPopState);
      unsubscribe();
    };
  }, []);
}
