/**
 * The colours of rises and falls, per theme, for text and candles alike: dark enough on white and
 * light enough on slate-900 for small text (WCAG AA, ≥ 4.5:1). One source, so a price in a row,
 * the header and the candle that moved it are the same colour.
 */
export const UP_DOWN_HEX = {
  light: { green: '#15803d', red: '#b91c1c' },
  dark: { green: '#4ade80', red: '#f87171' },
} as const;
