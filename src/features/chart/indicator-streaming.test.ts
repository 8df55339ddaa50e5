/**
 * Every kind of the picker, live: the tracker's values after any mix of forming-candle moves and
 * new candles equal a full recomputation over the final candles, to the last bit, for any
 * parameters the picker allows (held small so the windows fill). OHLCV bars on a 30-minute clock,
 * so session-anchored VWAP crosses days.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG, paramsFor, type KindSpec } from '../../lib/indicator-catalog';
import { computeIndicator } from '#shared/indicators/fold.ts';
import type { Bar } from '#shared/indicators/indicator.ts';
import { INDICATOR_KINDS } from '#shared/indicators/kinds.ts';
import { loadedFactory, loadKinds } from './indicator-registry';
import { IndicatorTracker } from './indicator-tracker';

const HALF_HOUR = 1800;
const shape = fc.record({
  price: fc.double({ min: 1, max: 1_000, noNaN: true, noDefaultInfinity: true }),
  spread: fc.double({ min: 0, max: 0.1, noNaN: true }),
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  volume: fc.integer({ min: 0, max: 1_000_000 }),
});
type Shape = typeof shape extends fc.Arbitrary<infer T> ? T : never;

const barOf = ({ price, spread, at, volume }: Shape, index: number): Bar => {
  const low = price * (1 - spread);
  const high = price * (1 + spread);
  return { open: price, high, low, close: low + (high - low) * at, volume, time: 1_700_000_000 + index * HALF_HOUR };
};

/** Parameters the picker allows, windows at most 12 long so 60 bars fill them. */
function paramsOf(spec: KindSpec): fc.Arbitrary<Record<string, number>> {
  const entries = spec.params.map((param) => {
    const max = Math.min(param.max, param.step === undefined ? 12 : param.max);
    const value = param.step === undefined ? fc.integer({ min: param.min, max }) : fc.double({ min: param.min, max, noNaN: true });
    return [param.key, value] as const;
  });
  return fc.record(Object.fromEntries(entries));
}

/** A candle's life: the versions it went through while forming, the last one final. */
const life = fc.array(shape, { minLength: 1, maxLength: 4 });

beforeAll(async () => {
  await loadKinds(INDICATOR_KINDS);
});

describe('every kind streams as it computes', () => {
  it.each(CATALOG.map((spec) => [spec.kind, spec] as const))('%s: live steps equal the full recomputation', (_kind, spec) => {
    const create = loadedFactory(spec.kind);
    if (!create) throw new Error(`${spec.kind} did not load`);
    fc.assert(
      fc.property(paramsOf(spec), fc.array(shape, { maxLength: 40 }), fc.array(life, { maxLength: 25 }), (params, settled, live) => {
        const indicator = create(params, 0);
        const history = settled.map(barOf);
        const tracker = new IndicatorTracker([indicator]);
        const columns = (tracker.reset(history)[0]?.columns ?? []).map((column) => [...column]);
        const finals = [...history];
        for (const versions of live) {
          const index = finals.length;
          versions.forEach((version, v) => {
            const bar = barOf(version, index);
            const tail = v === 0 ? tracker.append(bar) : tracker.setLast(bar);
            tail[0]?.columns.forEach((column, o) => {
              (columns[o] as (number | undefined)[])[index] = column[0];
            });
            if (v === versions.length - 1) finals.push(bar);
          });
        }
        expect(columns).toEqual(computeIndicator(indicator, finals));
      }),
      { numRuns: 60 },
    );
  });

  it.each(CATALOG.map((spec) => [spec.kind, spec] as const))('%s: the picker knows its parameters and lines', (_kind, spec) => {
    const indicator = loadedFactory(spec.kind)?.(paramsFor(spec.kind), 0);
    expect(indicator?.outputs).toHaveLength(spec.lines.length);
    expect(Object.keys(indicator?.params ?? {}).sort()).toEqual(spec.params.map((param) => param.key).sort());
    expect(indicator?.params).toEqual(paramsFor(spec.kind));
  });

  it('loads every kind the settings may name', () => {
    expect(INDICATOR_KINDS.filter((kind) => !loadedFactory(kind))).toEqual([]);
    expect(CATALOG.map((spec) => spec.kind).sort()).toEqual([...INDICATOR_KINDS].sort());
  });
});
