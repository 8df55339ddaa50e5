/** What the trades panel says when a symbol has no trades (forex, metals, indices). */

const TYPE_NAMES: Readonly<Record<string, string>> = { forex: 'forex and metals', indices: 'indices' };

export function unavailableSentence(symbol: string, type: string | undefined): string {
  const kind = type !== undefined ? TYPE_NAMES[type] : undefined;
  return kind !== undefined
    ? `Trades are not published for ${kind}, so ${symbol} has no time-and-sales tape.`
    : `Trades are not available for ${symbol}.`;
}
