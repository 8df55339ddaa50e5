/**
 * The quote strip's figures (Futu's 今开 / 最高 / 最低 / 昨收 / 振幅 / 换手率 … beside every chart):
 * from the ticker, the daily candles of the last year and, for stocks, the share counts. Each
 * figure exists only when its inputs do; none is made up from another market's conventions.
 */
import type { Ticker } from '../../api/quote-schemas';
import type { Candle } from '#shared/candle.ts';
import { priceDecimals } from '../../components/live-quote/ticker-figures';
import { formatCompact, formatPercent, formatPrice } from '../../lib/format';
import type { MessageKey } from '../../i18n/t';

export interface QuoteFigure {
  key: 'open' | 'high' | 'low' | 'prevClose' | 'dayRange' | 'yearRange' | 'amplitude' | 'volume' | 'turnover' | 'turnoverRate' | 'bid' | 'ask' | 'openInterest';
  label: MessageKey;
  text: string;
}

export interface QuoteInputs {
  ticker: Ticker;
  /**
   * Completed daily candles, ascending (the last year or more): the 52-week range is the last 365
   * days of them and today's high and low from the ticker.
   */
  dailies?: readonly Candle[] | undefined;
  /** Shares that trade (circulating, else total): turnover rate = volume ÷ these. */
  tradableShares?: number | undefined;
  /** The instrument trades open interest (futures): the forming daily candle's, else the last completed one's. */
  futures?: boolean;
  /** The forming daily candle (futures: its open interest is the live one). */
  formingDaily?: Candle | undefined;
}

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

function finite(text: string | undefined): number | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

/** Lowest low and highest high of the candles in the 365 days up to the last one's time; undefined without candles. */
export function yearRange(dailies: readonly Candle[]): { low: number; high: number } | undefined {
  const last = dailies.at(-1);
  if (!last) return undefined;
  let low = Infinity;
  let high = -Infinity;
  for (let i = dailies.length - 1; i >= 0; i--) {
    const candle = dailies[i] as Candle;
    if (candle.time <= last.time - YEAR_MS) break;
    low = Math.min(low, candle.low);
    high = Math.max(high, candle.high);
  }
  return { low, high };
}

/** A range of completed days widened by today's low and high (each where the ticker has it). */
function withToday(range: { low: number; high: number } | undefined, low: number | undefined, high: number | undefined) {
  if (!range) return undefined;
  return { low: low === undefined ? range.low : Math.min(range.low, low), high: high === undefined ? range.high : Math.max(range.high, high) };
}

/** The day's range as a share of the previous close, in percent. */
export function amplitude(high: number | undefined, low: number | undefined, prevClose: number | undefined): number | undefined {
  if (high === undefined || low === undefined || prevClose === undefined || prevClose <= 0) return undefined;
  return ((high - low) / prevClose) * 100;
}

export function quoteFigures({ ticker, dailies, tradableShares, futures = false, formingDaily }: QuoteInputs): QuoteFigure[] {
  const decimals = priceDecimals(ticker);
  const price = (value: number) => formatPrice(value, decimals);
  const open = finite(ticker.open);
  const high = finite(ticker.high_24h);
  const low = finite(ticker.low_24h);
  const prevClose = finite(ticker.prev_close);
  const volume = finite(ticker.volume_24h);
  const turnover = finite(ticker.quote_volume_24h);
  const figures: QuoteFigure[] = [];
  const add = (key: QuoteFigure['key'], label: MessageKey, text: string | undefined) => {
    if (text !== undefined) figures.push({ key, label, text });
  };
  add('open', 'Open|price', open !== undefined ? price(open) : undefined);
  add('high', 'High', high !== undefined ? price(high) : undefined);
  add('low', 'Low', low !== undefined ? price(low) : undefined);
  add('prevClose', 'Prev close', prevClose !== undefined ? price(prevClose) : undefined);
  add('dayRange', 'Day range', low !== undefined && high !== undefined ? `${price(low)} – ${price(high)}` : undefined);
  const year = dailies && dailies.length > 0 ? withToday(yearRange(dailies), low, high) : undefined;
  add('yearRange', '52-week range', year ? `${price(year.low)} – ${price(year.high)}` : undefined);
  const swing = amplitude(high, low, prevClose);
  add('amplitude', 'Amplitude', swing !== undefined ? formatPercent(swing).replace(/^\+/, '') : undefined);
  add('volume', 'Volume', volume !== undefined ? formatCompact(volume) : undefined);
  add('turnover', 'Turnover', turnover !== undefined ? formatCompact(turnover) : undefined);
  const rate = volume !== undefined && tradableShares !== undefined && tradableShares > 0 ? (volume / tradableShares) * 100 : undefined;
  add('turnoverRate', 'Turnover rate', rate !== undefined ? formatPercent(rate).replace(/^\+/, '') : undefined);
  const bid = finite(ticker.bid_price);
  const ask = finite(ticker.ask_price);
  add('bid', 'Bid', bid !== undefined ? price(bid) : undefined);
  add('ask', 'Ask', ask !== undefined ? price(ask) : undefined);
  const interest = futures ? (formingDaily?.openInterest ?? dailies?.at(-1)?.openInterest) : undefined;
  add('openInterest', 'Open interest', interest !== undefined ? formatCompact(interest) : undefined);
  return figures;
}
