/** GET /v1/symbols/available (§4.1): the product list with filters, summary and paging. */
import { DEFAULT_LIMIT, MARKETS, PRODUCT_TYPES } from '#shared/contract.ts';
import { allInstruments } from '../catalog/catalog.ts';
import type { Instrument } from '../catalog/types.ts';
import { enumParam, limitParam, marketParam, offsetParam } from '../http/query.ts';
import { success, type Endpoint } from './endpoint.ts';

/** When the simulated product list was last refreshed (fixed: answers are deterministic). */
const LAST_UPDATED = '2026-11-02T08:00:00+08:00';

function countBy(instruments: readonly Instrument[], field: 'market' | 'type'): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const instrument of instruments) counts[instrument[field]] = (counts[instrument[field]] ?? 0) + 1;
  return counts;
}

let summaryCache: Record<string, unknown> | undefined;

function summary(): Record<string, unknown> {
  const all = allInstruments();
  summaryCache ??= {
    total_products: all.length,
    by_market: countBy(all, 'market'),
    by_type: countBy(all, 'type'),
    last_updated: LAST_UPDATED,
  };
  return summaryCache;
}

export const symbolsAvailable: Endpoint = ({ query }) => {
  const type = enumParam(query, 'type', PRODUCT_TYPES);
  const market = marketParam(query, MARKETS, false);
  const limit = limitParam(query, DEFAULT_LIMIT);
  const offset = offsetParam(query);
  const matching = allInstruments().filter(
    (instrument) => (type === undefined || instrument.type === type) && (market === undefined || instrument.market === market),
  );
  const page = matching.slice(offset, offset + limit);
  return success({
    products: page.map((instrument) => ({
      symbol: instrument.symbol,
      name: instrument.name,
      market: instrument.market,
      type: instrument.type,
      currency: instrument.currency,
      is_active: true,
      updated_at: instrument.updatedAt,
    })),
    summary: summary(),
    pagination: { limit, offset, total: matching.length, count: page.length },
  });
};
