import { describe, expect, it } from 'vitest';
import { captionHeight, captionLines } from './chart-image';

/** 6 px per character: a stand-in for canvas text metrics. */
const measure = (text: string) => text.length * 6;

describe('caption layout', () => {
  it('puts title and detail on one line when both fit, else the detail below', () => {
    const title = 'AAPL.US · 1d · forward adjusted'; // 31 → 186 px
    const detail = 'Times in America/New_York · exported 2026-11-26 20:31:00 UTC'; // 60 → 360 px
    expect(captionLines(title, detail, 800, measure)).toBe(1);
    expect(captionLines(title, detail, 500, measure)).toBe(2);
  });

  it('grows by a line when the caption wraps', () => {
    expect(captionHeight(2) - captionHeight(1)).toBe(18);
    expect(captionHeight(1)).toBe(30);
  });

  it('takes a line more for a legend', () => {
    expect(captionHeight(1, true)).toBe(48);
    expect(captionHeight(2, true) - captionHeight(2)).toBe(18);
  });
});
