/**
 * The page's only script, and a small one: the data's clock from the page, the workspace from the
 * URL, the first screen's requests, and only then the app (src/main.tsx: React, the chart library
 * and the panels, a chunk of its own). The requests leave while the app downloads and compiles,
 * instead of after it.
 */
import { parseWorkspace } from '../url-state';
import { useAppStore } from '../../store/app-store';
import { appQueryClient } from './app-query-client';
import { markFirstQuote } from './first-quote-mark';
import { applyPageClock } from './page-clock';
import { prefetchFirstScreen } from './prefetch';

applyPageClock();
// The URL's workspace from the first render on (useUrlSync keeps them in step and reports bad values).
const { workspace } = parseWorkspace(window.location.search);
useAppStore.getState().replaceWorkspace(workspace);
prefetchFirstScreen(appQueryClient, workspace);
markFirstQuote(appQueryClient, workspace.symbol, workspace.type);

// Not awaited: the app reports its own failures; the boot has nothing left to do.
void import('../../main');
