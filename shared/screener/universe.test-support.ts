/**
 * A recorded-looking universe for the screener's tests, the same on every run (a seeded random
 * walk): a few hundred stocks with daily bars of varied length (a few days to a year and a half,
 * weekdays with the odd holiday, prices on a 0.01 tick), trends that turn (so averages cross),
 * volume spikes, a forming bar on most (the day is open), and stock information with fields
 * missing. `advance` moves the day on as a feed would. The raw data is what the oracle reads; the
 * TechnicalStates are what the engine reads.
 */
import type { Candle } from '#shared/candle.ts';
import type { ScreenInfo, ScreenQuote, ScreenSymbol } from './screen-universe.ts';
import { TechnicalState } from './technical-state.ts';

export interface RawSymbol {
  symbol: string;
  /** Completed daily bars, oldest first. */
  completed: Candle[];
  /** Today's bar so far, when the market is open. */
  forming?: Candle;
  quote: ScreenQuote;
  info?: ScreenInfo;
}

const DAY_MS = 86_400_000;
/** The last completed day: Friday 13 June 2025, 00:00 UTC. */
const LAST_DAY = Date.UTC(2025, 5, 13);

export type Random = () => number;

/** mulberry32: small, fast and the same everywhere. */
export function seeded(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (random: Random, min: number, max: number): number => min + random() * (max - min);
const gauss = (random: Random): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
const tick = (price: number): number => Math.max(0.01, Math.round(price * 100) / 100);

/** `count` weekdays ending on `last`, oldest first, one in fifty skipped as a holiday. */
function tradingDays(random: Random, count: number, last: number): number[] {
  const days: number[] = [];
  for (let day = last; days.length < count; day -= DAY_MS) {
    const weekday = new Date(day).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && random() > 0.02) days.push(day);
  }
  return days.reverse();
}

/** The next bar from the previous close: a gap, a move, a range around them, a volume. */
function nextBar(random: Random, time: number, previousClose: number, drift: number, volatility: number, baseVolume: number): Candle {
  const open = tick(previousClose * (1 + gauss(random) * volatility * 0.3));
  const close = tick(open * (1 + drift + gauss(random) * volatility));
  const high = tick(Math.max(open, close) * (1 + Math.abs(gauss(random)) * volatility * 0.5));
  const low = tick(Math.min(open, close) * (1 - Math.abs(gauss(random)) * volatility * 0.5));
  const spike = random() < 0.05 ? between(random, 2, 6) : 1;
  const volume = Math.round(baseVolume * Math.exp(gauss(random) * 0.4) * spike);
  return { time, open, high: Math.max(high, open, close), low: Math.min(low, open, close), close, volume };
}

/** Daily bars of a walk whose drift turns at one to three points (a fall then a rally crosses the averages). */
function walk(random: Random, days: readonly number[]): Candle[] {
  const volatility = between(random, 0.006, 0.035);
  const baseVolume = Math.round(Math.exp(between(random, Math.log(1e4), Math.log(5e7))));
  const turns = [0, ...Array.from({ length: 1 + Math.floor(random() * 3) }, () => Math.floor(random() * days.length))].sort((a, b) => a - b);
  const drifts = turns.map(() => between(random, -0.006, 0.006));
  const bars: Candle[] = [];
  let close = tick(Math.exp(between(random, Math.log(0.5), Math.log(600))));
  days.forEach((time, i) => {
    const regime = turns.findLastIndex((start) => start <= i);
    const bar = nextBar(random, time, close, drifts[regime] ?? 0, volatility, baseVolume);
    bars.push(bar);
    close = bar.close;
  });
  return bars;
}

/** The quote the ticker would send: the latest bar's figures against the close before it, some missing. */
export function quoteOf(random: Random, bars: readonly Candle[], latest: Candle | undefined): ScreenQuote {
  const last = latest ?? bars.at(-1);
  if (!last) return { last_price: tick(between(random, 1, 100)) };
  const previous = latest ? bars.at(-1) : bars.at(-2);
  const quote: ScreenQuote = { last_price: last.close, high_24h: last.high, low_24h: last.low, volume_24h: last.volume };
  if (random() > 0.05) quote.open = last.open;
  if (previous && random() > 0.05) quote.prev_close = previous.close;
  if (random() > 0.1) quote.quote_volume_24h = Math.round(last.volume * ((last.high + last.low + last.close) / 3));
  return quote;
}

