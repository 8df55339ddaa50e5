/**
 * The React tree, imported by src/app/boot/boot.ts once it has started the first screen's requests
 * on the page's services (and drawn the chart first, when it could: the chart panel takes that
 * chart over), and mounted on those same services. It renders into #root over index.html's static
 * shell, which the first commit replaces; the first render is a transition (sliced). Sets `chartroom:react-mounted` when the tree first
 * commits, and hands the app the shortcut keys pressed before it listened.
 */
import { StrictMode, startTransition, useEffect, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { replayEarlyKeys } from './app/boot/early-keys';
import type { AppServices } from './queries/app-services';
import { AppServicesProvider } from './queries/app-services-context';
import { discardEarlyChart } from './features/chart/early-chart';
import { markOnce, TIMING_MARKS } from './lib/timing-marks';
import { loadLanguage } from './i18n/load-language';
import { useAppStore } from './store/app-store';

function MountedMark() {
  useLayoutEffect(() => {
    markOnce(TIMING_MARKS.reactMounted);
    // The chart panel has taken the early chart over in this commit, if it could.
    discardEarlyChart();
  }, []);
  // After the App's own effects (siblings before it run first), so its shortcut handler listens.
  useEffect(() => {
    replayEarlyKeys();
  }, []);
  return null;
}

export function mountApp(services: AppServices): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');
  const reactRoot = createRoot(root);
  // The language's catalog first (the store started loading it with the page; English has none
  // to wait for): the first render is in the user's language, never English then Chinese.
  void loadLanguage(useAppStore.getState().preferences.language).then(() => {
    render(reactRoot, services);
  });
}

function render(reactRoot: ReturnType<typeof createRoot>, services: AppServices): void {
  // As a transition: React renders the tree in slices of a few milliseconds, yielding to the page
  // between them (a tap, the early chart's frames), instead of one task of a few hundred
  // milliseconds on a slow phone. Only the commit is one piece.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <AppServicesProvider services={services}>
          <App />
          <MountedMark />
        </AppServicesProvider>
      </StrictMode>,
    );
  });
}
