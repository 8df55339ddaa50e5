/** What the trades panel says when a symbol has no trades (forex, metals, indices). */
import { t, type MessageKey } from '../../i18n/t';

const UNPUBLISHED: Readonly<Record<string, MessageKey>> = {
  forex: 'Trades are not published for forex and metals, so {symbol} has no time-and-sales tape.',
  indices: 'Trades are not published for indices, so {symbol} has no time-and-sales tape.',
};

export function unavailableSentence(symbol: string, type: string | undefined): string {
  const sentence = type !== undefined ? UNPUBLISHED[type] : undefined;
  return t(sentence ?? 'Trades are not available for {symbol}.', { symbol });
}
