// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { scrollEdgesOf, useScrollEdges } from './use-scroll-edges';

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

describe('useScrollEdges', () => {
  it('marks the element data-scrolled in the scroll event itself, before any render', () => {
    const element = document.createElement('div');
    Object.defineProperties(element, { clientWidth: { value: 400 }, scrollWidth: { value: 896 } });
    const { result } = renderHook(() => useScrollEdges<HTMLDivElement>());
    result.current.ref(element);
    expect(element.dataset.scrolled).toBe('false');
    element.scrollLeft = 120;
    element.dispatchEvent(new Event('scroll'));
    // Read synchronously: the sticky code and name of the HK table hang on it from this frame.
    expect(element.dataset.scrolled).toBe('true');
    element.scrollLeft = 0;
    element.dispatchEvent(new Event('scroll'));
    expect(element.dataset.scrolled).toBe('false');
  });
});
