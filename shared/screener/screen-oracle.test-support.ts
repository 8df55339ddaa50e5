/**
 * The screener's oracle: each condition, column and order computed the plain way, from the raw
 * bars every time (all of them, the forming one last), as screen-model.ts defines them. The
 * indicators are written out here from their textbook definitions, as the library's modules
 * document them: Wilder's RSI (rsi.ts) and ATR (atr.ts), SMA (summed afresh at each bar asked), and EMA seeded with the SMA of its
 * first `period` values (ema.ts) for MACD. Nothing here imports the engine's modules.
 */
import type { Candle } from '#shared/candle.ts';
import type { LeafCondition, Screen, ScreenColumn, ScreenCondition, ScreenField } from './screen-model.ts';
import type { RawSymbol } from './universe.test-support.ts';

type Series = (number | undefined)[];

/** The mean of the `period` values ending at `i`; undefined before there are that many. */
export function smaAt(values: readonly number[], period: number, i: number): number | undefined {
  if (i + 1 < period || i >= values.length) return undefined;
  let sum = 0;
  for (let j = i + 1 - period; j <= i; j++) sum += values[j] as number;
  return sum / period;
}

/** EMA over values that may start undefined: seeded with the mean of the first `period` defined ones. */
export function emaSeries(values: readonly (number | undefined)[], period: number): Series {
  const out: Series = values.map(() => undefined);
  const first = values.findIndex((value) => value !== undefined);
  if (first < 0 || first + period > values.length) return out;
  let seed = 0;
  for (let i = first; i < first + period; i++) seed += values[i] as number;
  let previous = seed / period;
  out[first + period - 1] = previous;
  for (let i = first + period; i < values.length; i++) {
    previous = previous + (2 / (period + 1)) * ((values[i] as number) - previous);
    out[i] = previous;
  }
  return out;
}

export function rsiSeries(closes: readonly number[], period: number): Series {
  const out: Series = closes.map(() => undefined);
  if (closes.length <= period) return out;
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const change = (closes[i] as number) - (closes[i - 1] as number);
    gain += Math.max(change, 0);
    loss += Math.max(-change, 0);
  }
  gain /= period;
  loss /= period;
  const rsiOf = (): number => (loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss));
  out[period] = rsiOf();
  for (let i = period + 1; i < closes.length; i++) {
    const change = (closes[i] as number) - (closes[i - 1] as number);
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    out[i] = rsiOf();
  }
  return out;
}

export function atrSeries(bars: readonly Candle[], period: number): Series {
  const ranges = bars.map((bar, i) => {
    const previous = bars[i - 1];
    if (!previous) return bar.high - bar.low;
    return Math.max(bar.high - bar.low, Math.abs(bar.high - previous.close), Math.abs(bar.low - previous.close));
  });
  const out: Series = bars.map(() => undefined);
  if (bars.length < period) return out;
  let average = ranges.slice(0, period).reduce((sum, range) => sum + range, 0) / period;
  out[period - 1] = average;
  for (let i = period; i < bars.length; i++) {
    average = (average * (period - 1) + (ranges[i] as number)) / period;
    out[i] = average;
  }
  return out;
}

export function macdSeries(closes: readonly number[], fast: number, slow: number, signal: number): { line: Series; signal: Series } {
  const fastLine = emaSeries(closes, fast);
  const slowLine = emaSeries(closes, slow);
  const line = closes.map((_, i) => {
    const f = fastLine[i];
    const s = slowLine[i];
    return f === undefined || s === undefined ? undefined : f - s;
  });
  return { line, signal: emaSeries(line, signal) };
}

/** Every bar, the forming one last. */
const allBars = (raw: RawSymbol): Candle[] => (raw.forming ? [...raw.completed, raw.forming] : raw.completed);

const percent = (value: number | undefined, base: number | undefined): number | undefined =>
  value === undefined || base === undefined || base <= 0 ? undefined : ((value - base) / base) * 100;

