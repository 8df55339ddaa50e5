/**
 * What the status bar says about the realtime socket: streaming, reconnecting (with the
 * countdown), unavailable, or which channels fell back to HTTP. Short words of our own: the
 * service's codes and messages go to the tooltip (`detail`), never into the bar.
 */
import type { RealtimeChannel, RealtimeStatus } from '../realtime/types';

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

/** "Quotes", "Quotes and trades", "Quotes, trades and depth". */
function listed(names: readonly string[]): string {
  const [first = '', ...rest] = names;
  const tail = rest.map((name) => name.toLowerCase());
  const last = tail.pop();
  return last === undefined ? first : `${[first, ...tail].join(', ')} and ${last}`;
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
  const refused = ORDER.filter((channel) => status.channels[channel].state === 'refused');
  if (refused.length > 0) {
    const reasons = refused.map((channel) => {
      const { code, message } = status.channels[channel];
      return `${CHANNEL_NAMES[channel]} over HTTP: ${reason(code, message) ?? 'refused by the service'}`;
    });
    return { text: `${listed(refused.map((channel) => CHANNEL_NAMES[channel]))} over HTTP`, tone: 'warning', detail: reasons.join('\n') };
  }
  const waiting = ORDER.some((channel) => status.channels[channel].state === 'connecting' || status.channels[channel].state === 'down');
  return waiting ? { text: 'Live: subscribing…', tone: 'pending' } : { text: 'Live: streaming', tone: 'ok' };
}
