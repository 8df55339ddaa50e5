/**
 * The generated HK long tail: with the majors, about 2,600 stocks spread over the code ranges the
 * real market uses (dense below 2000, the 6000s of recent listings, the GEM board in the 8000s,
 * secondary listings in the 9000s; ETF, debt and structured-product ranges left empty).
 * Everything derives from a hash of the code (names also from those drawn before, in code order).
 */
import { dayBetween } from './dates.ts';
import { rngFor, type Rng } from './hash.ts';
import { drawName } from './hk-names.ts';
import { HISTORY_START } from './instrument-builder.ts';
import { HK_STOCKS, perShareFigures, stockInstrument } from './stock-builder.ts';
import { toTraditional } from './traditional.ts';
import type { Instrument } from './types.ts';

interface CodeBand {
  from: number;
  to: number;
  /** Stocks in the band, majors included. */
  stocks: number;
  /** Share of the band listed before the history starts. */
  listedBefore2015: number;
  /** Listing dates of the others. */
  newFrom: string;
  newTo: string;
  /** Growth Enterprise Market: smaller and cheaper. */
  gem?: boolean;
  /** Band with Chapter 18A biotech listings ("-B"). */
  biotech?: boolean;
}

const BANDS: readonly CodeBand[] = [
  { from: 1, to: 999, stocks: 850, listedBefore2015: 0.85, newFrom: '20150601', newTo: '20241231' },
  { from: 1000, to: 1999, stocks: 640, listedBefore2015: 0.7, newFrom: '20150601', newTo: '20241231', biotech: true },
  { from: 2000, to: 2799, stocks: 290, listedBefore2015: 0.4, newFrom: '20150601', newTo: '20250630', biotech: true },
  { from: 2850, to: 2999, stocks: 60, listedBefore2015: 0.3, newFrom: '20150601', newTo: '20250630' },
  { from: 3300, to: 3999, stocks: 220, listedBefore2015: 0.35, newFrom: '20150601', newTo: '20250630' },
  { from: 6000, to: 6999, stocks: 220, listedBefore2015: 0.03, newFrom: '20160104', newTo: '20250630', biotech: true },
  { from: 8000, to: 8999, stocks: 240, listedBefore2015: 0.6, newFrom: '20150601', newTo: '20191231', gem: true },
  { from: 9600, to: 9999, stocks: 80, listedBefore2015: 0, newFrom: '20190601', newTo: '20251031', biotech: true },
];

/**
 * Board lots by price: [price up to, lots to draw from] (repeats weight the draw). Cheap shares
 * trade in large lots, expensive ones in lots of 100 to 500.
 */
const LOTS_BY_PRICE: readonly (readonly [upTo: number, lots: readonly number[]])[] = [
  [0.1, [10000, 10000, 5000, 20000]],
  [0.5, [2000, 4000, 5000, 10000, 10000]],
  [2, [1000, 2000, 2000, 4000, 5000]],
  [10, [500, 1000, 1000, 2000, 400]],
  [50, [200, 400, 500, 500, 1000]],
  [200, [100, 200, 500]],
  [Infinity, [50, 100, 100, 200]],
];

const MIN_CAP = 3e7;
const MAX_CAP = 1.5e11;

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Codes of one band: a deterministic sample of the free codes, ascending. */
function bandCodes(band: CodeBand, majors: ReadonlySet<number>): number[] {
  const free: number[] = [];
  let majorsInBand = 0;
  for (let code = band.from; code <= band.to; code++) {
    if (majors.has(code)) majorsInBand++;
    else free.push(code);
  }
  const score = new Map(free.map((code) => [code, rngFor(`hk-code:${code}`).next()]));
  return free
    .sort((a, b) => (score.get(a) ?? 0) - (score.get(b) ?? 0))
    .slice(0, Math.max(0, band.stocks - majorsInBand))
    .sort((a, b) => a - b);
}

function lotSizeFor(rng: Rng, price: number): number {
  const band = LOTS_BY_PRICE.find(([upTo]) => price <= upTo) ?? LOTS_BY_PRICE[LOTS_BY_PRICE.length - 1];
  return band ? rng.pick(band[1]) : 1000;
}

function generatedStock(code: number, band: CodeBand, takenNames: Set<string>): Instrument {
  const rng = rngFor(`hk:${code}`);
  const symbol = `${code}.HK`;
  const biotech = band.biotech === true && rng.chance(0.05);
  const name = drawName(rng, takenNames, biotech);
  const cap = clamp(Math.exp(Math.log(band.gem ? 1.2e8 : 1.5e9) + 1.4 * rng.gauss()), MIN_CAP, MAX_CAP);
  const medianPrice = (band.gem ? 0.3 : 1.5) * (cap / 1.5e9) ** 0.3;
  // Mostly cheap shares, with a thin tail of high-priced ones (tens to hundreds of dollars).
  const price = rng.chance(0.04) ? rng.logRange(40, 600) : clamp(medianPrice * Math.exp(1.15 * rng.gauss()), 0.012, 300);
  const total = Math.max(1_000_000, Math.round(cap / price / 1000) * 1000);
  const hShares = !band.gem && rng.chance(0.08);
  const hkShares = hShares ? Math.round((total * rng.range(0.2, 0.6)) / 1000) * 1000 : total;
  const circulating = hShares || rng.chance(0.85) ? hkShares : Math.round((total * rng.range(0.6, 0.95)) / 1000) * 1000;
  const smallness = (Math.log(MAX_CAP) - Math.log(cap)) / (Math.log(MAX_CAP) - Math.log(MIN_CAP));
  const volatility = clamp(0.3 + 0.5 * smallness + rng.range(-0.05, 0.1) + (price < 0.5 ? 0.1 : 0), 0.28, 0.95);
  const profitable = !biotech && rng.chance(0.6);
  const epsTtm = profitable ? price / rng.logRange(4, 40) : -price * rng.range(0.02, 0.3);
  const bps = price / rng.logRange(0.2, 3);
  const dividendYield = profitable && rng.chance(0.6) ? rng.range(1, 9) : null;
  const listedSince = rng.chance(band.listedBefore2015) ? HISTORY_START : dayBetween(band.newFrom, band.newTo, rng.next());
  return stockInstrument(HK_STOCKS, {
    symbol,
    name: name.cn,
    price,
    volatility,
    lotSize: lotSizeFor(rng, price),
    dailyTurnover: rng.logRange(band.gem ? 0.0002 : 0.0005, 0.01),
    listedSince,
    info: {
      name_cn: name.cn,
      name_en: name.en,
      name_hk: toTraditional(name.cn),
      exchange: 'SEHK',
      total_shares: total,
      circulating_shares: circulating,
      hk_shares: hkShares,
      ...perShareFigures(symbol, epsTtm, bps, dividendYield, true),
      stock_derivatives: cap >= 6e10 ? [1, 2] : cap >= 1.5e10 ? [2] : undefined,
    },
  });
}

/**
 * The long tail, given the majors' codes (left out) and names (never repeated; the set is
 * extended with the generated names).
 */
export function hkUniverseInstruments(majorCodes: ReadonlySet<number>, takenNames: Set<string>): Instrument[] {
  return BANDS.flatMap((band) => bandCodes(band, majorCodes).map((code) => generatedStock(code, band, takenNames)));
}
