/**
 * A lean validator for JSON payloads and saved state: the few zod-like builders Chartroom needs
 * (object, array, tuple, record, enum, union, optional, checks). Objects drop keys they do not name
 * (`looseObject` keeps them); every failure is an issue with its path, so an error can say where a
 * payload went wrong.
 *
 * Why ours and not a library (`npm run bench`, group "payload validator", the same schemas on each):
 * zod/mini puts 6.0 KiB and valibot 1.3 KiB more on the first page as received (the rule is ≤ 1
 * KiB), and both parse the full HK ticker list slower (3.9 and 3.3 ms against 2.2 ms).
 *
 * Use it as a namespace: `import * as z from './schema'`, then `z.object({ … })`, `z.infer<…>`.
 */

export interface Issue {
  path: PropertyKey[];
  message: string;
}

export class SchemaError extends Error {
  constructor(readonly issues: Issue[]) {
    super(issues.map(({ path, message }) => `${path.length > 0 ? path.map(String).join('.') : 'value'}: ${message}`).join('; '));
    this.name = 'SchemaError';
  }
}

export type SafeParseResult<T> = { success: true; data: T; error?: undefined } | { success: false; data?: undefined; error: SchemaError };

/** A failed value check: its message; undefined when the value passes. */
export type Check<T> = (value: T) => string | undefined;

/**
 * Where a value sits in the payload, innermost key first; made into an array only for an issue.
 * An object or array allocates one node for all its children and moves its key from child to
 * child, so a valid payload allocates one node per object, not one per field (a 2,600-row HK ticker
 * list had 36,000 of them). A node is therefore valid only while its run lasts: nothing keeps one.
 */
type Path = { readonly parent: Path; key: PropertyKey } | undefined;

function keysOf(path: Path): PropertyKey[] {
  const keys: PropertyKey[] = [];
  for (let at = path; at; at = at.parent) keys.unshift(at.key);
  return keys;
}

function fail(issues: Issue[], path: Path, message: string): void {
  issues.push({ path: keysOf(path), message });
}

/** Validates `value` at `path`, adds an issue per failure, returns the (stripped) output. */
type Run<T> = (value: unknown, path: Path, issues: Issue[]) => T;

export interface Schema<T> {
  readonly run: Run<T>;
  parse(value: unknown): T;
  safeParse(value: unknown): SafeParseResult<T>;
  /** The same schema with value checks run after its own (none run when the type is wrong). */
  check(...checks: Check<T>[]): Schema<T>;
}

/** Marks an object key as optional in the inferred type. */
export interface OptionalSchema<T> extends Schema<T | undefined> {
  readonly optional: true;
}

type Infer<S> = S extends Schema<infer T> ? T : never;
export type { Infer as infer, Infer as output };

type Shape = Record<string, Schema<unknown>>;
type OptionalKeys<S extends Shape> = { [K in keyof S]: S[K] extends OptionalSchema<unknown> ? K : never }[keyof S];
type ObjectOutput<S extends Shape> = { [K in Exclude<keyof S, OptionalKeys<S>>]: Infer<S[K]> } & { [K in OptionalKeys<S>]?: Infer<S[K]> };
type Flat<T> = { [K in keyof T]: T[K] };

function schema<T>(run: Run<T>): Schema<T> {
  const safeParse = (value: unknown): SafeParseResult<T> => {
    const issues: Issue[] = [];
    const data = run(value, undefined, issues);
    return issues.length === 0 ? { success: true, data } : { success: false, error: new SchemaError(issues) };
  };
  return {
    run,
    safeParse,
    parse(value) {
      const result = safeParse(value);
      if (!result.success) throw result.error;
      return result.data;
    },
    check(...checks) {
      return schema((value, path, issues) => {
        const before = issues.length;
        const output = run(value, path, issues);
        if (issues.length > before) return output;
        // Indexed loops here and below: a payload's first parse runs before the code is optimised.
        for (let index = 0; index < checks.length; index += 1) {
          const message = (checks[index] as Check<T>)(output);
          if (message !== undefined) fail(issues, path, message);
        }
        return output;
      });
    },
  };
}

