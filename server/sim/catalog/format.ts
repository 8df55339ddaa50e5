/** Numbers as the contract carries them in stock information: decimal strings. */

const ZERO = 48; // '0'
const POINT = 46; // '.'

/** `value` with at most `decimals` decimals, trailing zeros dropped ("1.06", "-0.2", "27.3701"). */
export function decimalString(value: number, decimals: number): string {
  const fixed = value.toFixed(decimals);
  // A scan, not a regular expression: the full HK ticker formats ~30,000 numbers a call.
  let end = fixed.length;
  if (fixed.includes('.') && !fixed.includes('e')) {
    while (fixed.charCodeAt(end - 1) === ZERO) end--;
    if (fixed.charCodeAt(end - 1) === POINT) end--;
  }
  const trimmed = end === fixed.length ? fixed : fixed.slice(0, end);
  return trimmed === '-0' ? '0' : trimmed;
}

/** Rounds to `decimals` places, so that 0.1 * 3 becomes 0.3 (for prices stored as numbers). */
export function roundTo(value: number, decimals: number): number {
  return Number(value.toFixed(decimals));
}