/** The latest bar and the bars before it within the window (the last `days`, or those less than 52 weeks older). */
function earlierBars(raw: RawSymbol, days: number | '52w'): { latest: Candle | undefined; earlier: Candle[] } {
  const bars = allBars(raw);
  const latest = bars.at(-1);
  if (!latest) return { latest, earlier: [] };
  const before = bars.slice(0, -1);
  if (days === '52w') return { latest, earlier: before.filter((bar) => bar.time > latest.time - 364 * 86_400_000) };
  return { latest, earlier: before.slice(Math.max(0, before.length - (days - 1))) };
}

function yearExtreme(raw: RawSymbol, side: 'high' | 'low'): number | undefined {
  const { latest, earlier } = earlierBars(raw, '52w');
  if (!latest) return undefined;
  const values = [latest, ...earlier].map((bar) => (side === 'high' ? bar.high : bar.low));
  return side === 'high' ? Math.max(...values) : Math.min(...values);
}

export function oracleField(raw: RawSymbol, field: ScreenField): number | undefined {
  const { quote, info } = raw;
  const last = quote.last_price;
  switch (field) {
    case 'price':
      return last;
    case 'change':
      return quote.prev_close === undefined ? undefined : last - quote.prev_close;
    case 'change-percent':
      return percent(last, quote.prev_close);
    case 'volume':
      return quote.volume_24h;
    case 'turnover':
      return quote.quote_volume_24h;
    case 'gap-percent':
      return percent(quote.open, quote.prev_close);
    case 'from-open-percent':
      return percent(last, quote.open);
    case 'from-high-52w-percent':
      return percent(last, yearExtreme(raw, 'high'));
    case 'from-low-52w-percent':
      return percent(last, yearExtreme(raw, 'low'));
    case 'market-cap':
      return info?.total_shares === undefined ? undefined : last * info.total_shares;
    case 'pe':
      return info?.eps_ttm !== undefined && info.eps_ttm > 0 ? last / info.eps_ttm : undefined;
    case 'dividend-yield':
      return info?.dividend_yield;
  }
}

const closesOf = (raw: RawSymbol): number[] => allBars(raw).map((bar) => bar.close);
const lastOf = (series: Series): number | undefined => series.at(-1);

export function oracleColumn(raw: RawSymbol, column: ScreenColumn): number | string | undefined {
  if (column === 'board') return raw.info?.board;
  if (typeof column === 'string') return oracleField(raw, column);
  const bars = allBars(raw);
  const latest = bars.at(-1);
  switch (column.kind) {
    case 'rsi':
      return lastOf(rsiSeries(closesOf(raw), column.period));
    case 'ma': {
      const closes = closesOf(raw);
      return smaAt(closes, column.period, closes.length - 1);
    }
    case 'macd': {
      const lines = macdSeries(closesOf(raw), column.fast, column.slow, column.signal);
      return lastOf(column.line === 'macd' ? lines.line : lines.signal);
    }
    case 'atr-percent': {
      const value = lastOf(atrSeries(bars, column.period));
      return value === undefined || !latest || latest.close <= 0 ? undefined : (value / latest.close) * 100;
    }
    case 'volume-ratio': {
      // The mean of the `period` volumes before the latest.
      if (!latest || bars.length < column.period + 1) return undefined;
      const before = bars.slice(-column.period - 1, -1);
      const mean = before.reduce((sum, bar) => sum + bar.volume, 0) / column.period;
      return mean > 0 ? latest.volume / mean : undefined;
    }
  }
}

/** a above b (1), below (−1) or level (0): level within a billionth of the bar's close. */
function side(a: number, b: number, close: number): number {
  if (Math.abs(a - b) <= 1e-9 * close) return 0;
  return a > b ? 1 : -1;
}

/** Whether line a went from level with or below line b to above it (up), or the other way, at one of the last `within` bars. */
function crossed(
  a: (i: number) => number | undefined,
  b: (i: number) => number | undefined,
  closes: readonly number[],
  direction: 'up' | 'down',
  within: number,
): boolean {
  const last = closes.length - 1;
  const toward = direction === 'up' ? 1 : -1;
  for (let i = last; i > last - within && i >= 1; i--) {
    const [now1, now2, was1, was2] = [a(i), b(i), a(i - 1), b(i - 1)];
    if (now1 === undefined || now2 === undefined || was1 === undefined || was2 === undefined) continue;
    if (side(now1, now2, closes[i] as number) === toward && side(was1, was2, closes[i - 1] as number) !== toward) return true;
  }
  return false;
}

