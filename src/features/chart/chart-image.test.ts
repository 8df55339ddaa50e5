import { describe, expect, it } from 'vitest';
import { captionHeight, captionLines, legendLayout } from './chart-image';

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

  it('takes a line more for each line of legend', () => {
    expect(captionHeight(1, 1)).toBe(48);
    expect(captionHeight(2, 1) - captionHeight(2)).toBe(18);
    expect(captionHeight(1, 2) - captionHeight(1, 1)).toBe(18);
  });
});

describe('legend layout', () => {
  const entry = (text: string) => ({ text, colour: '#fff' });
  // An indicator's row: its title, then its values, each in its own colour.
  const ma20 = [entry('MA 20'), entry('227.11')]; // 30 + 4 + 36 = 70 px
  const macd = [entry('MACD 12 26 9'), entry('0.52'), entry('0.31'), entry('0.21')]; // 72 + 3 × (4 + 24) = 156 px

  it('sets the parts of an entry a space apart and the entries a gap apart, on one line while they fit', () => {
    const { lines, placed } = legendLayout([ma20, macd], 400, measure);
    expect(lines).toBe(1);
    expect(placed.map(({ x, line }) => [x, line])).toEqual([
      [8, 0],
      [42, 0],
      [94, 0],
      [170, 0],
      [198, 0],
      [226, 0],
    ]);
  });

  it('wraps an entry that would run past the edge onto the next line, whole', () => {
    const { lines, placed } = legendLayout([ma20, macd, ma20], 260, measure);
    expect(lines).toBe(2);
    expect(placed.filter(({ line }) => line === 1).map(({ entry: { text }, x }) => [text, x])).toEqual([
      ['MA 20', 8],
      ['227.11', 42],
    ]);
  });

  it('takes no line without entries', () => {
    expect(legendLayout([], 400, measure)).toEqual({ lines: 0, placed: [] });
  });
});
