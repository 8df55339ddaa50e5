/**
 * The link's moment, `at=`: the time an alert fired (its notification's link,
 * server/alerts/alert-deliverers.ts), which the active chart centres and marks
 * (src/features/chart/chart-moment-view.ts). url-state.ts reads the rest of the link; this part is
 * read only when a link has one, so none of it is on the first page: a link opened cold is read
 * from the navigation's own URL after the first candle (tab-sync.ts, as a share is), a
 * notification clicked with the app open from the worker's message (offline/open-chart-message.ts).
 * The URL follows the workspace from the first render, so `at=` leaves it at once: a reload, Back or
 * a copied link does not go there again.
 *
 * A value is an instant: epoch milliseconds (`at=1795168800000`) or an ISO 8601 date-time with its
 * offset (`at=2026-11-20T10:00:00Z`, `at=2026-11-20T18:00%2B08:00`; a `+` left unescaped reads as
 * a space and is taken back). Anything else is ignored with the link's notice for bad values, and
 * the chart shows its latest bars.
 */
import { t } from '../i18n/t';
import { chartDataset } from '../features/chart/chart-identity';
import { chartMomentRequest, type ChartMoment } from '../features/chart/chart-moment';
import { useAppStore } from '../store/app-store';
import type { Workspace } from '../store/workspace-slice';
import { linkView } from './url-state';

export const MOMENT_PARAM = 'at';

/** Instants a link may name: from 1970 to 2200 (the data has nothing outside them). */
const LATEST = Date.UTC(2200, 0, 1);
const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(?:Z|[+-](\d{2}):(\d{2}))$/;

/** An instant written as epoch ms or ISO 8601 with an offset, in ms; undefined for anything else. */
export function instantOf(text: string): number | undefined {
  const written = text.trim().replace(/ (\d{2}:\d{2})$/, '+$1');
  let time: number;
  if (/^\d{1,15}$/.test(written)) time = Number(written);
  else {
    const match = ISO_TIME.exec(written);
    if (!match) return undefined;
    // The parts left out (seconds, a Z's offset) are 0.
    const [year, month, day, hour, minute, second, offsetHours, offsetMinutes] = match.slice(1, 9).map((part) => Number(part || 0));
    const date = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0));
    // 2026-02-31 is no date (Date.parse would roll it into March), 24:00 no time.
    if (date.getUTCMonth() !== (month ?? 0) - 1 || date.getUTCDate() !== day) return undefined;
    if ((hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59 || (offsetHours ?? 0) > 23 || (offsetMinutes ?? 0) > 59) return undefined;
    time = Date.parse(written);
  }
  return Number.isFinite(time) && time >= 0 && time < LATEST ? time : undefined;
}

/** The `at=` of a query string: its instant, or the problem to report (as url-state names them); {} without one. */
export function momentOfLink(search: string): { time?: number; problem?: string } {
  const raw = new URLSearchParams(search).get(MOMENT_PARAM);
  if (raw === null || raw === '') return {};
  const time = instantOf(raw);
  return time === undefined ? { problem: `${MOMENT_PARAM} “${raw.slice(0, 24)}”` } : { time };
}

const datasetOf = (workspace: Workspace): string => chartDataset(workspace.symbol, workspace.type, workspace.interval);

/**
 * Asks the active chart to show `time` on the series of `workspace` (the link's): the chart takes
 * it once it shows that series. Dropped if the trader moves the active chart to another series
 * first (or already has), so it never fires later on a chart that happens to come back to it.
 */
export function askMoment(workspace: Workspace, time: number): void {
  const moment: ChartMoment = { dataset: datasetOf(workspace), time };
  chartMomentRequest.set(moment);
  const stale = (): boolean => chartMomentRequest.get() !== moment || datasetOf(useAppStore.getState().workspace) !== moment.dataset;
  if (stale()) {
    if (chartMomentRequest.get() === moment) chartMomentRequest.set(undefined);
    return;
  }
  const offStore = useAppStore.subscribe(() => {
    if (!stale()) return;
    stop();
    if (chartMomentRequest.get() === moment) chartMomentRequest.set(undefined);
  });
  // Taken (or replaced by a newer one): nothing more to watch.
  const offRequest = chartMomentRequest.subscribe(() => {
    if (chartMomentRequest.get() !== moment) stop();
  });
  function stop(): void {
    offStore();
    offRequest();
  }
}

/**
 * The moment of a link, on the series `workspace` (the link's, as the active chart now shows it):
 * asked for, or a bad value reported with the link's notice for them.
 */
export function showMomentOfLink(search: string, workspace: Workspace): void {
  const { time, problem } = momentOfLink(search);
  if (problem !== undefined)
    useAppStore.getState().pushNotice('warning', () => t('Ignored {values} in the link; showing defaults instead.', { values: problem }));
  if (time !== undefined) askMoment(workspace, time);
}

/** The moment of the link the page was opened at (`search`, the navigation's), on the series that link opened. */
export function showMomentOfLinkAtLoad(search: string): void {
  showMomentOfLink(search, linkView(search, useAppStore.getState().layout).workspace);
}