function infoOf(random: Random): ScreenInfo | undefined {
  if (random() < 0.05) return undefined;
  const info: ScreenInfo = { lot_size: pick(random, [1, 100, 500, 1000]) };
  if (random() > 0.15) info.total_shares = Math.round(Math.exp(between(random, Math.log(1e7), Math.log(3e10))));
  const eps = random();
  if (eps > 0.25) info.eps_ttm = Number(between(random, 0.01, 12).toFixed(4));
  else if (eps > 0.15) info.eps_ttm = -Number(between(random, 0.01, 3).toFixed(4));
  if (random() > 0.3) info.dividend_yield = Number(between(random, 0, 9).toFixed(2));
  if (random() > 0.1) info.board = pick(random, ['main', 'gem', 'star']);
  return info;
}

/** How many days of history: mostly a year or more, some new listings, one with none. */
function historyLength(random: Random, index: number): number {
  if (index === 0) return 0;
  const roll = random();
  if (roll < 0.04) return 1 + Math.floor(random() * 5);
  if (roll < 0.12) return 10 + Math.floor(random() * 60);
  if (roll < 0.25) return 100 + Math.floor(random() * 150);
  return 260 + Math.floor(random() * 160);
}

export function makeUniverse(seed: number, count: number): RawSymbol[] {
  const random = seeded(seed);
  return Array.from({ length: count }, (_, index) => {
    const days = tradingDays(random, historyLength(random, index) + 1, LAST_DAY + 3 * DAY_MS);
    const bars = walk(random, days);
    // Most markets are open: the last bar is today's so far.
    const forming = random() < 0.6 ? bars.pop() : (bars.pop(), undefined);
    return { symbol: `${String(1000 + index)}.HK`, completed: bars, forming, quote: quoteOf(random, bars, forming), info: infoOf(random) };
  });
}

/** The engine's view of a raw symbol: its bars as a TechnicalState. */
export function screenSymbol(raw: RawSymbol): ScreenSymbol {
  return { symbol: raw.symbol, quote: raw.quote, info: raw.info, daily: new TechnicalState(raw.completed, raw.forming) };
}

/**
 * The day moves on for every symbol, raw and engine alike: the forming bar trades on (a new
 * close, high, low, volume), or closes and the next day opens, or the market shuts (the forming
 * bar completes and none follows), or a closed market opens a new day.
 */
export function advance(random: Random, raws: RawSymbol[], engine: readonly ScreenSymbol[]): void {
  raws.forEach((raw, i) => {
    const state = (engine[i] as ScreenSymbol).daily;
    const roll = random();
    const last = raw.forming ?? raw.completed.at(-1);
    if (!last) return;
    if (raw.forming && roll < 0.6) {
      const close = tick(raw.forming.close * (1 + gauss(random) * 0.02));
      raw.forming = {
        ...raw.forming,
        close,
        high: Math.max(raw.forming.high, close),
        low: Math.min(raw.forming.low, close),
        volume: raw.forming.volume + Math.round(raw.forming.volume * random()),
      };
      state.setForming(raw.forming);
    } else {
      if (raw.forming) {
        raw.completed.push(raw.forming);
        state.closeBar(raw.forming);
        raw.forming = undefined;
      }
      if (roll < 0.85) {
        const previous = raw.completed.at(-1) as Candle;
        raw.forming = nextBar(random, previous.time + DAY_MS, previous.close, 0, 0.03, previous.volume * 0.5);
        state.setForming(raw.forming);
      }
    }
    raw.quote = quoteOf(random, raw.completed, raw.forming);
    (engine[i] as ScreenSymbol).quote = raw.quote;
  });
}
