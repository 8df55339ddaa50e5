/**
 * Whether a symbol has trades (§4.4: US, HK and A-share stocks, China futures, crypto; not forex,
 * metals or indices), known from its type before any trades request.
 */
import type { ProductType } from '#shared/contract.ts';
import { isStockSymbol } from '#shared/symbols.ts';

const WITHOUT_TRADES: readonly string[] = ['forex', 'indices'] satisfies readonly ProductType[];

export type TradesAvailability = 'available' | 'unavailable' | 'unknown';

/** `type`: the chosen type, or the one the ticker reported; undefined while unknown. */
export function tradesAvailability(symbol: string, type: string | undefined): TradesAvailability {
  if (type !== undefined) return WITHOUT_TRADES.includes(type) ? 'unavailable' : 'available';
  return isStockSymbol(symbol) ? 'available' : 'unknown';
}

const TYPE_NAMES: Readonly<Record<string, string>> = { forex: 'forex and metals', indices: 'indices' };

export function unavailableSentence(symbol: string, type: string | undefined): string {
  const kind = type !== undefined ? TYPE_NAMES[type] : undefined;
  return kind !== undefined
    ? `Trades are not published for ${kind}, so ${symbol} has no time-and-sales tape.`
    : `Trades are not available for ${symbol}.`;
}
