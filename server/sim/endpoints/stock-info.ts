/** GET /v1/market/stock-info (§4.7): US, HK and A-share stocks; other symbols are left out. */
import { MAX_STOCK_INFO_SYMBOLS, TYPES_FOR_STOCK_INFO } from '#shared/contract.ts';
import { symbolsParam, typeParam } from '../http/query.ts';
import { success, type Endpoint } from './endpoint.ts';
import { resolveSymbols } from './resolve.ts';

export const stockInfo: Endpoint = ({ query }) => {
  const symbols = symbolsParam(query, MAX_STOCK_INFO_SYMBOLS);
  const type = typeParam(query, TYPES_FOR_STOCK_INFO);
  const data = resolveSymbols(symbols, type).flatMap(({ symbol, instrument }) => {
    const info = instrument.stockInfo;
    if (!info) return [];
    const { name_cn, ...rest } = info;
    return [{ symbol, name_cn, ...rest, currency: instrument.currency, lot_size: instrument.lotSize }];
  });
  return success(data);
};
