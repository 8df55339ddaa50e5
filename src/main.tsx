/**
 * The React tree. index.html runs src/app/boot/boot.ts first, which has already started the
 * first screen's requests into the same QueryClient. Sets `chartroom:react-mounted` when the
 * tree first commits.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { appQueryClient } from './app/boot/app-query-client';
import { markOnce, TIMING_MARKS } from './lib/timing-marks';
import './index.css';

function MountedMark() {
  useLayoutEffect(() => {
    markOnce(TIMING_MARKS.reactMounted);
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
