/**
 * The frames the shared feed writes to browsers itself, in the contract's `{cmd, code, message,
 * data}` shapes (the simulator's texts), and the per-browser spelling of an upstream frame.
 */
import { PRODUCT_TYPES, REALTIME_CHANNELS, type ProductType, type RealtimeChannel } from '#shared/contract.ts';
import { errorReply, reply } from '#shared/realtime-messages.ts';

export { errorReply, parseClientMessage, reply } from '#shared/realtime-messages.ts';

/** A browser's spelling of a symbol: trimmed and upper-cased, as the service echoes it. */
export const spellingOf = (symbol: string): string => symbol.trim().toUpperCase();

export const pong = (now: number): string => reply('pong', 0, 'pong', { timestamp: now });

export const subscribed = (channel: RealtimeChannel, symbols: readonly string[]): string => reply('subscribe', 0, 'success', { channel, symbols });

export const unsubscribed = (channel: RealtimeChannel, symbols: readonly string[]): string => reply('unsubscribe', 0, 'success', { channel, symbols });

export function isChannel(value: string): value is RealtimeChannel {
  return (REALTIME_CHANNELS as readonly string[]).includes(value);
}

export function isProductType(value: unknown): value is ProductType {
  return typeof value === 'string' && (PRODUCT_TYPES as readonly string[]).includes(value);
}

/** The 2001 replies the simulator gives for a bad channel, type or empty list. */
export const invalid = {
  channel: (cmd: string, channel: string) => errorReply(cmd, 2001, { channel }, `channel must be one of ${REALTIME_CHANNELS.join(', ')}`),
  type: (cmd: string, channel: string) => errorReply(cmd, 2001, { channel }, `type must be one of ${PRODUCT_TYPES.join(', ')}`),
  empty: (cmd: string, channel: string) => errorReply(cmd, 2001, { channel }, 'symbols is empty'),
  tooMany: (channel: string, symbols: readonly string[], limit: number) => errorReply('subscribe', 3004, { channel, symbols, limit }),
};

export interface UpstreamFrame {
  cmd: string;
  code?: unknown;
  message?: unknown;
  data?: unknown;
}

/** An upstream text frame as an object with a string `cmd`, else undefined. */
export function parseFrame(text: string): UpstreamFrame | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    return typeof (value as { cmd?: unknown }).cmd === 'string' ? (value as UpstreamFrame) : undefined;
  } catch {
    return undefined;
  }
}

export function recordOf(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** `frame` with `data.symbol` (pushes) set to `spelling`; the other fields keep their order. */
export function respellPush(frame: UpstreamFrame, data: Record<string, unknown>, spelling: string): string {
  return JSON.stringify({ ...frame, data: { ...data, symbol: spelling } });
}

/** A reply naming symbols (`data.symbols`, and `data.symbol` when present) in one browser's spellings. */
export function respellReply(frame: UpstreamFrame, data: Record<string, unknown>, spellings: readonly string[]): string {
  const respelled: Record<string, unknown> = { ...data, symbols: spellings };
  if (typeof data.symbol === 'string' && spellings.length === 1) respelled.symbol = spellings[0];
  return JSON.stringify({ ...frame, data: respelled });
}
