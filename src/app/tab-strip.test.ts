import { describe, expect, it } from 'vitest';
import { hiddenEnds, scrollToReveal } from './tab-strip';

// A 400 px strip over 600 px of tabs.
const strip = (scrollLeft: number) => ({ scrollLeft, clientWidth: 400, scrollWidth: 600 });

describe('hiddenEnds', () => {
  it('tells which ends hide tabs', () => {
    expect(hiddenEnds(strip(0))).toEqual({ start: false, end: true });
    expect(hiddenEnds(strip(100))).toEqual({ start: true, end: true });
    expect(hiddenEnds(strip(200))).toEqual({ start: true, end: false });
    // Sub-pixel scroll positions at either end count as the end.
    expect(hiddenEnds(strip(199.5))).toEqual({ start: true, end: false });
    expect(hiddenEnds({ scrollLeft: 0, clientWidth: 600, scrollWidth: 600 })).toEqual({ start: false, end: false });
  });
});

describe('scrollToReveal', () => {
  it('scrolls a tab past the end into view, clear of the end button', () => {
    // The last tab, 500–590: its right edge plus 28 px at the strip's right edge.
    expect(scrollToReveal(strip(0), { offsetLeft: 500, offsetWidth: 90 }, 28)).toBe(200);
  });

  it('scrolls back to a tab before the start, and never past the ends', () => {
    expect(scrollToReveal(strip(200), { offsetLeft: 100, offsetWidth: 60 }, 28)).toBe(72);
    expect(scrollToReveal(strip(200), { offsetLeft: 8, offsetWidth: 60 }, 28)).toBe(0);
  });

  it('leaves a tab already in view where it is', () => {
    expect(scrollToReveal(strip(100), { offsetLeft: 200, offsetWidth: 80 }, 28)).toBe(100);
  });
});
