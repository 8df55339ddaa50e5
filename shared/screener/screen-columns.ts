/**
 * The value of each column for one symbol, and which columns a screen's rows carry. A getter is
 * made once per screen (its tracks' specs with it) and read for every symbol; undefined is unknown.
 */
import type { LeafCondition, ScreenColumn, ScreenField, TechnicalColumn } from './screen-model.ts';
import type { ScreenSymbol } from './screen-universe.ts';
import type { TechnicalState } from './technical-state.ts';
import { atrTrack, MACD_LINE, MACD_SIGNAL, macdTrack, rsiTrack, smaTrack, volumeMaTrack } from './technical-track.ts';

export type NumberGetter = (symbol: ScreenSymbol) => number | undefined;
export type ColumnGetter = (symbol: ScreenSymbol) => number | string | undefined;

/** (value − base) ÷ base × 100; unknown without a positive base. */
function percentFrom(value: number | undefined, base: number | undefined): number | undefined {
  return value === undefined || base === undefined || !(base > 0) ? undefined : ((value - base) / base) * 100;
}

/** The highest high (lowest low) of the last 52 weeks of bars, the latest included. */
export function extreme52w(daily: TechnicalState, side: 'high' | 'low'): number | undefined {
  const latest = daily.bar(0);
  if (!latest) return undefined;
  const earlier = daily.earlierExtreme(side, '52w');
  if (side === 'high') return earlier === undefined ? latest.high : Math.max(latest.high, earlier);
  return earlier === undefined ? latest.low : Math.min(latest.low, earlier);
}

const FIELD_GETTERS: Readonly<Record<ScreenField, NumberGetter>> = {
  price: ({ quote }) => quote.last_price,
  change: ({ quote }) => (quote.prev_close === undefined ? undefined : quote.last_price - quote.prev_close),
  'change-percent': ({ quote }) => percentFrom(quote.last_price, quote.prev_close),
  volume: ({ quote }) => quote.volume_24h,
  turnover: ({ quote }) => quote.quote_volume_24h,
  'gap-percent': ({ quote }) => percentFrom(quote.open, quote.prev_close),
  'from-open-percent': ({ quote }) => percentFrom(quote.last_price, quote.open),
  'from-high-52w-percent': ({ quote, daily }) => percentFrom(quote.last_price, extreme52w(daily, 'high')),
  'from-low-52w-percent': ({ quote, daily }) => percentFrom(quote.last_price, extreme52w(daily, 'low')),
  'market-cap': ({ quote, info }) => (info?.total_shares === undefined ? undefined : quote.last_price * info.total_shares),
  pe: ({ quote, info }) => (info?.eps_ttm === undefined || !(info.eps_ttm > 0) ? undefined : quote.last_price / info.eps_ttm),
  'dividend-yield': ({ info }) => info?.dividend_yield,
};

export const fieldGetter = (field: ScreenField): NumberGetter => FIELD_GETTERS[field];

/** `part` ÷ `whole` (× `scale`), unknown when either is, or `whole` is not positive. */
function ratio(part: number | undefined, whole: number | undefined, scale = 1): number | undefined {
  return part === undefined || whole === undefined || !(whole > 0) ? undefined : (part / whole) * scale;
}

export function technicalGetter(column: TechnicalColumn): NumberGetter {
  switch (column.kind) {
    case 'rsi': {
      const spec = rsiTrack(column.period);
      return ({ daily }) => daily.value(spec, 0, 0);
    }
    case 'ma': {
      const spec = smaTrack(column.period);
      return ({ daily }) => daily.value(spec, 0, 0);
    }
    case 'macd': {
      const spec = macdTrack(column.fast, column.slow, column.signal);
      const output = column.line === 'macd' ? MACD_LINE : MACD_SIGNAL;
      return ({ daily }) => daily.value(spec, output, 0);
    }
    case 'atr-percent': {
      const spec = atrTrack(column.period);
      return ({ daily }) => ratio(daily.value(spec, 0, 0), daily.bar(0)?.close, 100);
    }
    case 'volume-ratio': {
      // The mean of the bars before the latest: a day's volume against the days it is compared with.
      const spec = volumeMaTrack(column.period, 2);
      return ({ daily }) => ratio(daily.bar(0)?.volume, daily.value(spec, 0, 1));
    }
  }
}

export function columnGetter(column: ScreenColumn): ColumnGetter {
  if (column === 'board') return ({ info }) => info?.board;
  return typeof column === 'string' ? fieldGetter(column) : technicalGetter(column);
}

/** The columns a condition's figures show in (a crossing shows its two lines). */
export function conditionColumns(condition: LeafCondition): ScreenColumn[] {
  switch (condition.kind) {
    case 'field':
      return [condition.field];
    case 'board':
      return ['board'];
    case 'rsi':
      return [{ kind: 'rsi', period: condition.period }];
    case 'price-ma':
      return [{ kind: 'ma', period: condition.period }];
    case 'ma-cross':
      return [
        { kind: 'ma', period: condition.fast },
        { kind: 'ma', period: condition.slow },
      ];
    case 'macd-cross': {
      const { fast, slow, signal } = condition;
      return [
        { kind: 'macd', fast, slow, signal, line: 'macd' },
        { kind: 'macd', fast, slow, signal, line: 'signal' },
      ];
    }
    case 'new-extreme':
      if (condition.days !== '52w') return [];
      return [condition.side === 'high' ? 'from-high-52w-percent' : 'from-low-52w-percent'];
    case 'volume-ratio':
      return [{ kind: 'volume-ratio', period: condition.period }];
    case 'atr-percent':
      return [{ kind: 'atr-percent', period: condition.period }];
  }
}
