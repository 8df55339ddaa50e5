/**
 * A replay in the URL: `replay=START~POSITION` (epoch ms), then its speed when not the default
 * (`~4b`: four 1-minute bars a second, `~60x`: real time ×60) and `~blind` for a blind start (its
 * date hidden until the end); the symbol is the link's own. A link reopens the replay at its
 * position and speed.
 */
import type { ReplaySpeed } from './replay-clock';
import { REPLAY_PARAM } from './replay-switch';

export interface ReplayLink {
  start: number;
  position: number;
  blind: boolean;
  /** Absent: the default speed. */
  speed?: ReplaySpeed | undefined;
}

/** Bars a second and real-time factors a link may name: what the controls offer, and a margin. */
const MAX_BARS_PER_SECOND = 60;
const MAX_REALTIME_FACTOR = 3_600;

function speedToken(speed: ReplaySpeed): string {
  return speed.kind === 'realtime' ? `${String(speed.factor)}x` : `${String(speed.perSecond)}b`;
}

function parseSpeed(token: string): ReplaySpeed | undefined {
  const match = /^(\d{1,4})([bx])$/.exec(token);
  const count = Number(match?.[1]);
  if (!match || count < 1) return undefined;
  if (match[2] === 'b') return count <= MAX_BARS_PER_SECOND ? { kind: 'bars', interval: '1m', perSecond: count } : undefined;
  return count <= MAX_REALTIME_FACTOR ? { kind: 'realtime', factor: count } : undefined;
}

const EARLIEST = Date.UTC(1990, 0, 1);

export function parseReplayParam(text: string | null): ReplayLink | undefined {
  if (!text) return undefined;
  const [rawStart = '', rawPosition = '', ...flags] = text.split('~');
  const start = Number(rawStart);
  const position = rawPosition === '' ? start : Number(rawPosition);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(position) || start < EARLIEST || position < start) return undefined;
  // An unknown or bad flag is dropped: the replay still opens, at the default speed.
  const speed = flags.map(parseSpeed).find((each) => each !== undefined);
  return { start, position, blind: flags.includes('blind'), ...(speed && { speed }) };
}

export function replayParam({ start, position, blind, speed }: ReplayLink): string {
  return [String(start), String(Math.round(position)), ...(speed ? [speedToken(speed)] : []), ...(blind ? ['blind'] : [])].join('~');
}

/** `search` with the replay's parameter set (or removed, for undefined). */
export function withReplayParam(search: string, link: ReplayLink | undefined): string {
  const params = new URLSearchParams(search);
  if (link) params.set(REPLAY_PARAM, replayParam(link));
  else params.delete(REPLAY_PARAM);
  const text = params.toString().replaceAll('%7E', '~').replaceAll('%2C', ',');
  return text === '' ? '' : `?${text}`;
}
