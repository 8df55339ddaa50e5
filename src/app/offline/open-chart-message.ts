/**
 * The page's side of a click on an alert's notification (src/sw/push-notifications.ts): the
 * worker asks an open window to show the alert's chart, and the page opens its symbol (and
 * interval, when the link names one) on the active chart, as a watchlist click would, goes to
 * the alert's moment on it (`at=`, url-moment.ts), then answers on the message's port. No reload:
 * the trader's session stays as it was.
 */
import { sameOriginPath } from '../../sw/push-message';
import { OPEN_CHART_MESSAGE, type OpenChartMessage } from '../../sw/worker-protocol';
import { useAppStore } from '../../store/app-store';
import { showMomentOfLink } from '../url-moment';
import { parseWorkspace } from '../url-state';

/** Shows the chart of a link of this app (`/?symbol=AAPL.US&interval=1h&at=…`) on the active chart, on the Chart tab, at its moment. */
export function showChartOf(url: string, origin: string = window.location.origin): void {
  const search = new URL(sameOriginPath(url, origin), origin).search;
  const params = new URLSearchParams(search);
  const store = useAppStore.getState();
  const { workspace } = parseWorkspace(search, store.workspace);
  if (params.get('symbol')) store.openSymbol(workspace.symbol, workspace.type);
  if (params.get('interval')) useAppStore.getState().setInterval(workspace.interval);
  if (params.get('adjust')) useAppStore.getState().setAdjust(workspace.adjust);
  useAppStore.getState().setTab(params.get('tab') ? workspace.tab : 'chart');
  // On the series the active chart now shows: the link's symbol, with its interval or the chart's own.
  if (params.has('at')) showMomentOfLink(search, useAppStore.getState().workspace);
}

function isOpenChart(data: unknown): data is OpenChartMessage {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === OPEN_CHART_MESSAGE && typeof (data as { url?: unknown }).url === 'string'
  );
}

/** Answers a message of the worker (navigator.serviceWorker's): shows the chart and says so on its port; ignores any other. */
export function answerOpenChart({ data, ports }: Pick<MessageEvent<unknown>, 'data' | 'ports'>, show: (url: string) => void = showChartOf): void {
  if (!isOpenChart(data)) return;
  show(data.url);
  ports[0]?.postMessage(true);
}
