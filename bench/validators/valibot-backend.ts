/**
 * src/api/schema.ts's API on valibot (bench/validators.ts builds the app with this in its place):
 * each schema gets ours's `parse`, `safeParse` and `check` methods over valibot's functions.
 */
import * as v from 'valibot';

type Check<T> = v.BaseValidation<T, T, v.BaseIssue<unknown>>;

interface Methods<T> {
  parse(value: unknown): T;
  safeParse(value: unknown): { success: boolean; data?: T };
  check(...checks: Check<T>[]): WithMethods<v.GenericSchema<unknown, T>>;
}
type WithMethods<S extends v.GenericSchema> = S & Methods<v.InferOutput<S>>;

function wrap<S extends v.GenericSchema>(schema: S): WithMethods<S> {
  type T = v.InferOutput<S>;
  const methods: Methods<T> = {
    parse: (value) => v.parse(schema, value),
    safeParse: (value) => {
      const result = v.safeParse(schema, value);
      return result.success ? { success: true, data: result.output } : { success: false };
    },
    check: (...checks) => wrap(v.pipe(schema as v.GenericSchema<unknown, T>, ...checks)),
  };
  return Object.assign(schema, methods);
}

export const string = () => wrap(v.string());
export const number = () => wrap(v.pipe(v.number(), v.finite()));
export const int = () => wrap(v.pipe(v.number(), v.safeInteger()));
export const boolean = () => wrap(v.boolean());
export const unknown = () => wrap(v.unknown());
export const optional = <S extends v.GenericSchema>(inner: S) => wrap(v.optional(inner));
export const nullable = <S extends v.GenericSchema>(inner: S) => wrap(v.nullable(inner));
export const withDefault = <S extends v.GenericSchema>(inner: S, fallback: () => v.InferOutput<S>) => wrap(v.optional(inner, fallback));
export const union = <const O extends v.GenericSchema[]>(options: O) => wrap(v.union(options));
export const object = <E extends v.ObjectEntries>(entries: E) => wrap(v.object(entries));
export const looseObject = <E extends v.ObjectEntries>(entries: E) => wrap(v.looseObject(entries));
export const array = <S extends v.GenericSchema>(item: S) => wrap(v.array(item));
export const tuple = <const I extends v.GenericSchema[]>(items: I) => wrap(v.tuple(items));
export const record = <K extends v.GenericSchema<string, string>, S extends v.GenericSchema>(key: K, item: S) => wrap(v.record(key, item));
const picklist = <const O extends readonly string[]>(options: O) => wrap(v.picklist(options));
export { picklist as enum };

export const regex = (pattern: RegExp, message: string) => v.regex(pattern, message);
export const minimum = (bound: number) => v.minValue(bound);
export const maximum = (bound: number) => v.maxValue(bound);
export const minLength = (bound: number) => v.minLength(bound);
export const maxLength = (bound: number) => v.maxLength(bound);
