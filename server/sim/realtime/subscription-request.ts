/**
 * Checks a subscribe/unsubscribe request against the rules of the channels: the channel and type
 * values, the plan (1004), run-time refusals (4003/4004) and each symbol (2002 unknown, 2001
 * ambiguous or not served on the channel). Symbols that pass go ahead; each failure is a reply.
 */
import { AMBIGUOUS_SYMBOL, PRODUCT_TYPES, REALTIME_CHANNELS, type ProductType, type RealtimeChannel } from '#shared/contract.ts';
import { lookupSymbol } from '../catalog/lookup.ts';
import type { Instrument } from '../catalog/types.ts';
import { planAllowsChannel, type Plan } from '../http/access.ts';
import { errorReply, type SubscriptionCommand } from '#shared/realtime-messages.ts';
import { channelServes } from './feeds.ts';
import type { RealtimeSettings } from './types.ts';

export interface Accepted {
  /** As the client wrote it, trimmed and upper-cased: pushes echo it, as HTTP answers do. */
  symbol: string;
  instrument: Instrument;
}

export type Checked =
  | { ok: false; reply: string }
  | { ok: true; channel: RealtimeChannel; type: ProductType | undefined; symbols: string[]; accepted: Accepted[]; errors: string[] };

const REFUSALS = {
  depth: { code: 4003, suggestion: 'Use GET /v1/market/depth' },
  trade: { code: 4004, suggestion: 'Use GET /v1/market/trades' },
} as const;

/** The 4003/4004 message, also sent when a refusal is switched on over held subscriptions. */
export function refusalReply(channel: 'depth' | 'trade', symbols: readonly string[]): string {
  const { code, suggestion } = REFUSALS[channel];
  return errorReply('subscribe', code, { channel, symbols, suggestion });
}

function isChannel(value: string): value is RealtimeChannel {
  return (REALTIME_CHANNELS as readonly string[]).includes(value);
}

function isProductType(value: unknown): value is ProductType {
  return typeof value === 'string' && (PRODUCT_TYPES as readonly string[]).includes(value);
}

export function checkRequest(request: SubscriptionCommand, plan: Plan, settings: RealtimeSettings): Checked {
  const { cmd, channel } = request;
  const fail = (reply: string): Checked => ({ ok: false, reply });
  if (!isChannel(channel)) return fail(errorReply(cmd, 2001, { channel }, `channel must be one of ${REALTIME_CHANNELS.join(', ')}`));
  if (request.type !== undefined && !isProductType(request.type)) {
    return fail(errorReply(cmd, 2001, { channel }, `type must be one of ${PRODUCT_TYPES.join(', ')}`));
  }
  const type = request.type;
  const symbols = [...new Set(request.symbols.map((symbol) => symbol.trim().toUpperCase()))];
  if (symbols.length === 0) return fail(errorReply(cmd, 2001, { channel }, 'symbols is empty'));
  if (cmd === 'subscribe') {
    if (!planAllowsChannel(plan, channel)) return fail(errorReply(cmd, 1004, { channel, symbols }, `the ${plan} plan does not include the ${channel} channel`));
    if (channel !== 'ticker' && settings.refuse[channel]) return fail(refusalReply(channel, symbols));
  }
  const accepted: Accepted[] = [];
  const errors: string[] = [];
  const unknown: string[] = [];
  for (const symbol of symbols) {
    const found = lookupSymbol(symbol, type);
    if (found.kind === 'not-found') {
      unknown.push(symbol);
    } else if (found.kind === 'ambiguous') {
      const types = found.candidates.map((candidate) => candidate.type);
      const detail = `${AMBIGUOUS_SYMBOL}: ${symbol} is listed as ${types.join(' and ')}; pass type`;
      errors.push(errorReply(cmd, 2001, { channel, symbols: [symbol], error: AMBIGUOUS_SYMBOL, symbol, types }, detail));
    } else if (!channelServes(channel, found.instrument)) {
      errors.push(errorReply(cmd, 2001, { channel, symbols: [symbol] }, `${channel} is not available for ${symbol}`));
    } else {
      accepted.push({ symbol, instrument: found.instrument });
    }
  }
  if (unknown.length > 0) errors.push(errorReply(cmd, 2002, { channel, symbols: unknown }));
  return { ok: true, channel, type, symbols, accepted, errors };
}
