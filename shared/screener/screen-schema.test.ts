import { describe, expect, it } from 'vitest';
import type { LeafCondition, Screen, ScreenCondition } from './screen-model.ts';
import { presetScreen, SCREEN_PRESETS } from './screen-presets.ts';
import { screenProblems, screenSchema } from './screen-schema.ts';

const EVERY_LEAF: LeafCondition[] = [
  { kind: 'field', field: 'market-cap', compare: { op: 'above', value: 1e9 } },
  { kind: 'field', field: 'pe', compare: { op: 'between', min: 5, max: 25 } },
  { kind: 'board', boards: ['main'] },
  { kind: 'rsi', period: 14, op: 'below', value: 30 },
  { kind: 'price-ma', period: 200, op: 'above' },
  { kind: 'ma-cross', fast: 50, slow: 200, direction: 'up', within: 5 },
  { kind: 'macd-cross', fast: 12, slow: 26, signal: 9, direction: 'down', within: 1 },
  { kind: 'new-extreme', side: 'high', days: '52w' },
  { kind: 'new-extreme', side: 'low', days: 20 },
  { kind: 'volume-ratio', period: 20, min: 1.5 },
  { kind: 'atr-percent', period: 14, op: 'above', value: 3 },
];

const screenWith = (conditions: ScreenCondition[], rest: Partial<Screen> = {}): Screen => ({
  version: 1,
  universe: { market: 'US', type: 'stock' },
  where: { kind: 'group', join: 'and', conditions },
  sort: { column: 'change-percent', direction: 'desc' },
  ...rest,
});

/** A screen with one condition replaced by `value` (anything, as a payload may carry). */
const withCondition = (value: unknown): unknown => ({ ...screenWith([]), where: { kind: 'group', join: 'and', conditions: [value] } });

const nested = (depth: number): ScreenCondition =>
  depth === 0 ? { kind: 'rsi', period: 14, op: 'below', value: 30 } : { kind: 'group', join: 'or', conditions: [nested(depth - 1)] };

