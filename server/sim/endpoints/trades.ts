/** GET /v1/market/trades (§4.4): US, HK and A-share stocks, China futures and crypto. */
import { DEFAULT_LIMIT, TYPES_FOR_QUOTES } from '#shared/contract.ts';
import { modelOf, type InstrumentModel } from '../engine/instrument-model.ts';
import type { SimTrade } from '../engine/trades.ts';
import { recentTrades } from '../engine/trade-tape.ts';
import { limitParam, requiredParam, typeParam } from '../http/query.ts';
import { invalidParameter } from '../http/sim-error.ts';
import { success, type Endpoint } from './endpoint.ts';
import { priceText, volumeText } from './format.ts';
import { resolveSymbol } from './resolve.ts';

export const trades: Endpoint = ({ query, now }) => {
  const symbolParam = requiredParam(query, 'symbol');
  const type = typeParam(query, TYPES_FOR_QUOTES);
  const limit = limitParam(query, DEFAULT_LIMIT);
  const { symbol, instrument } = resolveSymbol(symbolParam, type);
  if (instrument.type === 'forex' || instrument.type === 'indices') {
    throw invalidParameter(`trades are not available for ${instrument.type} symbols`);
  }
  const model = modelOf(instrument);
  return success({
    symbol,
    type: instrument.type,
    trades: recentTrades(model, limit, now).map((trade) => tradeJson(model, trade)),
  });
};

/** One trade as the API writes it (shared with the realtime trade channel). */
export function tradeJson(model: InstrumentModel, trade: SimTrade): Record<string, unknown> {
  return {
    id: trade.id,
    price: priceText(model, trade.price),
    quantity: volumeText(model, trade.quanta),
    side: trade.side,
    timestamp: trade.timestamp,
    ...(trade.openInterestChange !== undefined && { open_interest_change: trade.openInterestChange }),
    ...(trade.positionEffect !== undefined && { position_effect: trade.positionEffect }),
  };
}
