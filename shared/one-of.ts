/** `value` as a member of `allowed` (a link parameter, a catalogue field), or undefined when it is none of them. */
export function oneOf<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}
