import { describe, expect, it } from 'vitest';
import { layoutRequestBudget } from './layout-budget.ts';

describe('layoutRequestBudget', () => {
  it('judges HTTP polling by the ratio to one chart', () => {
    expect(layoutRequestBudget('refused', 30, 120)).toMatchObject({ value: 4, target: '≤ 4×', pass: true });
    expect(layoutRequestBudget('refused', 30, 121).pass).toBe(false);
  });

  it('lets a layout with no requests pass even when one chart made none', () => {
    expect(layoutRequestBudget('refused', 0, 0).pass).toBe(true);
    expect(layoutRequestBudget('refused', 0, 1).pass).toBe(false);
  });

  it('judges the socket by requests a minute, with the ratio shown beside', () => {
    const budget = layoutRequestBudget('up', 1, 3);
    expect(budget).toMatchObject({ value: 3, target: '≤ 5 /min', pass: true });
    expect(budget.unit).toContain('3.00×');
    expect(layoutRequestBudget('up', 0, 6)).toMatchObject({ pass: false });
    expect(layoutRequestBudget('up', 0, 2).unit).toContain('no ratio');
  });
});