describe('screenSchema', () => {
  it('accepts every preset and every kind of condition in nested groups, as they come back from JSON', () => {
    const screens = [
      ...SCREEN_PRESETS.map((preset) => presetScreen(preset, { market: 'HK', type: 'stock' })),
      screenWith([EVERY_LEAF[0] as LeafCondition, { kind: 'group', join: 'or', conditions: EVERY_LEAF }], {
        sort: { column: { kind: 'macd', fast: 12, slow: 26, signal: 9, line: 'signal' }, direction: 'asc' },
        limit: 50,
      }),
      screenWith([], { universe: { market: 'GLOBAL', type: 'crypto' }, sort: { column: 'symbol', direction: 'asc' } }),
      screenWith([nested(4)]),
    ];
    for (const screen of screens) expect(screenSchema.parse(JSON.parse(JSON.stringify(screen)))).toEqual(screen);
  });

  it('drops keys a screen does not have', () => {
    const parsed = screenSchema.parse({ ...screenWith([{ kind: 'price-ma', period: 20, op: 'above', colour: 'red' } as LeafCondition]), extra: 1 });
    expect(parsed).toEqual(screenWith([{ kind: 'price-ma', period: 20, op: 'above' }]));
  });

  it.each<[string, unknown, string]>([
    [
      'a period of 0',
      withCondition({ kind: 'rsi', period: 0, op: 'below', value: 30 }),
      'where.conditions.0.period: expected a whole number from 1 to 500, got 0',
    ],
    [
      'a period over 500',
      withCondition({ kind: 'price-ma', period: 501, op: 'above' }),
      'where.conditions.0.period: expected a whole number from 1 to 500, got 501',
    ],
    [
      'a fractional period',
      withCondition({ kind: 'atr-percent', period: 14.5, op: 'above', value: 2 }),
      'where.conditions.0.period: expected a whole number from 1 to 500, got 14.5',
    ],
    [
      'an RSI level over 100',
      withCondition({ kind: 'rsi', period: 14, op: 'above', value: 101 }),
      'where.conditions.0.value: expected a number from 0 to 100, got 101',
    ],
    ['a period given as text', withCondition({ kind: 'rsi', period: '14', op: 'above', value: 70 }), 'where.conditions.0.period: expected number'],
    [
      'an unknown kind',
      withCondition({ kind: 'stochastic', period: 14 }),
      'where.conditions.0.kind: expected one of field, board, rsi, price-ma, ma-cross, macd-cross, new-extreme, volume-ratio, atr-percent, group',
    ],
    ['a condition that is not an object', withCondition([1, 2]), 'where.conditions.0: expected object'],
    [
      'an unknown field',
      withCondition({ kind: 'field', field: 'beta', compare: { op: 'above', value: 1 } }),
      'where.conditions.0.field: expected one of price, change',
    ],
    [
      'an unknown operator',
      withCondition({ kind: 'field', field: 'price', compare: { op: 'equals', value: 1 } }),
      'where.conditions.0.compare.op: expected one of above, below, between',
    ],
    [
      'between upside down',
      withCondition({ kind: 'field', field: 'pe', compare: { op: 'between', min: 30, max: 10 } }),
      'where.conditions.0.compare: min (30) is above max (10)',
    ],
    ['an empty list of boards', withCondition({ kind: 'board', boards: [] }), 'where.conditions.0.boards: expected 1 to 50 boards'],
    [
      'an average crossing itself',
      withCondition({ kind: 'ma-cross', fast: 50, slow: 50, direction: 'up', within: 5 }),
      'where.conditions.0: the two averages are the same (MA 50)',
    ],
    [
      'a crossing within 0 bars',
      withCondition({ kind: 'ma-cross', fast: 50, slow: 200, direction: 'up', within: 0 }),
      'where.conditions.0.within: expected a whole number from 1 to 500, got 0',
    ],
    [
      'MACD with its fast period the longer',
      withCondition({ kind: 'macd-cross', fast: 26, slow: 12, signal: 9, direction: 'up', within: 1 }),
      'where.conditions.0: the fast period (26) must be shorter than the slow (12)',
    ],
    [
      'a new 1-day high',
      withCondition({ kind: 'new-extreme', side: 'high', days: 1 }),
      'where.conditions.0.days: expected a whole number from 2 to 500, or "52w", got 1',
    ],
    [
      'a window named otherwise than 52w',
      withCondition({ kind: 'new-extreme', side: 'high', days: '26w' }),
      'where.conditions.0.days: expected a whole number from 2 to 500, or "52w", got "26w"',
    ],
    ['a volume ratio of 0', withCondition({ kind: 'volume-ratio', period: 20, min: 0 }), 'where.conditions.0.min: expected a ratio above 0, up to 1000, got 0'],
    [
      'an empty nested group',
      withCondition({ kind: 'group', join: 'or', conditions: [] }),
      'where.conditions.0.conditions: a group needs at least one condition',
    ],
    ['an unknown join', withCondition({ kind: 'group', join: 'xor', conditions: [EVERY_LEAF[0]] }), 'where.conditions.0.join: expected one of and, or'],
    ['groups nested too deep', screenWith([nested(5)]), 'where.conditions.0.conditions.0.conditions.0.conditions.0.conditions.0: groups nest at most 4 deep'],
    [
      'too many conditions',
      screenWith(
        Array.from({ length: 3 }, () => ({ kind: 'group', join: 'and', conditions: Array.from({ length: 34 }, () => EVERY_LEAF[3] as LeafCondition) })),
      ),
      'where: a screen holds at most 100 conditions, got 102',
    ],
    [
      'a group of too many',
      screenWith(Array.from({ length: 51 }, () => EVERY_LEAF[3] as LeafCondition)),
      'where.conditions: a group holds at most 50 conditions',
    ],
    ['crypto in Hong Kong', screenWith([], { universe: { market: 'HK', type: 'crypto' } }), 'universe: crypto trades in GLOBAL, not HK'],
    ['an unknown market', { ...screenWith([]), universe: { market: 'JP', type: 'stock' } }, 'universe.market: expected one of GLOBAL, US, HK, CN'],
    ['another version', { ...screenWith([]), version: 2 }, 'version: expected 1'],
    ['an unknown sort column', { ...screenWith([]), sort: { column: 'beta', direction: 'asc' } }, 'sort.column: expected one of price,'],
    [
      'a technical sort column with a bad period',
      { ...screenWith([]), sort: { column: { kind: 'rsi', period: 0 }, direction: 'asc' } },
      'sort.column.period: expected a whole number',
    ],
    [
      'a sort column of an unknown kind',
      { ...screenWith([]), sort: { column: { kind: 'beta' }, direction: 'asc' } },
      'sort.column.kind: expected one of rsi, ma, macd, atr-percent, volume-ratio',
    ],
    ['a limit of 0', { ...screenWith([]), limit: 0 }, 'limit: expected a whole number from 1 to 10000, got 0'],
    ['no conditions at all', { ...screenWith([]), where: undefined }, 'where: expected object'],
  ])('refuses %s, saying where and why', (_name, value, message) => {
    const problems = screenProblems(value);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(message);
    expect(screenSchema.safeParse(value).success).toBe(false);
  });

  it('names every problem of a screen, not only the first', () => {
    const value = {
      ...screenWith([
        { kind: 'rsi', period: 0, op: 'below', value: 30 },
        { kind: 'price-ma', period: 20, op: 'sideways' },
      ] as unknown as LeafCondition[]),
      limit: -1,
    };
    expect(screenProblems(value)).toEqual([
      'where.conditions.0.period: expected a whole number from 1 to 500, got 0',
      'where.conditions.1.op: expected one of above, below',
      'limit: expected a whole number from 1 to 10000, got -1',
    ]);
  });
});
