/**
 * Wire shapes of `/v1/realtime` (en/websocket/*.mdx, AsyncAPI tickerData/depthData/tradeData),
 * validated with the lean schemas of src/api/schema.ts. Unknown fields are tolerated (a field the service adds later must not
 * drop every push); decimals stay strings. `parseServerMessages` never throws.
 */
import * as z from '../api/schema';
import { decimal, timestampMs } from '../api/schema-primitives';
import type { DepthPush, RealtimeChannel, TickerPush, TradePush } from './types';

const tickerData = z.object({
  symbol: z.string(),
  type: z.optional(z.string()),
  name: z.optional(z.string()),
  last_price: decimal,
  timestamp: timestampMs,
  bid_price: z.optional(decimal),
  ask_price: z.optional(decimal),
  spread: z.optional(decimal),
  volume_24h: z.optional(decimal),
  high_24h: z.optional(decimal),
  low_24h: z.optional(decimal),
  price_change_24h: z.optional(decimal),
  price_change_percent_24h: z.optional(decimal),
  open: z.optional(decimal),
  prev_close: z.optional(decimal),
  quote_volume_24h: z.optional(decimal),
  /** A US stock's extended session: the push's price, volume, high and low are that session's. */
  // A plain string: a session the service names later must not drop the push (it is kept out of the regular figures).
  trade_session: z.optional(z.string()),
  quote_volume: z.optional(decimal),
});

const level = z.tuple([decimal, decimal]);
const depthData = z.object({
  symbol: z.string(),
  type: z.optional(z.string()),
  bids: z.array(level),
  asks: z.array(level),
  timestamp: timestampMs,
});

const tradeFields = {
  price: decimal,
  quantity: decimal,
  side: z.string(),
  timestamp: timestampMs,
};
/** HK/US stocks and crypto: several trades under data.trades. */
const tradeListData = z.object({
  symbol: z.string(),
  type: z.optional(z.string()),
  trades: z.array(z.object({ id: z.string(), ...tradeFields })),
});
/** A-shares and China futures: one trade, fields under data. */
const singleTradeData = z.object({
  id: z.optional(z.string()),
  symbol: z.string(),
  type: z.optional(z.string()),
  ...tradeFields,
  open_interest_change: z.optional(z.nullable(z.int())),
  position_effect: z.optional(z.string()),
});

const reply = z.object({
  cmd: z.string(),
  code: z.union([z.number(), z.string()]),
  message: z.optional(z.string()),
  data: z.optional(z.unknown()),
});

export type ServerMessage =
  | { kind: 'ticker'; symbol: string; type: string | undefined; pushes: TickerPush[] }
  | { kind: 'depth'; symbol: string; type: string | undefined; pushes: DepthPush[] }
  | { kind: 'trade'; symbol: string; type: string | undefined; pushes: TradePush[] }
  | { kind: 'reply'; cmd: string; code: number; message: string; data: unknown }
  | { kind: 'invalid' };

const INVALID: ServerMessage = { kind: 'invalid' };

function parseTrade(data: unknown): ServerMessage {
  const list = tradeListData.safeParse(data);
  if (list.success) {
    const { symbol, type } = list.data;
    return { kind: 'trade', symbol, type, pushes: list.data.trades.map((trade) => ({ ...trade, symbol })) };
  }
  const single = singleTradeData.safeParse(data);
  if (!single.success) return INVALID;
  const { type, ...trade } = single.data;
  return { kind: 'trade', symbol: trade.symbol, type, pushes: [trade] };
}

function parsePush(channel: RealtimeChannel, data: unknown): ServerMessage {
  if (channel === 'trade') return parseTrade(data);
  if (channel === 'ticker') {
    const parsed = tickerData.safeParse(data);
    return parsed.success ? { kind: 'ticker', symbol: parsed.data.symbol, type: parsed.data.type, pushes: [parsed.data] } : INVALID;
  }
  const parsed = depthData.safeParse(data);
  if (!parsed.success) return INVALID;
  const { type, ...book } = parsed.data;
  return { kind: 'depth', symbol: book.symbol, type, pushes: [book] };
}

/** One message of a frame, classified and validated. */
function classify(json: unknown): ServerMessage {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return INVALID;
  const message = json as { cmd?: unknown; code?: unknown; data?: unknown };
  if ('code' in message) {
    const parsed = reply.safeParse(json);
    if (!parsed.success) return INVALID;
    const code = Number(parsed.data.code);
    if (!Number.isInteger(code)) return INVALID;
    return { kind: 'reply', cmd: parsed.data.cmd, code, message: parsed.data.message ?? '', data: parsed.data.data };
  }
  if (message.cmd === 'ticker' || message.cmd === 'depth' || message.cmd === 'trade') return parsePush(message.cmd, message.data);
  return INVALID;
}

/**
 * One text frame from the server: a message, or an array of them (our server sends a turn's
 * messages as one array, as the service's full-market channels do: server/realtime/turn-batch.ts),
 * each classified and validated, in order.
 */
export function parseServerMessages(text: unknown): ServerMessage[] {
  if (typeof text !== 'string') return [INVALID];
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return [INVALID];
  }
  return Array.isArray(json) ? json.map(classify) : [classify(json)];
}
