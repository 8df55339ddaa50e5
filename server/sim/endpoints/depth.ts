/**
 * GET /v1/market/depth: the order book of one symbol (US, HK and A-share stocks, China futures,
 * crypto), the same book the realtime depth channel pushes.
 */
import { TYPES_FOR_QUOTES } from '#shared/contract.ts';
import type { Instrument } from '../catalog/types.ts';
import { depthBook, hasDepth } from '../engine/depth-book.ts';
import { modelOf } from '../engine/instrument-model.ts';
import { requiredParam, typeParam } from '../http/query.ts';
import { invalidParameter } from '../http/sim-error.ts';
import { success, type Endpoint } from './endpoint.ts';
import { priceText, volumeText } from './format.ts';
import { resolveSymbol } from './resolve.ts';

/** The book as JSON: `data` of this endpoint and of the realtime depth push. */
export function depthJson(symbol: string, instrument: Instrument, now: number): Record<string, unknown> | undefined {
  const model = modelOf(instrument);
  const book = depthBook(model, now);
  if (!book) return undefined;
  const level = ([price, quanta]: readonly [number, number]): [string, string] => [priceText(model, price), volumeText(model, quanta)];
  return { symbol, type: instrument.type, bids: book.bids.map(level), asks: book.asks.map(level), timestamp: book.timestamp };
}

export const depth: Endpoint = ({ query, now }) => {
  const symbolParam = requiredParam(query, 'symbol');
  const type = typeParam(query, TYPES_FOR_QUOTES);
  const { symbol, instrument } = resolveSymbol(symbolParam, type);
  if (!hasDepth(instrument)) throw invalidParameter(`depth is not available for ${symbol}`);
  return success(depthJson(symbol, instrument, now) ?? { symbol, type: instrument.type, bids: [], asks: [], timestamp: now });
};
