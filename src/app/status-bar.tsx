/**
 * The status bar: data source, realtime socket, last update, request latency and rate-limit state.
 * The bar renders when a request settles; only the items that count time tick, each on its own
 * (the age of the last update; the reconnect and rate-limit countdowns while they run).
 */
import { memo, useEffect, useReducer } from 'react';
import { useAppServices } from '../queries/app-services-context';
import { RealtimeStatusItem } from './realtime-status';
import { foldRequestEvent, INITIAL_STATS } from './request-stats';
import { useNow } from '../components/use-now';

const ITEM = 'flex items-center gap-1 whitespace-nowrap';

function ago(ms: number): string {
  if (ms < 1_500) return 'just now';
  if (ms < 60_000) return `${String(Math.round(ms / 1000))} s ago`;
  return `${String(Math.round(ms / 60_000))} min ago`;
}

/** "Updated: 15:04:05 (12 s ago)": the one text of the bar that changes every second. */
function UpdatedItem({ at }: { at: number | undefined }) {
  const now = useNow(1_000, at !== undefined);
  return (
    <span className={ITEM} data-testid="status-updated">
      Updated: {at !== undefined ? `${new Date(at).toLocaleTimeString()} (${ago(now - at)})` : '—'}
    </span>
  );
}

interface RateLimitItemProps {
  /** Until when the service asked us to wait (3001 with Retry-After). */
  until: number | undefined;
  failuresInARow: number;
}

function RateLimitText({ limitedFor, failuresInARow }: { limitedFor: number; failuresInARow: number }) {
  if (limitedFor > 0) return <span className="text-amber-600 dark:text-amber-400">Rate limited — waiting {String(Math.ceil(limitedFor / 1000))} s</span>;
  if (failuresInARow > 0) {
    return <span className="text-amber-600 dark:text-amber-400">{String(failuresInARow)} failed request{failuresInARow > 1 ? 's' : ''} in a row</span>;
  }
  return 'Rate limit: OK';
}

/** One rate-limit wait, counted down from its arrival (mounted afresh for each wait), then still. */
function RateLimitCountdown({ until, failuresInARow }: { until: number; failuresInARow: number }) {
  const now = useNow(1_000, (current) => current < until);
  return <RateLimitText limitedFor={until - now} failuresInARow={failuresInARow} />;
}

function RateLimitItem({ until, failuresInARow }: RateLimitItemProps) {
  return (
    <span className={ITEM} data-testid="status-rate-limit" role="status">
      {until === undefined ? (
        <RateLimitText limitedFor={0} failuresInARow={failuresInARow} />
      ) : (
        <RateLimitCountdown key={until} until={until} failuresInARow={failuresInARow} />
      )}
    </span>
  );
}

const Realtime = memo(function Realtime() {
  return <RealtimeStatusItem className={ITEM} />;
});

export function StatusBar() {
  const { api } = useAppServices();
  const [stats, dispatch] = useReducer(foldRequestEvent, INITIAL_STATS);
  useEffect(() => api.onSettled(dispatch), [api]);
  const source = stats.source === 'upstream' ? 'Live upstream' : stats.source === 'simulator' ? 'Simulator' : 'Connecting…';
  return (
    <footer aria-label="Status" className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-slate-200 bg-white px-3 py-1 text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
      <span className={ITEM} data-testid="status-source">
        <span aria-hidden className={`inline-block h-2 w-2 rounded-full ${stats.source === 'upstream' ? 'bg-emerald-500' : stats.source ? 'bg-sky-500' : 'bg-slate-400'}`} />
        Data: {source}
      </span>
      <Realtime />
      <UpdatedItem at={stats.lastUpdate} />
      <span className={ITEM} data-testid="status-latency">
        Latency: {stats.latencyMs !== undefined ? `${String(Math.round(stats.latencyMs))} ms` : '—'}
        {stats.typicalLatencyMs !== undefined && <span>(median {String(Math.round(stats.typicalLatencyMs))} ms)</span>}
      </span>
      <RateLimitItem until={stats.rateLimitedUntil} failuresInARow={stats.failuresInARow} />
    </footer>
  );
}
