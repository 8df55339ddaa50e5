/**
 * What the status bar says about the realtime socket: streaming, reconnecting (with the countdown),
 * unavailable, or which channels fell back to HTTP and why.
 */
import type { RealtimeChannel, RealtimeStatus } from '../realtime';

export type RealtimeTone = 'ok' | 'pending' | 'warning' | 'off';

export interface RealtimeStatusText {
  text: string;
  tone: RealtimeTone;
  /** The service's reason, for the tooltip. */
  detail?: string;
}

const CHANNEL_NAMES: Record<RealtimeChannel, string> = { ticker: 'Quotes', trade: 'Trades', depth: 'Depth' };
const ORDER: readonly RealtimeChannel[] = ['ticker', 'trade', 'depth'];

function reason(code: number | undefined, message: string | undefined): string | undefined {
  if (code === undefined && message === undefined) return undefined;
  return [code, message].filter((part) => part !== undefined && part !== '').join(' ');
}

/** `retryInMs`: the time left now, counted down by the caller. */
export function realtimeStatusText(status: RealtimeStatus, retryInMs: number | undefined): RealtimeStatusText {
  const detail = reason(status.code, status.message);
  switch (status.connection) {
    case 'idle':
      return { text: 'Live: idle', tone: 'off' };
    case 'connecting':
      return { text: 'Live: connecting…', tone: 'pending' };
    case 'reconnecting': {
      const wait = retryInMs === undefined ? '' : ` in ${String(Math.max(1, Math.ceil(retryInMs / 1000)))} s`;
      return { text: `Live: reconnecting${wait} — polling over HTTP`, tone: 'warning', ...(detail !== undefined && { detail }) };
    }
    case 'unavailable':
      return { text: 'Live: unavailable — polling over HTTP', tone: 'warning', ...(detail !== undefined && { detail }) };
    case 'open':
      break;
  }
  const refused = ORDER.filter((channel) => status.channels[channel].state === 'refused').map((channel) => {
    const { code, message } = status.channels[channel];
    const why = reason(code, message);
    return `${CHANNEL_NAMES[channel]} over HTTP${why === undefined ? '' : ` (${why})`}`;
  });
  if (refused.length > 0) return { text: refused.join(' · '), tone: 'warning' };
  const waiting = ORDER.some((channel) => status.channels[channel].state === 'connecting' || status.channels[channel].state === 'down');
  return waiting ? { text: 'Live: subscribing…', tone: 'pending' } : { text: 'Live: streaming', tone: 'ok' };
}
