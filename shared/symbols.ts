/**
 * Symbol shapes of the contract (§1.4): A-shares `<code>.SH|.SZ|.BJ`, HK stocks `<code>.HK`
 * (leading zeros accepted), US stocks `<ticker>.US`; forex, metals, crypto, indices and China
 * futures as bare codes (market GLOBAL, or CN for futures — not knowable from the shape).
 */
import type { Market, ProductType, SessionMarket } from './contract.ts';

/** A symbol as a link may name it (before upper-casing): what the app opens, and the server carries a page for. */
export const LINK_SYMBOL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9.\-_]{0,23}$/;

const SUFFIX_MARKETS: Readonly<Record<string, 'US' | 'HK' | 'CN'>> = {
  US: 'US',
  HK: 'HK',
  SH: 'CN',
  SZ: 'CN',
  BJ: 'CN',
};

const MARKET_TIME_ZONES: Readonly<Record<Market, string>> = {
  US: 'America/New_York',
  HK: 'Asia/Hong_Kong',
  CN: 'Asia/Shanghai',
  GLOBAL: 'UTC',
};

function suffixOf(symbol: string): string | undefined {
  const dot = symbol.lastIndexOf('.');
  return dot > 0 ? symbol.slice(dot + 1).toUpperCase() : undefined;
}

/** Market of a symbol by its suffix; bare codes are GLOBAL (China futures are too, by shape). */
export function marketOfSymbol(symbol: string): Market {
  const suffix = suffixOf(symbol.trim());
  return (suffix !== undefined ? SUFFIX_MARKETS[suffix] : undefined) ?? 'GLOBAL';
}

/**
 * The market whose calendar and clock an instrument follows. China futures are bare codes (GLOBAL
 * by shape alone); their `type` places them in CN.
 */
export function marketOfInstrument(symbol: string, type: string | undefined): Market {
  return type === 'futures' ? 'CN' : marketOfSymbol(symbol);
}

/** The session market (US, HK, CN) of a stock symbol; undefined for GLOBAL products. */
export function sessionMarketOf(symbol: string): SessionMarket | undefined {
  const market = marketOfSymbol(symbol);
  return market === 'GLOBAL' ? undefined : market;
}

/** True for exchange-suffixed symbols (.US/.HK/.SH/.SZ/.BJ), the only stock shapes. */
export function isStockSymbol(symbol: string): boolean {
  return marketOfSymbol(symbol) !== 'GLOBAL';
}

/** Whether a symbol, as opened with its chosen product type (if any), is a stock: stocks have adjusted prices. */
export function isStockInstrument(symbol: string, type: ProductType | undefined): boolean {
  return type !== undefined ? type === 'stock' : isStockSymbol(symbol);
}

/** Trimmed, upper-cased, HK codes without leading zeros: ' 00700.hk ' → '700.HK'. */
export function normalizeSymbol(input: string): string {
  const upper = input.trim().toUpperCase();
  const hk = /^(\d+)\.HK$/.exec(upper);
  if (hk?.[1] !== undefined) return `${stripZeros(hk[1])}.HK`;
  return upper;
}

function stripZeros(digits: string): string {
  return digits.replace(/^0+(?=\d)/, '');
}

/** A symbol without its exchange suffix, upper-cased: 'nvda.us' → 'NVDA', '700.HK' → '700'; bare codes as they are. */
export function symbolCode(symbol: string): string {
  const upper = symbol.trim().toUpperCase();
  const suffix = suffixOf(upper);
  return suffix !== undefined && suffix in SUFFIX_MARKETS ? upper.slice(0, upper.lastIndexOf('.')) : upper;
}

/** Typed digits as an HK code, leading zeros dropped ('00700', '0700' → '700'); undefined unless 1–5 digits. */
export function hkCodeOf(code: string): string | undefined {
  const trimmed = code.trim();
  return /^\d{1,5}$/.test(trimmed) ? stripZeros(trimmed) : undefined;
}

/**
 * The full-HK feed (`ticker/hk-stock`) names stocks by bare numeric code ('700', '00700') and
 * indices by name ('HSI'); numeric codes become HK symbols, anything else stays as it is.
 */
export function hkFeedToSymbol(code: string): string {
  const trimmed = code.trim();
  return /^\d+$/.test(trimmed) ? `${stripZeros(trimmed)}.HK` : trimmed;
}

/** IANA time zone of a market's trading day; GLOBAL instruments are dated in UTC. */
export function marketTimeZone(market: Market): string {
  return MARKET_TIME_ZONES[market];
}

/** The time zone of a symbol as opened with its product type, if any (China futures, bare codes, trade in CN). */
export function instrumentTimeZone(symbol: string, type: string | undefined): string {
  return marketTimeZone(marketOfInstrument(symbol, type));
}

const SYMBOL_SHAPES: readonly RegExp[] = [
  /^[A-Z][A-Z0-9]*(?:[.-][A-Z0-9]+)?\.US$/, // AAPL.US, BRK.B.US, BRK-B.US
  /^\d{1,5}\.HK$/, // 700.HK, 00700.HK
  /^\d{6}\.(?:SH|SZ|BJ)$/, // 600519.SH, 000001.SZ, 430047.BJ
  /^(?=[0-9]*[A-Z])[A-Z0-9]{2,}$/, // EURUSD, XAUUSD, BTCUSDT, SPX, AU2612: bare, at least one letter
];

/** Whether search-box input has one of the contract's symbol shapes (case-insensitive). */
export function looksLikeSymbol(input: string): boolean {
  const upper = input.trim().toUpperCase();
  if (upper.length === 0 || upper.length > 20) return false;
  return SYMBOL_SHAPES.some((shape) => shape.test(upper));
}
