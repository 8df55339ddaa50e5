/**
 * The status bar: data source, realtime socket, last update, request latency and rate-limit state,
 * on one line at any width (an item that does not fit ends in an ellipsis, its whole text in its
 * tooltip; on a phone the bar keeps the socket, the age of the last update and any warning, and the
 * rest gives way to their tooltips). The bar renders when a request settles; only the
 * items that count time tick, each on its own (the age of the last update; the reconnect and
 * rate-limit countdowns while they run).
 */
import { memoTranslated } from '../i18n/memo-translated';
import { t } from '../i18n/t';
import { useLanguage } from '../i18n/use-language';
import { useCallback, useSyncExternalStore } from 'react';
import { useAppServices } from '../queries/app-services-context';
import { useRealtimeClient } from '../realtime/hooks';
import { useNow } from '../components/use-now';
import { localClockText } from '../lib/local-clock';
import { useFeedFailures } from './feed-failures';
import { RealtimeStatusItem } from './realtime-status';
import { requestStatsOf } from './request-stats';

/** One item: never wraps; shrinks to an ellipsis when the bar is too narrow. Digits are tabular (the bar's class), so a figure's change moves nothing. */
const ITEM_BOX = 'min-w-0 items-center gap-1 whitespace-nowrap';
const STATUS_ITEM = `flex ${ITEM_BOX}`;
/** An item a phone leaves out. */
const WIDE_ITEM = `hidden sm:flex ${ITEM_BOX}`;
const TEXT = 'truncate';
/** What a phone leaves out (the item's tooltip still says it). */
const WIDE_ONLY = 'hidden sm:inline';

function ago(ms: number): string {
  if (ms < 1_500) return t('just now');
  if (ms < 60_000) return t('{n} s ago', { n: Math.round(ms / 1000) });
  return t('{n} min ago', { n: Math.round(ms / 60_000) });
}

/** True once a push has arrived on the realtime socket (then the pushes' time counts as an update). */
function usePushedOnce(): boolean {
  const realtime = useRealtimeClient();
  const watch = useCallback((notify: () => void) => realtime.watchPushes(notify), [realtime]);
  const read = useCallback(() => realtime.stats.lastPushAt !== undefined, [realtime]);
  return useSyncExternalStore(watch, read, read);
}

/**
 * "Updated: 15:04:05 UTC+1 (12 s ago)", the newest of the last HTTP answer and the last push: the one
 * text of the bar that changes every second.
 */
function UpdatedItem({ answeredAt }: { answeredAt: number | undefined }) {
  const realtime = useRealtimeClient();
  const pushed = usePushedOnce();
  const now = useNow(1_000, answeredAt !== undefined || pushed);
  const pushedAt = realtime.stats.lastPushAt;
  const at = answeredAt === undefined ? pushedAt : pushedAt === undefined ? answeredAt : Math.max(answeredAt, pushedAt);
  useLanguage();
  // The browser's own zone, by its offset: the panels show the instrument's zone, this line the user's.
  const clock = at !== undefined ? localClockText(at) : undefined;
  const age = at !== undefined ? ago(Math.max(0, now - at)) : undefined;
  return (
    <span className={STATUS_ITEM} data-testid="status-updated" title={`${t('Updated:')} ${clock !== undefined ? `${clock} (${age ?? ''})` : '—'}`}>
      <span className={TEXT}>
        {t('Updated:')}{' '}
        {clock === undefined ? (
          '—'
        ) : (
          <>
            <span className={WIDE_ONLY}>{clock} (</span>
            {/* As wide as "59 s ago)" whatever it says, so the items after it stay put (the room is after the parenthesis). */}
            <span className="inline-block min-w-[9ch]">
              {age}
              <span className={WIDE_ONLY}>)</span>
            </span>
          </>
        )}
      </span>
    </span>
  );
}

interface RateLimitItemProps {
  /** Until when the service asked us to wait (3001 with Retry-After). */
  until: number | undefined;
  /** The feed's failures in a row (feed-failures.ts). */
  failuresInARow: number;
}

