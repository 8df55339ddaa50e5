/**
 * The status bar's realtime item: one line on the shared socket, with a reconnect countdown. It
 * renders when the socket's status changes, and each second only while a countdown runs.
 */
import { useLanguage } from '../i18n/use-language';
import { useState } from 'react';
import { useRealtimeStatus } from '../realtime/hooks';
import { type RealtimeStatus } from '../realtime/types';
import { realtimeStatusText, type RealtimeTone } from './realtime-status-text';
import { useNow } from '../components/use-now';
import { wallClock } from '../time/clock';
import { useNetworkUp } from '../queries/use-network-up';

const DOT: Record<RealtimeTone, string> = {
  ok: 'bg-emerald-500',
  pending: 'bg-sky-500',
  warning: 'bg-amber-500',
  off: 'bg-slate-400',
};

interface RealtimeStatusItemProps {
  className: string;
}

function StatusLine({ className, status, retryIn }: RealtimeStatusItemProps & { status: RealtimeStatus; retryIn: number | undefined }) {
  useLanguage();
  const { text, tone, detail } = realtimeStatusText(status, retryIn, useNetworkUp());
  return (
    <span className={className} data-testid="status-realtime" data-connection={status.connection} role="status" title={detail ?? text}>
      <span aria-hidden className={`inline-block h-2 w-2 shrink-0 rounded-full ${DOT[tone]}`} />
      <span className={tone === 'warning' ? 'truncate text-amber-600 dark:text-amber-400' : 'truncate'}>{text}</span>
    </span>
  );
}

/** One status snapshot with a retry delay: counted down from when it arrived (mounted afresh for each). */
function Countdown({ className, status, retryInMs }: RealtimeStatusItemProps & { status: RealtimeStatus; retryInMs: number }) {
  const [arrived] = useState(() => wallClock.now());
  const now = useNow(1_000, (current) => current < arrived + retryInMs);
  return <StatusLine className={className} status={status} retryIn={Math.max(0, arrived + retryInMs - now)} />;
}

export function RealtimeStatusItem({ className }: RealtimeStatusItemProps) {
  const status = useRealtimeStatus();
  // Each snapshot's retryInMs counts from when it was taken, so each snapshot gets a countdown of
  // its own, even one with the same delay as the last (a capped backoff).
  const [seen, setSeen] = useState({ status, count: 0 });
  if (seen.status !== status) setSeen({ status, count: seen.count + 1 });
  if (status.retryInMs === undefined) return <StatusLine className={className} status={status} retryIn={undefined} />;
  return <Countdown key={seen.count} className={className} status={status} retryInMs={status.retryInMs} />;
}
