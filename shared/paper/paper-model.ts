/**
 * Paper trading's account model (issue 35 §2): one account per user, cash per currency, positions
 * per instrument, working limit and stop orders, and the log of fills. Pure data, so the account
 * travels as workspace records and is checked by its schema (paper-schema.ts) on the way in.
 *
 * Instruments: an instrument's market is `marketOfInstrument` (shared/symbols.ts); its currency
 * follows the market (USD for US and GLOBAL: crypto, forex, metals; HKD for HK; CNY for A-shares
 * and China futures). Quantities are whole board lots (`lot_size` of the stock information; 1
 * where it says nothing), prices are on the instrument's tick (tickSizeOf).
 */
import type { Market, ProductType } from '../contract.ts';
import { hkSpreadTick } from '../hk-spread-table.ts';
import { marketOfInstrument, normalizeSymbol } from '../symbols.ts';

export const CURRENCIES = ['USD', 'HKD', 'CNY'] as const;
export type Currency = (typeof CURRENCIES)[number];

const MARKET_CURRENCY: Readonly<Record<Market, Currency>> = { US: 'USD', HK: 'HKD', CN: 'CNY', GLOBAL: 'USD' };

export function currencyOfMarket(market: Market): Currency {
  return MARKET_CURRENCY[market];
}

export type OrderSide = 'buy' | 'sell';
export type OrderKind = 'market' | 'limit' | 'stop';

/** A fee as most brokers charge it: a rate of the traded value, at least a minimum, per order fill. */
export interface FeeRule {
  /** A fraction of the traded value: 0.0003 is 0.03 %. */
  rate: number;
  /** In the market's currency. */
  minimum: number;
}

export interface PaperSettings {
  startingCash: Record<Currency, number>;
  fees: Record<Market, FeeRule>;
}

export const DEFAULT_PAPER_SETTINGS: PaperSettings = {
  startingCash: { USD: 100_000, HKD: 1_000_000, CNY: 1_000_000 },
  fees: {
    HK: { rate: 0.0003, minimum: 3 },
    US: { rate: 0.0003, minimum: 1 },
    CN: { rate: 0.0003, minimum: 5 },
    GLOBAL: { rate: 0.001, minimum: 0 },
  },
};

/** What the engine needs to know of an instrument to trade it. */
export interface PaperInstrument {
  symbol: string;
  type?: ProductType | undefined;
  /** Shares (or contracts, units) in one lot: 100 for 700.HK. */
  lotSize: number;
}

/**
 * A limit or stop order waiting for its price, or a market order placed while its market was
 * closed, waiting for the open.
 */
export interface WorkingOrder {
  id: string;
  symbol: string;
  type?: ProductType | undefined;
  side: OrderSide;
  kind: OrderKind;
  /** Shares: a whole number of lots. */
  quantity: number;
  lotSize: number;
  /** The limit or the stop, on the instrument's tick; of a market order, the last price when placed (its buying power was checked at it). */
  price: number;
  placedAt: number;
  /**
   * Placed while its market was closed: the open it waits for. No price seen before it fills the
   * order (the quote then is the last session's); a market order fills at the first one from it.
   */
  opensAt?: number | undefined;
}

/** An open position; `quantity` is signed: above 0 long, below 0 short. */
export interface Position {
  symbol: string;
  type?: ProductType | undefined;
  currency: Currency;
  quantity: number;
  /** The average cost of the open quantity (average-cost method: fills that add move it, fills that reduce do not). */
  averagePrice: number;
  /** The fees paid on the open quantity, released in proportion as it closes. */
  openFees: number;
}

/** One fill: a line of the trade log. */
export interface Fill {
  id: string;
  orderId: string;
  time: number;
  symbol: string;
  type?: ProductType | undefined;
  currency: Currency;
  side: OrderSide;
  kind: OrderKind;
  quantity: number;
  price: number;
  fee: number;
  /**
   * Of a fill that closes (part of) a position: the closed quantity, and its net result: (price −
   * average) × closed quantity (sign flipped for a short), less the entry fees of the closed part
   * and this fill's fee share. Absent on a fill that only opens or adds.
   */
  closed?: { quantity: number; pnl: number } | undefined;
  /** The position after the fill (signed) and its average price. */
  positionAfter: number;
  averageAfter: number;
  /** The cash of the currency after the fill, and the equity at the prices last seen (this fill's for its instrument). */
  cashAfter: number;
  equityAfter: number;
}