const WARNING = `${TEXT} text-amber-600 dark:text-amber-400`;

function rateLimitText(limitedFor: number, failuresInARow: number): { text: string; warning: boolean } {
  if (limitedFor > 0) return { text: t('Rate limited — waiting {n} s', { n: Math.ceil(limitedFor / 1000) }), warning: true };
  if (failuresInARow > 0) return { text: t('{count} failed requests in a row', { count: failuresInARow }), warning: true };
  return { text: t('Rate limit: OK'), warning: false };
}

function RateLimitText({ limitedFor, failuresInARow }: { limitedFor: number; failuresInARow: number }) {
  useLanguage();
  const { text, warning } = rateLimitText(limitedFor, failuresInARow);
  return (
    <span className={warning ? WARNING : TEXT} title={text}>
      {text}
    </span>
  );
}

/** One rate-limit wait, counted down from its arrival (mounted afresh for each wait), then still. */
function RateLimitCountdown({ until, failuresInARow }: { until: number; failuresInARow: number }) {
  const now = useNow(1_000, (current) => current < until);
  return <RateLimitText limitedFor={until - now} failuresInARow={failuresInARow} />;
}

function RateLimitItem({ until, failuresInARow }: RateLimitItemProps) {
  // All well: nothing a phone needs to show.
  const quiet = until === undefined && failuresInARow === 0;
  return (
    <span className={quiet ? WIDE_ITEM : STATUS_ITEM} data-testid="status-rate-limit" role="status">
      {until === undefined ? (
        <RateLimitText limitedFor={0} failuresInARow={failuresInARow} />
      ) : (
        <RateLimitCountdown key={until} until={until} failuresInARow={failuresInARow} />
      )}
    </span>
  );
}

const Realtime = memoTranslated(function Realtime() {
  return <RealtimeStatusItem className={STATUS_ITEM} />;
});

export function StatusBar() {
  const { api } = useAppServices();
  // Collected since the boot (the bar loads after the first candle).
  const feed = requestStatsOf(api);
  const stats = useSyncExternalStore(feed.subscribe, feed.get, feed.get);
  const failuresInARow = useFeedFailures();
  useLanguage();
  const source = t(stats.source === 'upstream' ? 'Live upstream' : stats.source === 'simulator' ? 'Simulator' : 'Connecting…');
  const latency = stats.latencyMs !== undefined ? `${String(Math.round(stats.latencyMs))} ms` : '—';
  const typical = stats.typicalLatencyMs !== undefined ? t(' (median {value})', { value: `${String(Math.round(stats.typicalLatencyMs))} ms` }) : '';
  return (
    <footer
      aria-label={t('Status')}
      className="flex min-w-0 flex-nowrap items-center gap-x-4 overflow-hidden border-t border-slate-200 bg-white px-3 py-1 text-xs text-slate-600 tabular-nums dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400"
    >
      <span className={`${STATUS_ITEM} shrink-0`} data-testid="status-source" title={t('Data: {source}', { source })}>
        <span
          aria-hidden
          className={`inline-block h-2 w-2 shrink-0 rounded-full ${stats.source === 'upstream' ? 'bg-emerald-500' : stats.source ? 'bg-sky-500' : 'bg-slate-400'}`}
        />
        <span className={`${TEXT} ${WIDE_ONLY}`}>{t('Data: {source}', { source })}</span>
      </span>
      <Realtime />
      <UpdatedItem answeredAt={stats.lastUpdate} />
      <span className={WIDE_ITEM} data-testid="status-latency" title={`${t('Latency: {value}', { value: latency })}${typical}`}>
        <span className={TEXT}>
          {t('Latency: {value}', { value: latency })}
          {typical}
        </span>
      </span>
      <RateLimitItem until={stats.rateLimitedUntil} failuresInARow={failuresInARow} />
    </footer>
  );
}
