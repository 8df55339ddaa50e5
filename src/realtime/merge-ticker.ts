/**
 * The HTTP ticker overlaid with the latest push. The HTTP snapshot brings what pushes may lack
 * (name, previous close); the push brings the price. When the push has no change figures they are
 * recomputed from the snapshot's previous close, never taken stale from the snapshot.
 */
import type { Ticker } from '../api/quote-schemas';
import { decimalsOf } from '../lib/format';
import type { ExtendedSession } from '#shared/contract.ts';
import { extendedSessionOf, isExtendedPush, type TickerPush } from './types';

const PERCENT_DECIMALS = 2;

function pushAsTicker(push: TickerPush): Ticker {
  // `spread`, `trade_session` and `quote_volume` are push-only fields the HTTP ticker does not have.
  const { spread: _spread, trade_session: _session, quote_volume: _quoteVolume, ...ticker } = push;
  return ticker;
}

/**
 * An extended-session push as the HTTP ticker's quote object of that session: its prices are the
 * session's, so the regular figures stay as they were. The reference price comes from the quote
 * the snapshot had, else the regular last price (the close the session follows).
 */
function withExtendedPush(http: Ticker, push: TickerPush, session: ExtendedSession): Ticker {
  const key = `${session}_quote` as const;
  const before = http[key];
  if (before && before.timestamp > push.timestamp) return http;
  const volume = Number(push.volume_24h);
  return {
    ...http,
    [key]: {
      last_done: push.last_price,
      timestamp: push.timestamp,
      volume: Number.isFinite(volume) ? volume : (before?.volume ?? 0),
      ...((push.quote_volume ?? before?.quote_volume) !== undefined && { quote_volume: push.quote_volume ?? before?.quote_volume }),
      high: push.high_24h ?? before?.high ?? push.last_price,
      low: push.low_24h ?? before?.low ?? push.last_price,
      prev_close: before?.prev_close ?? http.last_price,
    },
  };
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
  // An extended-hours push alone has no regular price to show.
  if (!http) return isExtendedPush(push) ? undefined : pushAsTicker(push);
  if (isExtendedPush(push)) {
    // A session this client does not know: nothing of it is shown, and the regular figures stay.
    const session = extendedSessionOf(push);
    return session ? withExtendedPush(http, push, session) : http;
  }
  // A snapshot newer than the push (HTTP resumed after the socket went down) wins.
  if (http.timestamp > push.timestamp) return http;
  const { price_change_24h: _change, price_change_percent_24h: _percent, ...base } = http;
  const merged: Ticker = { ...base, ...pushAsTicker(push) };
  if (push.price_change_24h !== undefined || push.price_change_percent_24h !== undefined) return merged;
  return { ...merged, ...changeFigures(merged.last_price, merged.prev_close) };
}
