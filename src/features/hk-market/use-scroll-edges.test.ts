import { describe, expect, it } from 'vitest';
import { scrollEdgesOf } from './use-scroll-edges';

describe('scrollEdgesOf', () => {
  it('says which ends hide content', () => {
    expect(scrollEdgesOf({ scrollLeft: 0, clientWidth: 400, scrollWidth: 896 })).toEqual({ start: false, end: true });
    expect(scrollEdgesOf({ scrollLeft: 200, clientWidth: 400, scrollWidth: 896 })).toEqual({ start: true, end: true });
    expect(scrollEdgesOf({ scrollLeft: 496, clientWidth: 400, scrollWidth: 896 })).toEqual({ start: true, end: false });
  });

  it('counts no hidden content for a fitting table or a sub-pixel overflow', () => {
    expect(scrollEdgesOf({ scrollLeft: 0, clientWidth: 900, scrollWidth: 896 })).toEqual({ start: false, end: false });
    expect(scrollEdgesOf({ scrollLeft: 0.5, clientWidth: 895.5, scrollWidth: 896 })).toEqual({ start: false, end: false });
  });
});
