/**
 * A saved or shared screen checked at the trust boundary (a workspace record, a link, a request to
 * the server): every period, level and count within bounds the evaluator can serve, the tree of
 * groups bounded, and each problem named where it is ("where.conditions.1.period: expected a
 * whole number from 1 to 500, got 0").
 */
import { MARKETS, PRODUCT_TYPES, type Market, type ProductType } from '#shared/contract.ts';
import * as z from '#shared/schema.ts';
import { MAX_SPARK, MAX_SPARK_SYMBOLS, type SparksRequest } from './screener-protocol.ts';

import {
  leavesOf,
  SCREEN_FIELDS,
  type Comparison,
  type ConditionGroup,
  type LeafCondition,
  type Screen,
  type ScreenCondition,
  type ScreenUniverse,
  type SortColumn,
  type TechnicalColumn,
} from './screen-model.ts';

export const MAX_PERIOD = 500;
/** Groups inside the root group. */
export const MAX_GROUP_DEPTH = 4;
export const MAX_GROUP_CONDITIONS = 50;
export const MAX_CONDITIONS = 100;
export const MAX_LIMIT = 10_000;
const MAX_BOARDS = 50;

/** Where each product type trades (symbols.ts: futures are China's; crypto and forex global). */
const MARKETS_OF_TYPE: Readonly<Record<ProductType, readonly Market[]>> = {
  stock: ['US', 'HK', 'CN'],
  indices: ['US', 'HK', 'CN', 'GLOBAL'],
  crypto: ['GLOBAL'],
  forex: ['GLOBAL'],
  futures: ['CN'],
};

const whole = (min: number, max: number): z.Schema<number> =>
  z
    .number()
    .check((value) => (Number.isInteger(value) && value >= min && value <= max ? undefined : `expected a whole number from ${min} to ${max}, got ${value}`));
const inRange = (min: number, max: number): z.Schema<number> =>
  z.number().check((value) => (value >= min && value <= max ? undefined : `expected a number from ${min} to ${max}, got ${value}`));

const period = whole(1, MAX_PERIOD);
const side = z.enum(['above', 'below']);
const direction = z.enum(['up', 'down']);
const percentLevel = inRange(0, 100);

const comparison = z.tagged<Comparison>('op', () => ({
  above: z.object({ op: z.literal('above'), value: z.number() }),
  below: z.object({ op: z.literal('below'), value: z.number() }),
  between: z
    .object({ op: z.literal('between'), min: z.number(), max: z.number() })
    .check(({ min, max }) => (min <= max ? undefined : `min (${min}) is above max (${max})`)),
}));

/** A number of days from 2 (a day and the one before it) to MAX_PERIOD, or "52w". */
const days = z
  .unknown()
  .check((value) =>
    value === '52w' || (Number.isInteger(value) && (value as number) >= 2 && (value as number) <= MAX_PERIOD)
      ? undefined
      : `expected a whole number from 2 to ${MAX_PERIOD}, or "52w", got ${JSON.stringify(value)}`,
  ) as z.Schema<number | '52w'>;

const LEAVES: Readonly<Record<LeafCondition['kind'], z.Schema<LeafCondition>>> = {
  field: z.object({ kind: z.literal('field'), field: z.enum(SCREEN_FIELDS), compare: comparison }),
  board: z.object({
    kind: z.literal('board'),
    boards: z
      .array(z.string().check((board) => (board.length >= 1 && board.length <= 40 ? undefined : 'expected a board name of 1 to 40 characters')))
      .check((boards) => (boards.length >= 1 && boards.length <= MAX_BOARDS ? undefined : `expected 1 to ${MAX_BOARDS} boards`)),
  }),
  rsi: z.object({ kind: z.literal('rsi'), period, op: side, value: percentLevel }),
  'price-ma': z.object({ kind: z.literal('price-ma'), period, op: side }),
  'ma-cross': z
    .object({ kind: z.literal('ma-cross'), fast: period, slow: period, direction, within: period })
    .check(({ fast, slow }) => (fast === slow ? `the two averages are the same (MA ${fast})` : undefined)),
  'macd-cross': z
    .object({ kind: z.literal('macd-cross'), fast: period, slow: period, signal: period, direction, within: period })
    .check(({ fast, slow }) => (fast < slow ? undefined : `the fast period (${fast}) must be shorter than the slow (${slow})`)),
  'new-extreme': z.object({ kind: z.literal('new-extreme'), side: z.enum(['high', 'low']), days }),
  'volume-ratio': z.object({
    kind: z.literal('volume-ratio'),
    period,
    min: z.number().check((value) => (value > 0 && value <= 1000 ? undefined : `expected a ratio above 0, up to 1000, got ${value}`)),
  }),
  'atr-percent': z.object({ kind: z.literal('atr-percent'), period, op: side, value: percentLevel }),
};

