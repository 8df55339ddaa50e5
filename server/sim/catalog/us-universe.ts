/**
 * The generated US long tail: with the hand-written large caps, about 5,000 stocks on Nasdaq and
 * the NYSE (tickers of three or four letters on the NYSE, up to five on Nasdaq: shorter ones are
 * real companies', and so are those of reserved-tickers.ts), small and mid caps
 * mostly, a few hundred listed since 2019. Everything derives from a hash of the ticker (names
 * also from those drawn before, in ticker order). Chinese names are the English ones, as the
 * service gives for most US small caps.
 */
import { dayBetween } from './dates.ts';
import { rngFor, type Rng } from './hash.ts';
import { HISTORY_START } from './instrument-builder.ts';
import { perShareFigures, stockInstrument, US_STOCKS } from './stock-builder.ts';
import type { Instrument } from './types.ts';
import { RESERVED_US_TICKERS } from './reserved-tickers.ts';

/** Stocks in the US market, the hand-written ones included. */
export const US_UNIVERSE_SIZE = 5_000;

const LETTERS: readonly string[] = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

const NAME_HEADS = [
  'Ameri',
  'Apex',
  'Atlas',
  'Blue',
  'Bright',
  'Cardi',
  'Cascade',
  'Centri',
  'Clear',
  'Coastal',
  'Core',
  'Crest',
  'Delta',
  'Eagle',
  'Evo',
  'First',
  'Frontier',
  'Gen',
  'Global',
  'Granite',
  'Harbor',
  'Horizon',
  'Inno',
  'Integra',
  'Iron',
  'Key',
  'Lake',
  'Liberty',
  'Lumen',
  'Magna',
  'Meridian',
  'Metro',
  'Mid',
  'Nova',
  'Omni',
  'Pacific',
  'Patriot',
  'Peak',
  'Pinnacle',
  'Prime',
  'Quantum',
  'Red',
  'River',
  'Sierra',
  'Silver',
  'Sky',
  'Summit',
  'Sun',
  'Terra',
  'Titan',
  'Tri',
  'United',
  'Vantage',
  'Vector',
  'Veri',
  'Vista',
  'West',
  'Zen',
] as const;
const NAME_TAILS = ['', '', '', 'tech', 'gen', 'point', 'line', 'star', 'field', 'bridge', 'stone', 'wave', 'path', 'core', 'dyne', 'logic'] as const;

interface Sector {
  suffix: readonly string[];
  /** Typical P/E of the profitable ones and share of them. */
  profitable: number;
  dividend: number;
  volatility: number;
}

const SECTORS: readonly Sector[] = [
  { suffix: ['Therapeutics', 'Biosciences', 'Pharmaceuticals', 'Medical'], profitable: 0.25, dividend: 0.05, volatility: 0.7 },
  { suffix: ['Technologies', 'Software', 'Systems', 'Networks', 'Semiconductor'], profitable: 0.55, dividend: 0.15, volatility: 0.5 },
  { suffix: ['Bancorp', 'Financial', 'Capital', 'Bancshares'], profitable: 0.85, dividend: 0.7, volatility: 0.3 },
  { suffix: ['Energy', 'Resources', 'Oil & Gas', 'Minerals'], profitable: 0.6, dividend: 0.5, volatility: 0.45 },
  { suffix: ['Industries', 'Manufacturing', 'Aerospace', 'Logistics'], profitable: 0.7, dividend: 0.45, volatility: 0.35 },
  { suffix: ['Brands', 'Retail', 'Foods', 'Restaurants'], profitable: 0.65, dividend: 0.4, volatility: 0.35 },
  { suffix: ['Realty', 'Properties', 'REIT'], profitable: 0.7, dividend: 0.9, volatility: 0.28 },
  { suffix: ['Holdings', 'Group', 'Corp', 'Inc'], profitable: 0.6, dividend: 0.35, volatility: 0.4 },
];

const MIN_CAP = 2e7;
/**
 * The tail is the market after its hand-written majors, the largest and best-known names: it
 * stays below them (cap at most $50B, book value at most cap ÷ 0.8), or a search for "holdings"
 * ranks an invented holding company above HSBC (the search ranks by book value).
 */
