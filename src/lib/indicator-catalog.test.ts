import { describe, expect, it } from 'vitest';
import * as rules from '#shared/indicators/catalog.ts';
import { CATALOG, kindSpec } from './indicator-catalog';

describe('the picker’s catalog', () => {
  it('words every kind and parameter of the shared rules, in their order, with their limits', () => {
    expect(CATALOG.map((spec) => spec.kind)).toEqual(rules.CATALOG.map((spec) => spec.kind));
    for (const spec of CATALOG) {
      expect(spec.title).not.toBe('');
      expect(spec.params.map(({ label: _label, ...limits }) => limits)).toEqual(rules.kindSpec(spec.kind).params);
    }
  });

  it('names a parameter by its kind where one key means two things', () => {
    expect(kindSpec('bollinger').params.map((param) => param.label)).toEqual(['Period', 'Deviations']);
    expect(kindSpec('kdj').params.map((param) => param.label)).toEqual(['Period', 'K smoothing', 'D smoothing']);
    expect(kindSpec('ichimoku').params.map((param) => param.label)).toEqual(['Conversion', 'Base', 'Span B', 'Shift']);
  });
});
