/**
 * Whether a symbol has trades and an order book (§4.4 and the depth endpoint: US, HK and A-share
 * stocks, China futures and crypto do; forex, metals and indices do not), known from its type
 * before any request when there is one, else from its ticker; and the answer by which the service
 * says a bare code has none.
 */
import { isApiError } from '../api/api-error';
import { ERROR_CODES, type ProductType } from '#shared/contract.ts';
import { isStockSymbol } from '#shared/symbols.ts';
import { useTicker } from './use-ticker';

const WITHOUT_TRADE_DATA: readonly string[] = ['forex', 'indices'] satisfies readonly ProductType[];

export type TradeDataAvailability = 'available' | 'unavailable' | 'unknown';

/** `type`: the chosen type, or the one the ticker reported; undefined while unknown. */
export function tradeDataAvailability(symbol: string, type: string | undefined): TradeDataAvailability {
  if (type !== undefined) return WITHOUT_TRADE_DATA.includes(type) ? 'unavailable' : 'available';
  return isStockSymbol(symbol) ? 'available' : 'unknown';
}

/** A bare code the trades or depth endpoint refuses with 2001 (not AMBIGUOUS_SYMBOL): a market without them. */
export function isNoTradeDataAnswer(symbol: string, error: unknown): boolean {
  return !isStockSymbol(symbol) && isApiError(error) && error.code === ERROR_CODES.INVALID_PARAMETER && error.errorName === undefined;
}

export interface ResolvedAvailability {
  /** 'pending' while a bare code's ticker is on its way. */
  status: 'available' | 'unavailable' | 'pending';
  /** The type that decided: the chosen one, or the ticker's. */
  type: string | undefined;
}

/**
 * As tradeDataAvailability, a bare code's type taken from its ticker (the one the page already
 * polls for the header). Without a ticker (or a type in it) the panel's own request decides: its
 * 2001 reads as "none" (isNoTradeDataAnswer).
 */
export function useTradeDataAvailability(symbol: string, type: ProductType | undefined): ResolvedAvailability {
  const known = tradeDataAvailability(symbol, type);
  const ticker = useTicker(known === 'unknown' ? symbol : '');
  if (known !== 'unknown') return { status: known, type };
  if (ticker.isPending) return { status: 'pending', type };
  const reported = ticker.data?.type;
  return { status: reported !== undefined && tradeDataAvailability(symbol, reported) === 'unavailable' ? 'unavailable' : 'available', type: reported };
}
