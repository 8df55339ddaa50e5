/**
 * The page's first script (index.html runs it before src/main.tsx): the data's clock from the
 * page, the workspace from the URL, then the first screen's requests — before React, the chart
 * library and the app, which download meanwhile, have been evaluated.
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
