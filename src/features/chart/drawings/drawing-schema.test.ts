import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANCHOR_COUNT, TOOL_KINDS, type Drawing } from './drawing-model';
import { parseDrawings, parseSavedDrawings } from './drawing-schema';

const valid = (id: string, kind: Drawing['kind'] = 'trend-line'): Drawing => ({
  id,
  kind,
  anchors: Array.from({ length: ANCHOR_COUNT[kind] }, (_, i) => ({ time: 1_700_000_000_000 + i * 86_400_000, price: 100 + i })),
  style: { color: '#2962ff', width: 2, line: 'solid' },
  locked: false,
});

describe('parseDrawings', () => {
  it('keeps every valid drawing of every kind', () => {
    const drawings = TOOL_KINDS.map((kind, i) => valid(`d${String(i)}`, kind));
    expect(parseDrawings(drawings)).toEqual({ drawings, dropped: 0 });
  });

  it('drops each corrupt drawing and keeps the rest', () => {
    const corrupt = [
      { ...valid('a'), anchors: [{ time: 1, price: 1 }] }, // a trend line with one anchor
      { ...valid('b'), kind: 'spiral' },
      { ...valid('c'), style: { color: 'red', width: 2, line: 'solid' } },
      {
        ...valid('d'),
        anchors: [
          { time: 'x', price: 1 },
          { time: 2, price: 2 },
        ],
      },
      {
        ...valid('e'),
        anchors: [
          { time: 1, price: Number.NaN },
          { time: 2, price: 2 },
        ],
      },
      null,
      'text',
    ];
    const good = [valid('g1'), valid('g2', 'horizontal-line')];
    const result = parseDrawings([good[0], ...corrupt, good[1]]);
    expect(result.drawings).toEqual(good);
    expect(result.dropped).toBe(corrupt.length);
  });

  it('drops a second drawing with a taken id', () => {
    expect(parseDrawings([valid('a'), valid('a')]).dropped).toBe(1);
  });

  it('never throws and never keeps more than it was given, whatever the input', () => {
    fc.assert(
      fc.property(fc.array(fc.anything()), (items) => {
        const result = parseDrawings(items);
        expect(result.drawings.length + result.dropped).toBe(items.length);
      }),
    );
  });
});

describe('parseSavedDrawings', () => {
  it('keeps other symbols and their good drawings when one is corrupt', () => {
    const saved = { bySymbol: { 'AAPL.US': [valid('a'), { broken: true }], 'TSLA.US': [valid('t')], 'X.US': 'nonsense' } };
    const result = parseSavedDrawings(saved);
    expect(result.bySymbol).toEqual({ 'AAPL.US': [valid('a')], 'TSLA.US': [valid('t')] });
    expect(result.dropped).toBe(2);
  });
  it('reads nothing saved as empty without a notice', () => {
    expect(parseSavedDrawings(undefined)).toEqual({ bySymbol: {}, dropped: 0 });
    expect(parseSavedDrawings({})).toEqual({ bySymbol: {}, dropped: 0 });
  });
});
