import { describe, expect, it } from 'vitest';
import * as z from './schema.ts';

describe('lean schemas', () => {
  const item = z.object({ id: z.int(), name: z.optional(z.string()), tags: z.array(z.string().check(z.minLength(1))) });

  it('drop unknown keys (loose objects keep them) and leave absent optional keys absent', () => {
    const parsed = item.parse({ id: 1, tags: [], extra: true });
    expect(parsed).toStrictEqual({ id: 1, tags: [] });
    expect('name' in parsed).toBe(false);
    expect(z.looseObject({ code: z.number() }).parse({ code: 0, data: [1] })).toStrictEqual({ code: 0, data: [1] });
  });

  it('report every failure with its path, and the type before the checks', () => {
    const result = item.safeParse({ id: 1.5, name: 3, tags: ['ok', ''] });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([
      { path: ['id'], message: 'expected integer' },
      { path: ['name'], message: 'expected string' },
      { path: ['tags', 1], message: 'expected length ≥ 1' },
    ]);
    expect(() => item.parse(null)).toThrow(z.SchemaError);
    expect(z.string().check(z.minLength(1)).safeParse(5).error?.issues).toEqual([{ path: [], message: 'expected string' }]);
  });

  it('give each failure its own path when siblings and rows share one path node (it moves on after each)', () => {
    const rows = z.object({
      rows: z.array(z.object({ a: z.int(), b: z.object({ c: z.string() }).check((b) => (b.c === 'bad' ? 'bad b' : undefined)) })),
      totals: z.record(z.string(), z.tuple([z.int()])),
    });
    const result = rows.safeParse({
      rows: [
        { a: 1, b: { c: 'x' } },
        { a: 'no', b: { c: 5 } },
        { a: 2, b: 7 },
        { a: 3, b: { c: 'bad' } },
      ],
      totals: { x: [1], y: ['z'] },
    });
    expect(result.error?.issues.map((issue) => issue.path)).toEqual([
      ['rows', 1, 'a'],
      ['rows', 1, 'b', 'c'],
      ['rows', 2, 'b'],
      ['rows', 3, 'b'],
      ['totals', 'y', 0],
    ]);
    expect(rows.parse({ rows: [{ a: 1, b: { c: 'x' } }], totals: {} })).toStrictEqual({ rows: [{ a: 1, b: { c: 'x' } }], totals: {} });
  });

  it('reject non-finite numbers, unsafe integers, and values outside an enum', () => {
    for (const bad of [Number.NaN, Infinity, '1']) expect(z.number().safeParse(bad).success).toBe(false);
    expect(z.int().safeParse(2 ** 60).success).toBe(false);
    expect(z.int().check(z.minimum(1), z.maximum(5)).safeParse(6).success).toBe(false);
    expect(z.enum(['dark', 'light']).safeParse('light').success).toBe(true);
    expect(z.enum(['dark', 'light']).safeParse('blue').success).toBe(false);
  });

  it('tuples have their exact length; records check keys and values; unions take the first match', () => {
    const pair = z.tuple([z.string(), z.number()]);
    expect(pair.parse(['a', 1])).toEqual(['a', 1]);
    expect(pair.safeParse(['a']).success).toBe(false);
    expect(pair.safeParse(['a', 1, 2]).success).toBe(false);
    expect(z.record(z.string(), z.int()).safeParse({ a: 1, b: 'x' }).error?.issues[0]?.path).toEqual(['b']);
    expect(z.record(z.string(), z.int()).safeParse([1]).success).toBe(false);
    const code = z.union([z.number(), z.string()]);
    expect(code.parse('4001')).toBe('4001');
    expect(code.safeParse(true).success).toBe(false);
  });

  it('fill defaults when absent and accept null only where nullable', () => {
    const days = z.object({ half: z.withDefault(z.array(z.string()), () => []), change: z.optional(z.nullable(z.int())) });
    expect(days.parse({})).toStrictEqual({ half: [] });
    expect(days.parse({ change: null })).toStrictEqual({ half: [], change: null });
    expect(days.safeParse({ half: null }).success).toBe(false);
  });
});
