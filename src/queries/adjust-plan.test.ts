import { describe, expect, it } from 'vitest';
import { planAdjust } from './adjust-plan';
import { factorsStateOf } from './factors-state';

describe('planAdjust', () => {
  it('stocks with factors: raw K-lines, adjusted locally once the factors are in', () => {
    expect(planAdjust(true, 'forward', 'pending')).toEqual({ requestAdjust: 'none', source: 'local', waitingForFactors: true });
    expect(planAdjust(true, 'backward', 'ready')).toEqual({ requestAdjust: 'none', source: 'local', waitingForFactors: false });
  });

  it('stocks without factors: the service adjusts', () => {
    expect(planAdjust(true, 'forward', 'failed')).toEqual({ requestAdjust: 'forward', source: 'server', waitingForFactors: false });
  });

  it('unadjusted stocks ask for adjust=none and wait for nothing; other products send no adjust', () => {
    expect(planAdjust(true, 'none', 'pending')).toEqual({ requestAdjust: 'none', source: 'none', waitingForFactors: false });
    expect(planAdjust(false, 'forward', 'not-needed')).toEqual({ requestAdjust: undefined, source: 'none', waitingForFactors: false });
  });
});

describe('factorsStateOf', () => {
  it('needs nothing for other products; else failed, ready or pending by the query', () => {
    expect(factorsStateOf(false, { isError: true, isSuccess: false })).toBe('not-needed');
    expect(factorsStateOf(true, { isError: true, isSuccess: false })).toBe('failed');
    expect(factorsStateOf(true, { isError: false, isSuccess: true })).toBe('ready');
    expect(factorsStateOf(true, { isError: false, isSuccess: false })).toBe('pending');
  });
});
