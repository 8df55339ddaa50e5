/**
 * The page's word on its connection to the app's server, above the panels:
 * - offline, a banner: since when, and how old the prices on screen are (the newest answer the
 *   page holds, kept from an earlier visit or seen before the network went), so nothing on screen
 *   passes for live; it goes when the network returns, and the panels refresh by themselves;
 * - "A new version is ready: reload", when a deploy has replaced this page's build (the trader
 *   reloads when they choose: service-worker-client.ts).
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { dateFormatter } from '../../i18n/format';
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { useObservable } from '../../lib/observable';
import { queryKeys } from '../../queries/query-keys';
import { networkState } from './offline-state';
import { newVersionReady, reloadToNewVersion } from './new-version';

/** How often an offline banner looks again at what the page holds (answers kept, none arriving). */
const AS_OF_REFRESH_MS = 10_000;

function formatMoment(ms: number): string {
  return dateFormatter('offline-moment', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }).format(ms);
}

/** The newest market answer `queryClient` holds, in wall-clock ms; undefined with none. */
function newestAnswer(queryClient: QueryClient): number | undefined {
  let newest: number | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.all })) {
    const at = query.state.dataUpdatedAt;
    if (query.state.data !== undefined && at > 0 && (newest === undefined || at > newest)) newest = at;
  }
  return newest;
}

/** newestAnswer, read again every AS_OF_REFRESH_MS (offline, few answers arrive: a cheap look). */
function useNewestAnswer(): number | undefined {
  const queryClient = useQueryClient();
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => {
      setTick((tick) => tick + 1);
    }, AS_OF_REFRESH_MS);
    return () => {
      clearInterval(timer);
    };
  }, []);
  return newestAnswer(queryClient);
}

function OfflineBanner({ since }: { since: number }) {
  const newest = useNewestAnswer();
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="mx-3 mt-2 rounded border border-slate-400/50 bg-slate-500/15 px-3 py-1.5 text-sm text-slate-800 dark:text-slate-100"
    >
      <strong>{t('Offline since {time}.', { time: formatMoment(since) })}</strong>{' '}
      {newest !== undefined
        ? t('Prices as of {time}: nothing on screen is live until the network is back.', { time: formatMoment(newest) })
        : t('No market data was kept in this browser: the panels fill once the network is back.')}
    </div>
  );
}

function UpdatePrompt() {
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="mx-3 mt-2 flex items-center justify-between gap-3 rounded border border-sky-500/40 bg-sky-500/10 px-3 py-1.5 text-sm text-sky-900 dark:text-sky-100"
    >
      <span>{t('A new version is ready.')}</span>
      <button type="button" onClick={reloadToNewVersion} className="rounded border border-sky-500/60 px-2 py-0.5 font-medium hover:bg-sky-500/20">
        {t('Reload')}
      </button>
    </div>
  );
}

export function ConnectionNotices() {
  useLanguage();
  const network = useObservable(networkState);
  const updateReady = useObservable(newVersionReady);
  return (
    <>
      {!network.online && <OfflineBanner since={network.since} />}
      {updateReady && <UpdatePrompt />}
    </>
  );
}