function leafMatches(raw: RawSymbol, condition: LeafCondition): boolean {
  const number = (column: ScreenColumn): number | undefined => oracleColumn(raw, column) as number | undefined;
  const sided = (value: number | undefined, op: 'above' | 'below', level: number): boolean =>
    value !== undefined && (op === 'above' ? value > level : value < level);
  switch (condition.kind) {
    case 'field': {
      const value = oracleField(raw, condition.field);
      if (value === undefined) return false;
      const c = condition.compare;
      return c.op === 'between' ? c.min <= value && value <= c.max : sided(value, c.op, c.value);
    }
    case 'board':
      return raw.info?.board !== undefined && condition.boards.includes(raw.info.board);
    case 'rsi':
      return sided(number({ kind: 'rsi', period: condition.period }), condition.op, condition.value);
    case 'atr-percent':
      return sided(number({ kind: 'atr-percent', period: condition.period }), condition.op, condition.value);
    case 'volume-ratio': {
      const ratio = number({ kind: 'volume-ratio', period: condition.period });
      return ratio !== undefined && ratio >= condition.min;
    }
    case 'price-ma': {
      const latest = allBars(raw).at(-1);
      const ma = number({ kind: 'ma', period: condition.period });
      return latest !== undefined && ma !== undefined && side(latest.close, ma, latest.close) === (condition.op === 'above' ? 1 : -1);
    }
    case 'ma-cross': {
      const closes = closesOf(raw);
      const average = (period: number) => (i: number) => smaAt(closes, period, i);
      return crossed(average(condition.fast), average(condition.slow), closes, condition.direction, condition.within);
    }
    case 'macd-cross': {
      const closes = closesOf(raw);
      const lines = macdSeries(closes, condition.fast, condition.slow, condition.signal);
      return crossed(
        (i) => lines.line[i],
        (i) => lines.signal[i],
        closes,
        condition.direction,
        condition.within,
      );
    }
    case 'new-extreme': {
      const { latest, earlier } = earlierBars(raw, condition.days);
      if (!latest || earlier.length === 0) return false;
      return condition.side === 'high' ? earlier.every((bar) => latest.high > bar.high) : earlier.every((bar) => latest.low < bar.low);
    }
  }
}

export function oracleMatches(raw: RawSymbol, condition: ScreenCondition): boolean {
  if (condition.kind !== 'group') return leafMatches(raw, condition);
  if (condition.conditions.length === 0) return true;
  const results = condition.conditions.map((inner) => oracleMatches(raw, inner));
  return condition.join === 'and' ? results.every(Boolean) : results.some(Boolean);
}

/** The screen's symbols in order: by the sort column (unknown last), then by symbol; cut to the limit. */
export function oracleScreen(screen: Screen, raws: readonly RawSymbol[]): string[] {
  const { column, direction } = screen.sort;
  const keyed = raws
    .filter((raw) => oracleMatches(raw, screen.where))
    .map((raw) => ({ symbol: raw.symbol, key: column === 'symbol' ? raw.symbol : oracleColumn(raw, column) }));
  const known = keyed.filter((row) => row.key !== undefined);
  const unknown = keyed.filter((row) => row.key === undefined);
  const bySymbol = (a: { symbol: string }, b: { symbol: string }): number => a.symbol.localeCompare(b.symbol, 'en');
  known.sort((a, b) => {
    if (a.key === b.key) return bySymbol(a, b);
    const ascending = (a.key as number | string) < (b.key as number | string) ? -1 : 1;
    return direction === 'asc' ? ascending : -ascending;
  });
  unknown.sort(bySymbol);
  const symbols = [...known, ...unknown].map((row) => row.symbol);
  if (column === 'symbol' && direction === 'desc') symbols.sort((a, b) => b.localeCompare(a, 'en'));
  return screen.limit === undefined ? symbols : symbols.slice(0, screen.limit);
}
