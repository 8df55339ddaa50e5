/** Reference data: trading sessions (§4.9), K-line periods (§4.10), trading calendar (§4.11). */
import { INTERVALS, MAX_TRADE_DAYS_SPAN, SESSION_MARKETS } from '#shared/contract.ts';
import { daysBetweenYmd, formatYmd, parseYmd, ymdInZone } from '#shared/time-zone.ts';
import { tradeDays, tradingSessionsTable } from '../calendar/venues.ts';
import { marketParam, requiredParam } from '../http/query.ts';
import { SimError, invalidParameter } from '../http/sim-error.ts';
import { success, type Endpoint } from './endpoint.ts';

export const tradingSessions: Endpoint = ({ query }) => {
  const market = marketParam(query, SESSION_MARKETS, false);
  const table = tradingSessionsTable();
  return success(market === undefined ? table : table.filter((entry) => entry.market === market));
};

export const klineIntervals: Endpoint = () =>
  success({
    count: INTERVALS.length,
    description: 'K-line periods supported by /v1/market/kline/latest (the historical endpoint has all but 3m)',
    intervals: [...INTERVALS],
  });

function dayParam(query: Parameters<Endpoint>[0]['query'], name: string): string {
  const value = requiredParam(query, name);
  if (!/^\d{8}$/.test(value)) throw invalidParameter(`${name} must be YYYYMMDD`);
  if (!parseYmd(value)) throw invalidParameter(`${name} is not a calendar date`);
  return value;
}

/** The same calendar date a year earlier (29 Feb rolls to 1 Mar). */
function oneYearBefore(ymd: string): string {
  const { year, month, day } = parseYmd(ymd) ?? { year: 1970, month: 1, day: 1 };
  const date = new Date(Date.UTC(year - 1, month - 1, day));
  return formatYmd(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate());
}

/**
 * The trading calendar answers `{code, data}` only (§2.1). beg_day must fall within the most
 * recent year (one year back from today in UTC up to today); the range is at most 31 days counted
 * inclusively.
 */
export const tradeDaysEndpoint: Endpoint = ({ query, now }) => {
  const market = marketParam(query, SESSION_MARKETS, true) ?? 'US';
  const begDay = dayParam(query, 'beg_day');
  const endDay = dayParam(query, 'end_day');
  const today = ymdInZone(now, 'UTC');
  if (begDay < oneYearBefore(today) || begDay > today) {
    throw new SimError(2003, 'beg_day must be within the most recent year');
  }
  const span = daysBetweenYmd(begDay, endDay);
  if (span < 0) throw new SimError(2003, 'end_day is before beg_day');
  if (span + 1 > MAX_TRADE_DAYS_SPAN) throw new SimError(2003, `at most ${MAX_TRADE_DAYS_SPAN} days per request`);
  return { code: 0, data: { market, ...tradeDays(market, begDay, endDay) } };
};
