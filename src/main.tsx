/**
 * The React tree, imported by src/app/boot/boot.ts once it has started the first screen's requests
 * into the same QueryClient (and drawn the chart first, when it could: the chart panel takes that
 * chart over). It renders into #root over index.html's static shell, which the first commit
 * replaces. Sets `chartroom:react-mounted` when the tree first commits, and hands the app the
 * shortcut keys pressed before it listened.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useEffect, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { appQueryClient } from './app/boot/app-query-client';
import { replayEarlyKeys } from './app/boot/early-keys';
import { discardEarlyChart } from './features/chart/early-chart';
import { markOnce, TIMING_MARKS } from './lib/timing-marks';

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

const root = document.getElementById('root');
if (!root) throw new Error('missing #root');

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={appQueryClient}>
      <App />
      <MountedMark />
    </QueryClientProvider>
  </StrictMode>,
);
