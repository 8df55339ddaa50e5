/** Parsers for environment values: each throws a message naming the variable when a value is wrong. */
export type Environment = Readonly<Record<string, string | undefined>>;

function integer(env: Environment, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) {
    throw new Error(`${name} must be an integer >= ${min}, got ${raw}`);
  }
  return value;
}

export function positiveInteger(env: Environment, name: string, fallback: number): number {
  return integer(env, name, fallback, 1);
}

/** An integer >= 0 (0 usually switches the feature off). */
export function nonNegativeInteger(env: Environment, name: string, fallback: number): number {
  return integer(env, name, fallback, 0);
}

/** A comma-separated list, trimmed, without empty items. */
export function list(env: Environment, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/**
 * Web origins (`https://a.example`, `http://127.0.0.1:5173`), normalised as browsers send them in
 * `Origin` (lower-case host, default port dropped). No path, query, credentials or wildcard.
 */
export function originList(env: Environment, name: string): string[] {
  return list(env, name).map((item) => {
    const shape = /^https?:\/\/[^/?#@*\\\s]+\/?$/i;
    let origin: string | undefined;
    try {
      origin = shape.test(item) ? new URL(item).origin : undefined;
    } catch {
      origin = undefined;
    }
    if (origin === undefined || origin === 'null') {
      throw new Error(`${name}: ${item} is not an origin like https://app.example (scheme, host, optional port)`);
    }
    return origin;
  });
}
