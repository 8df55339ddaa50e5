/** GET /v1/market/intraday (§4.8): the minute line of the trading day so far, for stocks. */
import { MAX_INTRADAY_SYMBOLS, TYPES_FOR_STOCK_INFO } from '#shared/contract.ts';
import { intradayPoints } from '../engine/intraday.ts';
import { modelOf } from '../engine/instrument-model.ts';
import { decimalString as formatDecimal } from '../catalog/format.ts';
import { symbolsParam, typeParam } from '../http/query.ts';
import { success, type Endpoint } from './endpoint.ts';
import { moneyText, priceText } from './format.ts';
import { resolveSymbols } from './resolve.ts';

export const intraday: Endpoint = ({ query, now }) => {
  const symbols = symbolsParam(query, MAX_INTRADAY_SYMBOLS);
  const type = typeParam(query, TYPES_FOR_STOCK_INFO);
  const data = resolveSymbols(symbols, type).flatMap(({ symbol, instrument }) => {
    if (instrument.type !== 'stock') return [];
    const model = modelOf(instrument);
    return [
      {
        symbol,
        type: 'stock',
        lines: intradayPoints(model, now).map((point) => ({
          timestamp: point.timestamp,
          price: priceText(model, point.price),
          volume: point.volume,
          turnover: moneyText(point.turnover),
          avg_price: formatDecimal(point.avgPrice, 6),
        })),
      },
    ];
  });
  return success(data);
};
