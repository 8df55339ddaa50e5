/** What the order book panel says when a symbol has no book, or the plan lacks it. */

export function noBookSentence(symbol: string): string {
  return `No order book for ${symbol}: this market has none (forex, metals and indices).`;
}

export const NO_PLAN_SENTENCE = 'Your plan does not include the order book.';
