/** What the tape says when trades are not pushed and it polls HTTP instead (undefined: nothing to say). */
import type { ChannelState, RealtimeStatus } from '../../realtime/types';

export function liveTradesNotice(state: ChannelState, status: RealtimeStatus, pollSeconds: number): string | undefined {
  if (state !== 'refused' && state !== 'down') return undefined;
  const channel = status.channels.trade;
  const reason =
    state === 'refused'
      ? [channel.code, channel.message].filter((part) => part !== undefined).join(' ') || 'refused'
      : status.connection === 'unavailable'
        ? [status.code, status.message].filter((part) => part !== undefined).join(' ') || 'connection unavailable'
        : 'reconnecting';
  return `Live trades unavailable (${reason}) — polling every ${String(pollSeconds)} s`;
}
