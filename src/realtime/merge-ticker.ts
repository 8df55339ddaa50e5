/**
 * The HTTP ticker overlaid with the latest push. The HTTP snapshot brings what pushes may lack
 * (name, previous close); the push brings the price. When the push has no change figures they are
 * recomputed from the snapshot's previous close, never taken stale from the snapshot.
 */
import type { Ticker } from '../api/quote-schemas';
import { decimalsOf } from '../lib/format';
import type { TickerPush } from './types';

const PERCENT_DECIMALS = 2;

function pushAsTicker(push: TickerPush): Ticker {
  // `spread` is a push-only field the HTTP ticker does not have.
  const { spread: _spread, ...ticker } = push;
  return ticker;
}

function changeFigures(lastPrice: string, prevClose: string | undefined): Pick<Ticker, 'price_change_24h' | 'price_change_percent_24h'> {
  const last = Number(lastPrice);
  const previous = prevClose === undefined ? NaN : Number(prevClose);
  if (!Number.isFinite(last) || !Number.isFinite(previous) || prevClose === undefined) return {};
  const decimals = Math.max(decimalsOf(lastPrice), decimalsOf(prevClose));
  const change = last - previous;
  return {
    price_change_24h: change.toFixed(decimals),
    ...(previous !== 0 && { price_change_percent_24h: ((change / previous) * 100).toFixed(PERCENT_DECIMALS) }),
  };
}

export function mergeTicker(http: Ticker | undefined, push: TickerPush | undefined): Ticker | undefined {
  if (!push) return http;
  if (!http) return pushAsTicker(push);
  // A snapshot newer than the push (HTTP resumed after the socket went down) wins.
  if (http.timestamp > push.timestamp) return http;
  const { price_change_24h: _change, price_change_percent_24h: _percent, ...base } = http;
  const merged: Ticker = { ...base, ...pushAsTicker(push) };
  if (push.price_change_24h !== undefined || push.price_change_percent_24h !== undefined) return merged;
  return { ...merged, ...changeFigures(merged.last_price, merged.prev_close) };
}
