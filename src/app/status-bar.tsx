/** The status bar: data source, realtime socket, last update, request latency and rate-limit state. */
import { useEffect, useReducer, useState } from 'react';
import { onRequestSettled } from '../api/client';
import { RealtimeStatusItem } from './realtime-status';
import { foldRequestEvent, INITIAL_STATS } from './request-stats';

function useNow(periodMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, periodMs);
    return () => {
      clearInterval(timer);
    };
  }, [periodMs]);
  return now;
}

function ago(ms: number): string {
  if (ms < 1_500) return 'just now';
  if (ms < 60_000) return `${String(Math.round(ms / 1000))} s ago`;
  return `${String(Math.round(ms / 60_000))} min ago`;
}

export function StatusBar() {
  const [stats, dispatch] = useReducer(foldRequestEvent, INITIAL_STATS);
  useEffect(() => onRequestSettled(dispatch), []);
  const now = useNow(1_000);
  const limited = stats.rateLimitedUntil !== undefined && stats.rateLimitedUntil > now;
  const source = stats.source === 'upstream' ? 'Live upstream' : stats.source === 'simulator' ? 'Simulator' : 'Connecting…';
  const item = 'flex items-center gap-1 whitespace-nowrap';
  return (
    <footer aria-label="Status" className="flex flex-wrap items-center gap-x-4 gap-y-1 border-t border-slate-200 bg-white px-3 py-1 text-xs text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-400">
      <span className={item} data-testid="status-source">
        <span aria-hidden className={`inline-block h-2 w-2 rounded-full ${stats.source === 'upstream' ? 'bg-emerald-500' : stats.source ? 'bg-sky-500' : 'bg-slate-400'}`} />
        Data: {source}
      </span>
      <RealtimeStatusItem className={item} now={now} />
      <span className={item} data-testid="status-updated">
        Updated: {stats.lastUpdate ? `${new Date(stats.lastUpdate).toLocaleTimeString()} (${ago(now - stats.lastUpdate)})` : '—'}
      </span>
      <span className={item} data-testid="status-latency">
        Latency: {stats.latencyMs !== undefined ? `${String(Math.round(stats.latencyMs))} ms` : '—'}
        {stats.typicalLatencyMs !== undefined && <span>(median {String(Math.round(stats.typicalLatencyMs))} ms)</span>}
      </span>
      <span className={item} data-testid="status-rate-limit" role="status">
        {limited ? (
          <span className="text-amber-600 dark:text-amber-400">Rate limited — waiting {String(Math.ceil(((stats.rateLimitedUntil ?? now) - now) / 1000))} s</span>
        ) : stats.failuresInARow > 0 ? (
          <span className="text-amber-600 dark:text-amber-400">{String(stats.failuresInARow)} failed request{stats.failuresInARow > 1 ? 's' : ''} in a row</span>
        ) : (
          'Rate limit: OK'
        )}
      </span>
    </footer>
  );
}