const MAX_CAP = 5e10;
const MIN_PRICE_TO_BOOK = 0.8;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Log-normal about $1.2B, drawn again above MAX_CAP (no pile of companies at the bound). */
function tailCap(rng: Rng): number {
  for (;;) {
    const cap = Math.exp(Math.log(1.2e9) + 1.8 * rng.gauss());
    if (cap <= MAX_CAP) return Math.max(MIN_CAP, cap);
  }
}

function tickerOf(rng: Rng, nasdaq: boolean): string {
  const length = nasdaq ? rng.pick([3, 4, 4, 4, 4, 5]) : rng.pick([1, 2, 2, 3, 3, 3, 3, 4]);
  let ticker = '';
  for (let i = 0; i < length; i++) ticker += rng.pick(LETTERS);
  return ticker;
}

function nameOf(rng: Rng, sector: Sector, taken: Set<string>): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const name = `${rng.pick(NAME_HEADS)}${rng.pick(NAME_TAILS)} ${rng.pick(sector.suffix)}`;
    if (!taken.has(name)) {
      taken.add(name);
      return name;
    }
  }
  // A numbered name when the space is crowded (rare).
  const name = `${rng.pick(NAME_HEADS)} ${rng.pick(sector.suffix)} ${String(taken.size)}`;
  taken.add(name);
  return name;
}

function generatedStock(ticker: string, nasdaq: boolean, takenNames: Set<string>): Instrument {
  const symbol = `${ticker}.US`;
  const rng = rngFor(`us:${ticker}`);
  const sector = rng.pick(SECTORS);
  const nameEn = nameOf(rng, sector, takenNames);
  const cap = tailCap(rng);
  const price = clamp(Math.exp(Math.log(25) + 1.1 * rng.gauss()) * (cap / 1.2e9) ** 0.15, 0.5, 2_000);
  const total = Math.max(1_000_000, Math.round(cap / price / 1000) * 1000);
  const smallness = (Math.log(MAX_CAP) - Math.log(cap)) / (Math.log(MAX_CAP) - Math.log(MIN_CAP));
  const volatility = clamp(sector.volatility * (0.7 + 0.8 * smallness) + rng.range(-0.05, 0.08), 0.15, 0.95);
  const profitable = rng.chance(sector.profitable);
  const epsTtm = profitable ? price / rng.logRange(7, 60) : -price * rng.range(0.02, 0.4);
  const bps = price / rng.logRange(MIN_PRICE_TO_BOOK, 8);
  const dividendYield = profitable && rng.chance(sector.dividend) ? rng.range(0.3, 7) : null;
  const listedSince = rng.chance(0.8) ? HISTORY_START : dayBetween('20150601', '20251031', rng.next());
  return stockInstrument(US_STOCKS, {
    symbol,
    name: nameEn,
    price,
    volatility,
    lotSize: 1,
    dailyTurnover: rng.logRange(0.002, 0.02),
    listedSince,
    info: {
      name_cn: nameEn,
      name_en: nameEn,
      name_hk: nameEn,
      exchange: nasdaq ? 'NASD' : 'NYSE',
      total_shares: total,
      circulating_shares: Math.round(total * rngFor(`float:${symbol}`).range(0.7, 0.99)),
      ...perShareFigures(symbol, epsTtm, bps, dividendYield, true),
      stock_derivatives: cap >= 2e9 ? [1] : undefined,
    },
  });
}

/**
 * The long tail, given the hand-written tickers (left out) and names (never repeated): drawn in a
 * fixed order of seeds until the market has US_UNIVERSE_SIZE stocks, never a real company's
 * ticker (reserved-tickers.ts) nor one of one or two letters.
 */
export function usUniverseInstruments(takenTickers: ReadonlySet<string>, takenNames: Set<string>): Instrument[] {
  const tickers = new Set(takenTickers);
  const out: Instrument[] = [];
  for (let seed = 0; tickers.size < US_UNIVERSE_SIZE; seed++) {
    const rng = rngFor(`us-ticker:${seed}`);
    const nasdaq = rng.chance(0.62);
    const ticker = tickerOf(rng, nasdaq);
    // Real companies' tickers stay theirs (reserved-tickers.ts): passed over, so every other draw is as before.
    if (tickers.has(ticker) || ticker.length < 3 || RESERVED_US_TICKERS.has(ticker)) continue;
    tickers.add(ticker);
    out.push(generatedStock(ticker, nasdaq, takenNames));
  }
  return out;
}
