/**
 * Constants of the market data API contract (interface 1.0.3), shared by the SPA's client and the
 * server's simulator so both speak exactly the same vocabulary. Pure data: no DOM, no Node.
 */

export const PRODUCT_TYPES = ['stock', 'crypto', 'forex', 'indices', 'futures'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const MARKETS = ['GLOBAL', 'US', 'HK', 'CN'] as const;
export type Market = (typeof MARKETS)[number];

/** Markets that have trading sessions and a trading calendar (§4.9, §4.11). */
export const SESSION_MARKETS = ['US', 'HK', 'CN'] as const;
export type SessionMarket = (typeof SESSION_MARKETS)[number];

/** Every K-line period (§2.12). The historical endpoint lacks 3m (§4.2). */
export const INTERVALS = ['1m', '3m', '5m', '15m', '30m', '1h', '2h', '4h', '1d', '1w', '1M'] as const;
export type Interval = (typeof INTERVALS)[number];
export const HISTORY_INTERVALS: readonly Interval[] = INTERVALS.filter((interval) => interval !== '3m');

export const ADJUST_MODES = ['none', 'forward', 'backward'] as const;
export type AdjustMode = (typeof ADJUST_MODES)[number];

/** `type` values accepted per endpoint (§4). */
export const TYPES_FOR_QUOTES: readonly ProductType[] = ['stock', 'indices', 'crypto', 'forex', 'futures'];
export const TYPES_FOR_STOCK_INFO: readonly ProductType[] = ['stock', 'indices', 'crypto', 'forex'];
export const TYPES_FOR_EX_FACTORS: readonly ProductType[] = ['stock'];

/** Limits of §8. */
export const MAX_LIMIT = 1000;
export const DEFAULT_LIMIT = 100;
export const MAX_TICKER_SYMBOLS = 50;
export const MAX_INTRADAY_SYMBOLS = 50;
export const MAX_STOCK_INFO_SYMBOLS = 500;
export const MAX_TRADE_DAYS_SPAN = 31;

/** Error codes of §7 with the contract's message text. */
export const ERROR_CODES = {
  SUCCESS: 0,
  INVALID_KEY: 1001,
  MISSING_KEY: 1002,
  IP_NOT_WHITELISTED: 1003,
  PERMISSION_DENIED: 1004,
  INVALID_PARAMETER: 2001,
  SYMBOL_NOT_FOUND: 2002,
  INVALID_TIME_RANGE: 2003,
  LIMIT_EXCEEDED: 2004,
  RATE_LIMITED: 3001,
  QUOTA_EXHAUSTED: 3002,
  CONNECTION_LIMIT: 3003,
  SUBSCRIPTION_LIMIT: 3004,
  UNKNOWN_COMMAND: 4001,
  INVALID_MESSAGE: 4002,
  DEPTH_UNAVAILABLE: 4003,
  TRADE_UNAVAILABLE: 4004,
  INTERNAL_ERROR: 5000,
  DATA_SOURCE_UNAVAILABLE: 5001,
  SERVICE_UNAVAILABLE: 5002,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  0: 'success',
  1001: 'Invalid or expired token',
  1002: 'Token is required',
  1003: 'IP address not in whitelist',
  1004: 'Permission denied',
  2001: 'Invalid parameter',
  2002: 'Symbol not found',
  2003: 'Invalid time range',
  2004: 'Request limit exceeded',
  3001: 'Rate limit exceeded',
  3002: 'Quota exhausted',
  3003: 'Connection limit exceeded',
  3004: 'Subscription limit exceeded',
  4001: 'Unknown command',
  4002: 'Invalid message format',
  4003: 'Depth subscriptions temporarily unavailable',
  4004: 'Trade subscriptions temporarily unavailable',
  5000: 'Internal server error',
  5001: 'Data source unavailable',
  5002: 'Service temporarily unavailable',
};

/**
 * The contract names AMBIGUOUS_SYMBOL but not its numeric code. Chartroom answers it as 2001
 * (an invalid parameter: `type` is missing) with HTTP 400, `error: "AMBIGUOUS_SYMBOL"` and the
 * candidate types in `data`, so every code stays inside the contract's table.
 */
export const AMBIGUOUS_SYMBOL = 'AMBIGUOUS_SYMBOL';

/**
 * Chartroom's sign-in (AUTH_MODE, server/auth/) refuses with the contract's 1001/1002 and HTTP 401,
 * named `error: "SIGN_IN_REQUIRED"`, so a page tells "sign in" from a missing or refused API key.
 */
export const SIGN_IN_REQUIRED = 'SIGN_IN_REQUIRED';

/**
 * The market-data GET paths: the twelve of the contract (§4.1–4.12), the order book (§4.13) and
 * the full-US and full-A-share tickers of the OpenAPI (the full-HK one's kin).
 */
export const CONTRACT_PATHS = [
  '/v1/symbols/available',
  '/v1/market/kline',
  '/v1/market/kline/latest',
  '/v1/market/trades',
  '/v1/market/ticker',
  '/v1/market/ticker/hk-stock',
  '/v1/market/stock-info',
  '/v1/market/intraday',
  '/v1/market/trading-sessions',
  '/v1/market/intervals/kline',
  '/v1/market/trade-days',
  '/v1/market/kline/ex-factors',
  '/v1/market/depth',
  '/v1/market/ticker/us-stock',
  '/v1/market/ticker/cn-stock',
] as const;
export type ContractPath = (typeof CONTRACT_PATHS)[number];

/** The realtime WebSocket (§6): its path and channels. */
export const REALTIME_PATH = '/v1/realtime';
export const REALTIME_CHANNELS = ['ticker', 'depth', 'trade'] as const;
export type RealtimeChannel = (typeof REALTIME_CHANNELS)[number];

/**
 * US stocks' extended sessions as the ticker names them (OpenAPI `pre_market_quote` …, the ticker
 * push's `trade_session`).
 */
export const EXTENDED_SESSIONS = ['pre_market', 'post_market', 'overnight'] as const;
export type ExtendedSession = (typeof EXTENDED_SESSIONS)[number];

/**
 * A ticker push of an extended session (any session named): it must not move the regular
 * session's figures (chart, intraday, alerts in the browser and on the server).
 */
export function isExtendedPush(push: { trade_session?: string | undefined }): boolean {
  return push.trade_session !== undefined;
}

/** trade_session values of §2.10. */
export const TRADE_SESSION = { NORMAL: 0, PRE_MARKET: 1, AFTER_HOURS: 2, OVERNIGHT: 3 } as const;
