/** What the order book panel says when a symbol has no book, or the plan lacks it. */
import { t } from '../../i18n/t';

export function noBookSentence(symbol: string): string {
  return t('No order book for {symbol}: this market has none (forex, metals and indices).', { symbol });
}

export const NO_PLAN_SENTENCE = 'Your plan does not include the order book.';