/** The conditions of a group at `depth` (the root's are at 0); memoised, since a group holds groups. */
const conditionsAt: z.Schema<ScreenCondition>[] = [];
function conditionAt(depth: number): z.Schema<ScreenCondition> {
  return (conditionsAt[depth] ??= z.tagged<ScreenCondition>('kind', () => ({
    ...LEAVES,
    group: depth < MAX_GROUP_DEPTH ? groupAt(depth + 1) : z.refuse(`groups nest at most ${MAX_GROUP_DEPTH} deep`),
  })));
}

/** A group; only the root may be empty (a screen of the whole universe). */
function groupAt(depth: number): z.Schema<ConditionGroup> {
  const least = depth === 0 ? 0 : 1;
  return z.object({
    kind: z.literal('group'),
    join: z.enum(['and', 'or']),
    conditions: z
      .array(conditionAt(depth))
      .check((conditions) =>
        conditions.length < least
          ? 'a group needs at least one condition'
          : conditions.length > MAX_GROUP_CONDITIONS
            ? `a group holds at most ${MAX_GROUP_CONDITIONS} conditions`
            : undefined,
      ),
  });
}

const TECHNICAL_COLUMNS: Readonly<Record<TechnicalColumn['kind'], z.Schema<TechnicalColumn>>> = {
  rsi: z.object({ kind: z.literal('rsi'), period }),
  ma: z.object({ kind: z.literal('ma'), period }),
  macd: z.object({ kind: z.literal('macd'), fast: period, slow: period, signal: period, line: z.enum(['macd', 'signal']) }),
  'atr-percent': z.object({ kind: z.literal('atr-percent'), period }),
  'volume-ratio': z.object({ kind: z.literal('volume-ratio'), period }),
};
const namedColumn = z.enum([...SCREEN_FIELDS, 'board', 'symbol']);
const technicalColumn = z.tagged('kind', () => TECHNICAL_COLUMNS);
/** A field's name, "board", "symbol", or a technical column object. */
const sortColumn: z.Schema<SortColumn> = z.custom((value, path, issues) =>
  typeof value === 'string' ? namedColumn.run(value, path, issues) : technicalColumn.run(value, path, issues),
);

const universeSchema: z.Schema<ScreenUniverse> = z
  .object({ market: z.enum(MARKETS), type: z.enum(PRODUCT_TYPES) })
  .check(({ market, type }) => (MARKETS_OF_TYPE[type].includes(market) ? undefined : `${type} trades in ${MARKETS_OF_TYPE[type].join(', ')}, not ${market}`));

export const screenSchema: z.Schema<Screen> = z.object({
  version: z.literal(1),
  universe: universeSchema,
  where: groupAt(0).check((root) => {
    let count = 0;
    for (const _leaf of leavesOf(root)) count += 1;
    return count > MAX_CONDITIONS ? `a screen holds at most ${MAX_CONDITIONS} conditions, got ${count}` : undefined;
  }),
  sort: z.object({ column: sortColumn, direction: z.enum(['asc', 'desc']) }),
  limit: z.optional(whole(1, MAX_LIMIT)),
});

const sparksSchema: z.Schema<SparksRequest> = z.object({
  universe: universeSchema,
  symbols: z
    .array(z.string().check((symbol) => (symbol.length > 0 && symbol.length <= 32 ? undefined : 'expected a symbol of 1 to 32 characters')))
    .check((symbols) => (symbols.length <= MAX_SPARK_SYMBOLS ? undefined : `at most ${MAX_SPARK_SYMBOLS} symbols, got ${symbols.length}`)),
  count: whole(1, MAX_SPARK),
});

/** `value` as the schema reads it (keys it does not know dropped), or its problems, one line each. */
const checked = <T>(schema: z.Schema<T>, value: unknown): string[] | T => {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  return result.error.issues.map(({ path, message }) => (path.length === 0 ? message : `${path.map(String).join('.')}: ${message}`));
};

const problemsOf = <T>(schema: z.Schema<T>, value: unknown): string[] => {
  const result = checked(schema, value);
  return Array.isArray(result) ? result : [];
};

/** A request for sparklines (screener-protocol.ts) as the schema reads it, or why it is not one, one line per problem. */
export const checkedSparks = (value: unknown): string[] | SparksRequest => checked(sparksSchema, value);

/** Why `value` is not a screen, one line per problem ("where.conditions.0.period: …"); empty when it is one. */
export const screenProblems = (value: unknown): string[] => problemsOf(screenSchema, value);
