/**
 * The oracle test of issue 36: over a recorded-looking universe, each filter's and each preset's
 * result equals a brute-force computation over the raw bars (screen-oracle.test-support.ts), as
 * the universe is first screened and then as the day moves on (the engine's warm, incremental path).
 */
import { describe, expect, it } from 'vitest';
import { evaluateScreen, type ScreenResult } from './screen-evaluate.ts';
import { columnKey, SCREEN_FIELDS, type LeafCondition, type Screen, type ScreenColumn } from './screen-model.ts';
import { presetScreen, SCREEN_PRESETS } from './screen-presets.ts';
import { oracleColumn, oracleField, oracleScreen } from './screen-oracle.test-support.ts';
import { advance, makeUniverse, screenSymbol, seeded, type RawSymbol } from './universe.test-support.ts';

const UNIVERSE = { market: 'HK', type: 'stock' } as const;

const screenOf = (...conditions: LeafCondition[]): Screen => ({
  version: 1,
  universe: UNIVERSE,
  where: { kind: 'group', join: 'and', conditions },
  sort: { column: 'symbol', direction: 'asc' },
});

/** The field's known values across the universe, sorted. */
function knownValues(raws: readonly RawSymbol[], field: (typeof SCREEN_FIELDS)[number]): number[] {
  return raws.flatMap((raw) => oracleField(raw, field) ?? []).sort((a, b) => a - b);
}
const quantile = (sorted: readonly number[], q: number): number => sorted[Math.floor(q * (sorted.length - 1))] as number;

/** Each field against thresholds at its quartiles and median (so each keeps some symbols and drops others). */
function fieldCases(raws: readonly RawSymbol[]): LeafCondition[] {
  return SCREEN_FIELDS.flatMap((field): LeafCondition[] => {
    const values = knownValues(raws, field);
    return [
      { kind: 'field', field, compare: { op: 'above', value: quantile(values, 0.5) } },
      { kind: 'field', field, compare: { op: 'below', value: quantile(values, 0.3) } },
      { kind: 'field', field, compare: { op: 'between', min: quantile(values, 0.25), max: quantile(values, 0.75) } },
    ];
  });
}

const TECHNICAL_CASES: readonly LeafCondition[] = [
  { kind: 'board', boards: ['main', 'gem'] },
  { kind: 'rsi', period: 14, op: 'below', value: 30 },
  { kind: 'rsi', period: 14, op: 'above', value: 70 },
  { kind: 'rsi', period: 2, op: 'above', value: 50 },
  { kind: 'rsi', period: 50, op: 'below', value: 45 },
  { kind: 'price-ma', period: 20, op: 'above' },
  { kind: 'price-ma', period: 50, op: 'below' },
  { kind: 'price-ma', period: 200, op: 'above' },
  { kind: 'ma-cross', fast: 50, slow: 200, direction: 'up', within: 5 },
  { kind: 'ma-cross', fast: 50, slow: 200, direction: 'down', within: 20 },
  { kind: 'ma-cross', fast: 5, slow: 20, direction: 'up', within: 3 },
  { kind: 'ma-cross', fast: 5, slow: 20, direction: 'down', within: 10 },
  { kind: 'ma-cross', fast: 20, slow: 5, direction: 'up', within: 1 },
  { kind: 'macd-cross', fast: 12, slow: 26, signal: 9, direction: 'up', within: 3 },
  { kind: 'macd-cross', fast: 12, slow: 26, signal: 9, direction: 'down', within: 5 },
  { kind: 'macd-cross', fast: 5, slow: 35, signal: 5, direction: 'up', within: 1 },
  { kind: 'new-extreme', side: 'high', days: 20 },
  { kind: 'new-extreme', side: 'low', days: 20 },
  { kind: 'new-extreme', side: 'high', days: 2 },
  { kind: 'new-extreme', side: 'high', days: '52w' },
  { kind: 'new-extreme', side: 'low', days: '52w' },
  { kind: 'volume-ratio', period: 20, min: 1.5 },
  { kind: 'volume-ratio', period: 5, min: 2 },
  { kind: 'atr-percent', period: 14, op: 'above', value: 3 },
  { kind: 'atr-percent', period: 14, op: 'below', value: 2 },
  { kind: 'atr-percent', period: 5, op: 'above', value: 4 },
];

