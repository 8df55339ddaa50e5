import { describe, expect, it } from 'vitest';
import { hexColour } from './hex-colour';

describe('hexColour', () => {
  it('gives a picker’s #rrggbb for rgb(), rgba() and short or long hex colours, without transparency', () => {
    expect(hexColour('rgba(74, 222, 128, 0.5)', '#000000')).toBe('#4ade80');
    expect(hexColour('rgb(255 0 16 / 50%)', '#000000')).toBe('#ff0010');
    expect(hexColour('#2962FF', '#000000')).toBe('#2962ff');
    expect(hexColour('#abc', '#000000')).toBe('#aabbcc');
    expect(hexColour('#11223380', '#000000')).toBe('#112233');
  });

  it('gives the fallback for what it cannot read', () => {
    expect(hexColour('tomato', '#94a3b8')).toBe('#94a3b8');
    expect(hexColour('#12', '#94a3b8')).toBe('#94a3b8');
  });
});
