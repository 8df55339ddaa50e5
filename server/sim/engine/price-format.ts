/** Decimal strings as the API carries them: fixed decimals, trailing zeros dropped ("545.5"). */
export function formatDecimal(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  if (!fixed.includes('.')) return fixed === '-0' ? '0' : fixed;
  const trimmed = fixed.replace(/0+$/, '').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

/** Number of decimals needed to write a tick size exactly (0.005 → 3). */
export function decimalsOf(step: number): number {
  const text = formatDecimal(step, 10);
  const dot = text.indexOf('.');
  return dot === -1 ? 0 : text.length - dot - 1;
}
