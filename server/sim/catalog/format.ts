/** Numbers as the contract carries them in stock information: decimal strings. */

/** `value` with at most `decimals` decimals, trailing zeros dropped ("1.06", "-0.2", "27.3701"). */
export function decimalString(value: number, decimals: number): string {
  const trimmed = value.toFixed(decimals).replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  return trimmed === '-0' ? '0' : trimmed;
}

/** Rounds to `decimals` places, so that 0.1 * 3 becomes 0.3 (for prices stored as numbers). */
export function roundTo(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}