export interface PaperAccount {
  settings: PaperSettings;
  cash: Record<Currency, number>;
  positions: Position[];
  orders: WorkingOrder[];
  /** Fills, oldest first (the store keeps at most MAX_PAPER_FILLS). */
  fills: Fill[];
  /** The last fill price per instrument key: marks the other positions in the equity recorded with a fill. */
  marks: Record<string, number>;
  /** When the account was started or last reset. */
  startedAt: number;
}

export const MAX_PAPER_ORDERS = 100;
export const MAX_PAPER_POSITIONS = 200;
export const MAX_PAPER_FILLS = 500;

export function newPaperAccount(now: number, settings: PaperSettings = DEFAULT_PAPER_SETTINGS): PaperAccount {
  return { settings, cash: { ...settings.startingCash }, positions: [], orders: [], fills: [], marks: {}, startedAt: now };
}

/** One key per instrument (a symbol as opened with its product type). */
export function paperKey(symbol: string, type: ProductType | undefined): string {
  return `${type ?? ''}|${normalizeSymbol(symbol)}`;
}

export function currencyOf(symbol: string, type: ProductType | undefined): Currency {
  return currencyOfMarket(marketOfInstrument(symbol, type));
}

/**
 * The instrument's price step at `price`, or undefined where the app does not know it (forex,
 * crypto, metals, China futures: their quoted price is taken as it is): HK stocks follow the HKEX
 * spread table (hk-spread-table.ts), US stocks trade in cents (1/100 cent below $1), A-shares in
 * fen.
 */
export function tickSizeOf(symbol: string, type: ProductType | undefined, price: number): number | undefined {
  if (type !== undefined && type !== 'stock') return undefined;
  switch (marketOfInstrument(symbol, type)) {
    case 'HK':
      return hkSpreadTick(price);
    case 'US':
      return price < 1 ? 0.0001 : 0.01;
    case 'CN':
      return 0.01;
    case 'GLOBAL':
      return undefined;
  }
}

function decimalsOfStep(step: number): number {
  return Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
}

/**
 * `price` on the instrument's tick: the nearest step, or the step toward `toward` ('down' never
 * above, 'up' never below: a limit is never crossed by rounding).
 */
export function roundToTick(symbol: string, type: ProductType | undefined, price: number, toward: 'nearest' | 'down' | 'up' = 'nearest'): number {
  const tick = tickSizeOf(symbol, type, price);
  if (tick === undefined) return price;
  const steps = price / tick;
  const near = Math.round(steps);
  const whole = Math.abs(steps - near) < 1e-9 ? near : toward === 'down' ? Math.floor(steps) : toward === 'up' ? Math.ceil(steps) : near;
  return Number((whole * tick).toFixed(decimalsOfStep(tick)));
}

/** Whether `price` lies on the instrument's tick (always, where the tick is not known). */
export function onTick(symbol: string, type: ProductType | undefined, price: number): boolean {
  return roundToTick(symbol, type, price) === price;
}

/** Money without float noise: 1e-6 of the currency. */
export function money(value: number): number {
  const rounded = Math.round(value * 1e6) / 1e6;
  return rounded === 0 ? 0 : rounded;
}

/** Cents, half away from zero. */
function cents(value: number): number {
  return Math.round(value * 100 + 1e-7) / 100;
}

/** The fee of a fill of `value` (price × quantity) in `market`: the rate, at least the minimum, in cents. */
export function feeOf(settings: PaperSettings, market: Market, value: number): number {
  const rule = settings.fees[market];
  return Math.max(rule.minimum, cents(Math.abs(value) * rule.rate));
}
