/**
 * Whether a symbol has an order book: US, HK and A-share stocks, China futures and crypto do;
 * forex, metals and indices do not. Known from the type before any request, when there is one.
 */
import type { ProductType } from '#shared/contract.ts';
import { isStockSymbol } from '#shared/symbols.ts';

const WITHOUT_BOOK: readonly string[] = ['forex', 'indices'] satisfies readonly ProductType[];

export type BookAvailability = 'available' | 'unavailable' | 'unknown';

/** `type`: the chosen type, or the one the ticker reported; undefined while unknown. */
export function bookAvailability(symbol: string, type: string | undefined): BookAvailability {
  if (type !== undefined) return WITHOUT_BOOK.includes(type) ? 'unavailable' : 'available';
  return isStockSymbol(symbol) ? 'available' : 'unknown';
}

export function noBookSentence(symbol: string): string {
  return `No order book for ${symbol}: this market has none (forex, metals and indices).`;
}

export const NO_PLAN_SENTENCE = 'Your plan does not include the order book.';
