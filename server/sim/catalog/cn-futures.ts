/**
 * China futures (market CN, type futures): contracts under bare codes, product letters plus the
 * delivery year and month (AU2612). Tick sizes are the exchanges' per product; prices are quoted
 * per the exchange's unit (CNY per gram of gold, per tonne of copper, index points, ...). Volume
 * is in contracts; history starts when the contract was listed.
 */
import { addMonthsYmd, tradingDayOnOrAfter } from './dates.ts';
import { makeInstrument } from './instrument-builder.ts';
import { decimalsOfTick, roundToTick } from './tick-size.ts';
import type { Instrument } from './types.ts';

interface Product {
  name: string;
  tick: number;
  volatility: number;
  /** Contracts per minute of a liquid contract. */
  minuteVolume: number;
  /** Months between listing and delivery. */
  listedMonthsAhead: number;
}

const PRODUCTS: Record<string, Product> = {
  // Shanghai Futures Exchange and its International Energy Exchange (SC).
  AU: { name: '沪金', tick: 0.02, volatility: 0.16, minuteVolume: 600, listedMonthsAhead: 12 },
  AG: { name: '沪银', tick: 1, volatility: 0.26, minuteVolume: 2_500, listedMonthsAhead: 12 },
  CU: { name: '沪铜', tick: 10, volatility: 0.2, minuteVolume: 300, listedMonthsAhead: 12 },
  AL: { name: '沪铝', tick: 5, volatility: 0.17, minuteVolume: 400, listedMonthsAhead: 12 },
  RB: { name: '螺纹钢', tick: 1, volatility: 0.22, minuteVolume: 4_000, listedMonthsAhead: 12 },
  HC: { name: '热轧卷板', tick: 1, volatility: 0.22, minuteVolume: 1_200, listedMonthsAhead: 12 },
  SC: { name: '原油', tick: 0.1, volatility: 0.35, minuteVolume: 300, listedMonthsAhead: 12 },
  // Dalian Commodity Exchange.
  I: { name: '铁矿石', tick: 0.5, volatility: 0.3, minuteVolume: 900, listedMonthsAhead: 12 },
  M: { name: '豆粕', tick: 1, volatility: 0.2, minuteVolume: 3_000, listedMonthsAhead: 12 },
  Y: { name: '豆油', tick: 2, volatility: 0.22, minuteVolume: 1_100, listedMonthsAhead: 12 },
  // Zhengzhou Commodity Exchange.
  CF: { name: '棉花', tick: 5, volatility: 0.18, minuteVolume: 800, listedMonthsAhead: 12 },
  SR: { name: '白糖', tick: 1, volatility: 0.18, minuteVolume: 900, listedMonthsAhead: 12 },
  TA: { name: 'PTA', tick: 2, volatility: 0.25, minuteVolume: 3_000, listedMonthsAhead: 12 },
  MA: { name: '甲醇', tick: 1, volatility: 0.25, minuteVolume: 2_500, listedMonthsAhead: 12 },
  // China Financial Futures Exchange: quarterly index contracts list two quarters ahead, bonds three.
  IF: { name: '沪深300股指', tick: 0.2, volatility: 0.2, minuteVolume: 350, listedMonthsAhead: 6 },
  IC: { name: '中证500股指', tick: 0.2, volatility: 0.24, minuteVolume: 300, listedMonthsAhead: 6 },
  IH: { name: '上证50股指', tick: 0.2, volatility: 0.18, minuteVolume: 150, listedMonthsAhead: 6 },
  IM: { name: '中证1000股指', tick: 0.2, volatility: 0.27, minuteVolume: 400, listedMonthsAhead: 6 },
  T: { name: '10年期国债', tick: 0.005, volatility: 0.03, minuteVolume: 250, listedMonthsAhead: 9 },
};

type ContractRow = readonly [product: keyof typeof PRODUCTS, yymm: string, price: number];

const CONTRACTS: readonly ContractRow[] = [
  ['AU', '2612', 610],
  ['AU', '2702', 614],
  ['AG', '2612', 7_400],
  ['CU', '2612', 78_000],
  ['AL', '2612', 20_500],
  ['RB', '2701', 3_300],
  ['HC', '2701', 3_450],
  ['I', '2701', 780],
  ['SC', '2701', 540],
  ['M', '2701', 2_950],
  ['Y', '2701', 7_900],
  ['CF', '2701', 14_000],
  ['SR', '2701', 5_800],
  ['TA', '2701', 4_800],
  ['MA', '2701', 2_500],
  ['IF', '2612', 3_950],
  ['IC', '2612', 5_900],
  ['IH', '2612', 2_700],
  ['IM', '2612', 6_300],
  ['T', '2612', 108],
];

function futuresContract([code, yymm, price]: ContractRow): Instrument {
  const product = PRODUCTS[code];
  if (!product) throw new Error(`unknown futures product ${code}`);
  const delivery = `20${yymm}15`;
  return makeInstrument({
    symbol: `${code}${yymm}`,
    name: `${product.name}${yymm}`,
    market: 'CN',
    type: 'futures',
    currency: 'CNY',
    venue: 'CN_FUTURES',
    basePrice: roundToTick(price, product.tick),
    tickSize: product.tick,
    priceDecimals: decimalsOfTick(product.tick),
    annualVolatility: product.volatility,
    lotSize: 1,
    minuteVolume: product.minuteVolume,
    listedSince: tradingDayOnOrAfter(addMonthsYmd(delivery, -product.listedMonthsAhead)),
    hasQuotes: true,
  });
}

export function cnFuturesInstruments(): Instrument[] {
  return CONTRACTS.map(futuresContract);
}
