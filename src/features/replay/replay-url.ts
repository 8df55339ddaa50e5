/**
 * A replay in the URL: `replay=START~POSITION` (epoch ms), with `~blind` for a blind start (its
 * date hidden until the end); the symbol is the link's own. A link reopens the replay at its position.
 */
import { REPLAY_PARAM } from './replay-switch';

export interface ReplayLink {
  start: number;
  position: number;
  blind: boolean;
}

const EARLIEST = Date.UTC(1990, 0, 1);

export function parseReplayParam(text: string | null): ReplayLink | undefined {
  if (!text) return undefined;
  const [rawStart = '', rawPosition = '', flag] = text.split('~');
  const start = Number(rawStart);
  const position = rawPosition === '' ? start : Number(rawPosition);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(position) || start < EARLIEST || position < start) return undefined;
  return { start, position, blind: flag === 'blind' };
}

export function replayParam({ start, position, blind }: ReplayLink): string {
  return [String(start), String(Math.round(position)), ...(blind ? ['blind'] : [])].join('~');
}

/** `search` with the replay's parameter set (or removed, for undefined). */
export function withReplayParam(search: string, link: ReplayLink | undefined): string {
  const params = new URLSearchParams(search);
  if (link) params.set(REPLAY_PARAM, replayParam(link));
  else params.delete(REPLAY_PARAM);
  const text = params.toString().replaceAll('%7E', '~').replaceAll('%2C', ',');
  return text === '' ? '' : `?${text}`;
}
