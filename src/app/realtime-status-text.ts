/**
 * What the status bar says about the realtime socket: streaming, silent (no answer by a deadline),
 * reconnecting (with the countdown), unavailable, or which channels fell back to HTTP. Short words of our own: the
 * service's codes and messages go to the tooltip (`detail`), never into the bar.
 */
import { andList } from '../i18n/format';
import { t, type MessageKey } from '../i18n/t';
import type { RealtimeChannel, RealtimeStatus } from '../realtime/types';

export type RealtimeTone = 'ok' | 'pending' | 'warning' | 'off';

export interface RealtimeStatusText {
  text: string;
  tone: RealtimeTone;
  /** The service's reason, for the tooltip. */
  detail?: string;
}

const CHANNEL_NAMES: Record<RealtimeChannel, MessageKey> = { ticker: 'Quotes', trade: 'Trades', depth: 'Depth' };
const ORDER: readonly RealtimeChannel[] = ['ticker', 'trade', 'depth'];

function reason(code: number | undefined, message: string | undefined): string | undefined {
  if (code === undefined && message === undefined) return undefined;
  return [code, message].filter((part) => part !== undefined && part !== '').join(' ');
}

/** "Quotes", "Quotes and trades", "Quotes, trades and depth". */
function listed(names: readonly string[]): string {
  // English lower-cases the names after the first ('Quotes, trades and depth'); Chinese has no case.
  const [first = '', ...rest] = names;
  return andList([first, ...rest.map((name) => name.toLowerCase())]);
}

/**
 * `retryInMs`: the time left now, counted down by the caller. `networkUp`: the browser's network
 * (offline, nothing polls either: the queries wait for the network).
 */
export function realtimeStatusText(status: RealtimeStatus, retryInMs: number | undefined, networkUp = true): RealtimeStatusText {
  const detail = reason(status.code, status.message);
  // An open socket that still answers is trusted over the browser's word.
  if (!networkUp && (status.connection !== 'open' || status.silent)) return { text: t('Live: offline — waiting for the network'), tone: 'off' };
  // Open or reconnecting, a socket that stopped answering is not live whatever it says.
  if (status.silent) return { text: t('Live: no answer — polling over HTTP'), tone: 'warning' };
  switch (status.connection) {
    case 'idle':
      return { text: t('Live: idle'), tone: 'off' };
    case 'connecting':
      return { text: t('Live: connecting…'), tone: 'pending' };
    case 'reconnecting': {
      const text =
        retryInMs === undefined
          ? t('Live: reconnecting — polling over HTTP')
          : t('Live: reconnecting in {n} s — polling over HTTP', { n: Math.max(1, Math.ceil(retryInMs / 1000)) });
      return { text, tone: 'warning', ...(detail !== undefined && { detail }) };
    }
    case 'unavailable':
      return { text: t('Live: unavailable — polling over HTTP'), tone: 'warning', ...(detail !== undefined && { detail }) };
    case 'open':
      break;
  }
  const refused = ORDER.filter((channel) => status.channels[channel].state === 'refused');
  if (refused.length > 0) {
    const reasons = refused.map((channel) => {
      const { code, message } = status.channels[channel];
      return `${t('{channels} over HTTP', { channels: t(CHANNEL_NAMES[channel]) })}: ${reason(code, message) ?? t('refused by the service')}`;
    });
    return {
      text: t('{channels} over HTTP', { channels: listed(refused.map((channel) => t(CHANNEL_NAMES[channel]))) }),
      tone: 'warning',
      detail: reasons.join('\n'),
    };
  }
  const waiting = ORDER.some((channel) => status.channels[channel].state === 'connecting' || status.channels[channel].state === 'down');
  return waiting ? { text: t('Live: subscribing…'), tone: 'pending' } : { text: t('Live: streaming'), tone: 'ok' };
}