const close = (actual: number, expected: number): boolean => Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));

/** Every row's values against the oracle's, column by column (unknown as null). */
function expectColumns(result: ScreenResult, raws: ReadonlyMap<string, RawSymbol>): void {
  for (const row of result.rows) {
    const raw = raws.get(row.symbol) as RawSymbol;
    result.columns.forEach((column: ScreenColumn, i) => {
      const expected = oracleColumn(raw, column);
      const actual = row.values[i];
      const agrees = typeof expected === 'number' && typeof actual === 'number' ? close(actual, expected) : (expected ?? null) === actual;
      if (!agrees) expect.fail(`${row.symbol} ${columnKey(column)}: ${String(actual)}, the oracle ${String(expected)}`);
    });
  }
}

describe('screens against the oracle', () => {
  const raws = makeUniverse(36, 400);
  const bySymbol = new Map(raws.map((raw) => [raw.symbol, raw]));
  const engine = raws.map(screenSymbol);
  const cases = [...fieldCases(raws), ...TECHNICAL_CASES];

  /** Each case's and each preset's result, against the oracle's, on the universe as it is now. */
  function expectAllAgree(): void {
    for (const condition of cases) {
      const screen = screenOf(condition);
      const result = evaluateScreen(screen, engine);
      expect(
        result.rows.map((row) => row.symbol),
        JSON.stringify(condition),
      ).toEqual(oracleScreen(screen, raws));
      expectColumns(result, bySymbol);
    }
    for (const preset of SCREEN_PRESETS) {
      const screen = presetScreen(preset, UNIVERSE);
      const result = evaluateScreen(screen, engine);
      expect(
        result.rows.map((row) => row.symbol),
        preset,
      ).toEqual(oracleScreen(screen, raws));
      expectColumns(result, bySymbol);
    }
  }

  it('has a universe in which every case keeps some symbols and drops others', () => {
    // Otherwise a case could agree with the oracle by matching nothing (or everything).
    for (const condition of cases) {
      const count = oracleScreen(screenOf(condition), raws).length;
      expect(count, JSON.stringify(condition)).toBeGreaterThan(0);
      expect(count, JSON.stringify(condition)).toBeLessThan(raws.length);
    }
    for (const preset of SCREEN_PRESETS) expect(oracleScreen(presetScreen(preset, UNIVERSE), raws).length, preset).toBeGreaterThan(0);
  });

  it('matches the oracle for every filter and preset, first and as the day moves on', () => {
    expectAllAgree();
    const random = seeded(7);
    for (let step = 0; step < 4; step++) {
      advance(random, raws, engine);
      expectAllAgree();
    }
  }, 60_000);

  it('matches the oracle on and/or trees of the filters', () => {
    const random = seeded(11);
    const leaf = (): LeafCondition => cases[Math.floor(random() * cases.length)] as LeafCondition;
    for (let n = 0; n < 30; n++) {
      const screen: Screen = {
        ...screenOf(),
        where: {
          kind: 'group',
          join: random() < 0.5 ? 'and' : 'or',
          conditions: [leaf(), { kind: 'group', join: random() < 0.5 ? 'and' : 'or', conditions: [leaf(), leaf(), leaf()] }],
        },
        sort: { column: { kind: 'rsi', period: 14 }, direction: random() < 0.5 ? 'asc' : 'desc' },
        limit: 1 + Math.floor(random() * 150),
      };
      const result = evaluateScreen(screen, engine);
      expect(result.rows.map((row) => row.symbol)).toEqual(oracleScreen(screen, raws));
      expectColumns(result, bySymbol);
    }
  }, 60_000);
});
