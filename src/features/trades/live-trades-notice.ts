/** What the tape says when trades are not pushed and it polls HTTP instead (undefined: nothing to say). */
import { t } from '../../i18n/t';
import type { ChannelState, RealtimeStatus } from '../../realtime/types';

export function liveTradesNotice(state: ChannelState, status: RealtimeStatus, pollSeconds: number): string | undefined {
  if (state !== 'refused' && state !== 'down') return undefined;
  const channel = status.channels.trade;
  const reason =
    state === 'refused'
      ? [channel.code, channel.message].filter((part) => part !== undefined).join(' ') || t('refused')
      : status.connection === 'unavailable'
        ? [status.code, status.message].filter((part) => part !== undefined).join(' ') || t('connection unavailable')
        : t('reconnecting');
  return t('Live trades unavailable ({reason}) — polling every {n} s', { reason, n: pollSeconds });
}