/** A schema of one JavaScript type: the value itself when `accepts` it. */
function primitive<T>(accepts: (value: unknown) => value is T, expected: string): Schema<T> {
  return schema((value, path, issues) => {
    if (!accepts(value)) fail(issues, path, `expected ${expected}`);
    return value as T;
  });
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isInt = (value: unknown): value is number => Number.isSafeInteger(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const isAnything = (_value: unknown): _value is unknown => true;
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const string = (): Schema<string> => primitive(isString, 'string');
/** A finite number. */
export const number = (): Schema<number> => primitive(isNumber, 'number');
/** A safe integer. */
export const int = (): Schema<number> => primitive(isInt, 'integer');
export const boolean = (): Schema<boolean> => primitive(isBoolean, 'boolean');
export const unknown = (): Schema<unknown> => primitive(isAnything, 'anything');

function enumOf<const T extends readonly string[]>(values: T): Schema<T[number]> {
  return primitive((value): value is T[number] => (values as readonly unknown[]).includes(value), `one of ${values.join(', ')}`);
}
export { enumOf as enum };

export function optional<T>(inner: Schema<T>): OptionalSchema<T> {
  return { ...schema((value, path, issues) => (value === undefined ? undefined : inner.run(value, path, issues))), optional: true };
}

export function nullable<T>(inner: Schema<T>): Schema<T | null> {
  return schema((value, path, issues) => (value === null ? null : inner.run(value, path, issues)));
}

/** `fallback()` when the value is absent, so the key is always in the output. */
export function withDefault<T>(inner: Schema<T>, fallback: () => T): Schema<T> {
  return schema((value, path, issues) => (value === undefined ? fallback() : inner.run(value, path, issues)));
}

/** The first option that accepts the value. */
export function union<const T extends readonly Schema<unknown>[]>(options: T): Schema<Infer<T[number]>> {
  return schema((value, path, issues) => {
    for (const option of options) {
      const attempt: Issue[] = [];
      const output = option.run(value, path, attempt);
      if (attempt.length === 0) return output as Infer<T[number]>;
    }
    fail(issues, path, 'no option of the union matches');
    return value as Infer<T[number]>;
  });
}

function objectOf<S extends Shape>(shape: S, keepUnknown: boolean): Schema<Flat<ObjectOutput<S>>> {
  const keys = Object.keys(shape);
  const fields = Object.values(shape);
  return schema((value, path, issues) => {
    if (!isRecord(value)) {
      fail(issues, path, 'expected object');
      return value as Flat<ObjectOutput<S>>;
    }
    const output: Record<string, unknown> = keepUnknown ? { ...value } : {};
    const at: NonNullable<Path> = { parent: path, key: '' };
    for (let index = 0; index < keys.length; index += 1) {
      const key = keys[index] as string;
      at.key = key;
      const parsed = (fields[index] as Schema<unknown>).run(value[key], at, issues);
      // An absent optional key stays absent (as in the payload).
      if (parsed !== undefined || key in value) output[key] = parsed;
    }
    return output as Flat<ObjectOutput<S>>;
  });
}

/** An object of the named keys; other keys are dropped. */
export const object = <S extends Shape>(shape: S) => objectOf(shape, false);
/** An object of the named keys; other keys are kept as they are. */
export const looseObject = <S extends Shape>(shape: S) => objectOf(shape, true);

export function array<T>(item: Schema<T>): Schema<T[]> {
  return schema((value, path, issues) => {
    if (!Array.isArray(value)) {
      fail(issues, path, 'expected array');
      return value as T[];
    }
    const output: T[] = [];
    const at: NonNullable<Path> = { parent: path, key: 0 };
    for (let index = 0; index < value.length; index += 1) {
      at.key = index;
      output.push(item.run(value[index], at, issues));
    }
    return output;
  });
}

export function tuple<const T extends readonly Schema<unknown>[]>(items: T): Schema<{ -readonly [K in keyof T]: Infer<T[K]> }> {
  type Output = { -readonly [K in keyof T]: Infer<T[K]> };
  return schema((value, path, issues) => {
    if (!Array.isArray(value) || value.length !== items.length) {
      fail(issues, path, `expected a tuple of ${String(items.length)}`);
      return value as Output;
    }
    return items.map((item, index) => item.run(value[index], { parent: path, key: index }, issues)) as Output;
  });
}

/** An object used as a map: every key and value checked. */
export function record<K extends string, V>(key: Schema<K>, item: Schema<V>): Schema<Record<K, V>> {
  return schema((value, path, issues) => {
    if (!isRecord(value)) {
      fail(issues, path, 'expected object');
      return value as Record<K, V>;
    }
    const output: Record<string, V> = {};
    const at: NonNullable<Path> = { parent: path, key: '' };
    for (const [name, element] of Object.entries(value)) {
      at.key = name;
      key.run(name, at, issues);
      output[name] = item.run(element, at, issues);
    }
    return output;
  });
}

// Checks, for `.check(…)`.

export const regex =
  (pattern: RegExp, message: string): Check<string> =>
  (value) =>
    pattern.test(value) ? undefined : message;
export const minimum =
  (bound: number): Check<number> =>
  (value) =>
    value >= bound ? undefined : `expected ≥ ${String(bound)}`;
export const maximum =
  (bound: number): Check<number> =>
  (value) =>
    value <= bound ? undefined : `expected ≤ ${String(bound)}`;
export const minLength =
  (bound: number): Check<{ length: number }> =>
  (value) =>
    value.length >= bound ? undefined : `expected length ≥ ${String(bound)}`;
export const maxLength =
  (bound: number): Check<{ length: number }> =>
  (value) =>
    value.length <= bound ? undefined : `expected length ≤ ${String(bound)}`;

/**
 * A schema from its own run (value, path, issues) → output, for what the builders cannot say: a
 * run pushes an issue for what is wrong, at its path, and returns the value it read.
 */
export const custom = <T>(run: Run<T>): Schema<T> => schema(run);

/** Refuses any value with `message`. */
export const refuse = (message: string): Schema<never> => unknown().check(() => message) as Schema<never>;

/** Exactly `expected`. */
export function literal<const T extends string | number>(expected: T): Schema<T> {
  return unknown().check((value) => (value === expected ? undefined : `expected ${JSON.stringify(expected)}`)) as Schema<T>;
}

/**
 * A union told apart by a tag: an object checked by the option its `key` names, so a message names
 * what is wrong with the option the value claims to be, not that no option matched. `options` is
 * called on first use (and kept), so an option may hold this schema (a group of conditions holds
 * groups). An unknown tag is one issue: "kind: expected one of …".
 */
export function tagged<T>(key: string, options: () => Readonly<Record<string, Schema<T>>>): Schema<T> {
  let table: Readonly<Record<string, Schema<T>>> | undefined;
  let tagSchema: Schema<unknown> | undefined;
  return schema((value, path, issues) => {
    table ??= options();
    const tag = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    const option = typeof tag === 'string' && Object.hasOwn(table, tag) ? table[tag] : undefined;
    if (option) return option.run(value, path, issues);
    tagSchema ??= object({ [key]: enumOf(Object.keys(table)) });
    tagSchema.run(value, path, issues);
    return value as T;
  });
}
