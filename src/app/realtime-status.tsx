/** The status bar's realtime item: one line on the shared socket, with a reconnect countdown. */
import { useState } from 'react';
import { useRealtimeStatus } from '../realtime';
import { realtimeStatusText, type RealtimeTone } from './realtime-status-text';

const DOT: Record<RealtimeTone, string> = {
  ok: 'bg-emerald-500',
  pending: 'bg-sky-500',
  warning: 'bg-amber-500',
  off: 'bg-slate-400',
};

interface RealtimeStatusItemProps {
  className: string;
  /** The status bar's ticking clock, which counts the reconnect delay down. */
  now: number;
}

export function RealtimeStatusItem({ className, now }: RealtimeStatusItemProps) {
  const status = useRealtimeStatus();
  // When this snapshot arrived: its retryInMs counts from then.
  const [seen, setSeen] = useState({ status, at: now });
  if (seen.status !== status) setSeen({ status, at: now });
  const retryIn = status.retryInMs === undefined ? undefined : Math.max(0, seen.at + status.retryInMs - now);
  const { text, tone, detail } = realtimeStatusText(status, retryIn);
  return (
    <span className={className} data-testid="status-realtime" data-connection={status.connection} role="status" title={detail}>
      <span aria-hidden className={`inline-block h-2 w-2 rounded-full ${DOT[tone]}`} />
      <span className={tone === 'warning' ? 'text-amber-600 dark:text-amber-400' : undefined}>{text}</span>
    </span>
  );
}
