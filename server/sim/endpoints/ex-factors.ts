/** GET /v1/market/kline/ex-factors (§4.12): factors keyed by symbol, stocks only. */
import { TYPES_FOR_EX_FACTORS } from '#shared/contract.ts';
import { exFactorsOf } from '../engine/ex-factors.ts';
import { modelOf } from '../engine/instrument-model.ts';
import { symbolsParam, timeRangeParams, typeParam } from '../http/query.ts';
import { success, type Endpoint } from './endpoint.ts';
import { resolveSymbols } from './resolve.ts';

export const exFactors: Endpoint = ({ query }) => {
  const symbols = symbolsParam(query, undefined);
  const type = typeParam(query, TYPES_FOR_EX_FACTORS) ?? 'stock';
  const { startTime, endTime } = timeRangeParams(query);
  const bySymbol: Record<string, unknown[]> = {};
  for (const { symbol, instrument } of resolveSymbols(symbols, type)) {
    bySymbol[symbol] = exFactorsOf(modelOf(instrument)).filter(
      (factor) => (startTime === undefined || factor.timestamp >= startTime) && (endTime === undefined || factor.timestamp <= endTime),
    );
  }
  return success({ data: bySymbol });
};
