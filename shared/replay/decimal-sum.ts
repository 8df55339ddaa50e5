/**
 * Exact sums of the contract's decimal strings (§2.1). A day's volume and turnover are the sums
 * of its minutes' figures: added as floats they drift in the last digits ("0.30000000000000004"),
 * and a replayed bar must read exactly as the service's own bar of the period.
 */

/** A decimal as an integer of units of 10^-scale. */
interface Scaled {
  units: bigint;
  scale: number;
}

const DECIMAL = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/;

function parse(text: string): Scaled {
  const match = DECIMAL.exec(text.trim());
  const whole = match?.[2] ?? '';
  const fraction = match?.[3] ?? '';
  if (!match || whole + fraction === '') throw new RangeError(`not a decimal: ${text}`);
  let units = BigInt(whole + fraction);
  let scale = fraction.length - Number(match[4] ?? 0);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: match[1] === '-' ? -units : units, scale };
}

function rescale(value: Scaled, scale: number): bigint {
  return value.units * 10n ** BigInt(scale - value.scale);
}

/** Plain notation, trailing zeros dropped, as the service writes decimals ("1.5", "-0.2", "0"). */
function format({ units, scale }: Scaled): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale).replace(/0+$/, '');
  const text = fraction === '' ? whole : `${whole}.${fraction}`;
  return negative && text !== '0' ? `-${text}` : text;
}

/** The exact sum of decimal strings ("0" for none). */
export function sumDecimals(values: readonly string[]): string {
  const parsed = values.map(parse);
  const scale = Math.max(0, ...parsed.map((value) => value.scale));
  let units = 0n;
  for (const value of parsed) units += rescale(value, scale);
  return format({ units, scale });
}

/** The exact difference `a − b`. */
export function subtractDecimals(a: string, b: string): string {
  const right = parse(b);
  return sumDecimals([a, format({ units: -right.units, scale: right.scale })]);
}
