/** GET /v1/market/kline (§4.2) and GET /v1/market/kline/latest (§4.3). */
import { ADJUST_MODES, DEFAULT_LIMIT, HISTORY_INTERVALS, INTERVALS, TYPES_FOR_QUOTES } from '#shared/contract.ts';
import { completedCandles } from '../engine/history.ts';
import { formingCandle } from '../engine/forming.ts';
import { modelOf } from '../engine/instrument-model.ts';
import { enumParam, limitParam, requiredParam, symbolsParam, timeRangeParams, typeParam } from '../http/query.ts';
import { success, type Endpoint } from './endpoint.ts';
import { klineJson } from './format.ts';
import { resolveSymbol, resolveSymbols } from './resolve.ts';

export const klineHistory: Endpoint = ({ query, now }) => {
  const symbolParam = requiredParam(query, 'symbol');
  const interval = enumParam(query, 'interval', HISTORY_INTERVALS);
  if (interval === undefined) requiredParam(query, 'interval');
  const type = typeParam(query, TYPES_FOR_QUOTES);
  const adjust = enumParam(query, 'adjust', ADJUST_MODES, 'none') ?? 'none';
  const limit = limitParam(query, DEFAULT_LIMIT);
  const range = timeRangeParams(query);
  const { symbol, instrument } = resolveSymbol(symbolParam, type);
  const model = modelOf(instrument);
  const candles = completedCandles(model, interval ?? '1m', { ...range, limit }, now);
  return success({
    symbol,
    type: instrument.type,
    interval,
    adjust,
    klines: candles.map((candle) => klineJson(model, candle, adjust)),
  });
};

export const klineLatest: Endpoint = ({ query, now }) => {
  const symbols = symbolsParam(query, undefined);
  const interval = enumParam(query, 'interval', INTERVALS);
  if (interval === undefined) requiredParam(query, 'interval');
  const type = typeParam(query, TYPES_FOR_QUOTES);
  const adjust = enumParam(query, 'adjust', ADJUST_MODES, 'none') ?? 'none';
  const data = resolveSymbols(symbols, type).map(({ symbol, instrument }) => {
    const model = modelOf(instrument);
    const candle = formingCandle(model, interval ?? '1m', now);
    return {
      symbol,
      type: instrument.type,
      interval,
      adjust,
      klines: candle ? [klineJson(model, candle, adjust)] : [],
    };
  });
  return success(data);
};
