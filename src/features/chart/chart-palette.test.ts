import { describe, expect, it } from 'vitest';
import { chartPalette, isUp, withAlpha } from './chart-palette';

const HEX = /^#[0-9a-f]{6}$/i;

describe('chartPalette', () => {
  it('draws up green and down red in the Western convention', () => {
    const palette = chartPalette('dark', 'green-up');
    expect(palette.up).toBe('#4ade80');
    expect(palette.down).toBe('#f87171');
  });

  it('swaps up and down in the red-up convention, volume included', () => {
    const green = chartPalette('light', 'green-up');
    const red = chartPalette('light', 'red-up');
    expect(red.up).toBe(green.down);
    expect(red.down).toBe(green.up);
    expect(red.volumeUp).toBe(withAlpha(red.up, 0.5));
    expect(red.volumeDown).toBe(withAlpha(red.down, 0.5));
  });

  it('has a surface per theme, all as hex or rgba the chart can parse (no oklch)', () => {
    const dark = chartPalette('dark', 'green-up');
    const light = chartPalette('light', 'green-up');
    expect(dark.background).not.toBe(light.background);
    for (const palette of [dark, light]) {
      const { averages, volumeUp, volumeDown, ...solid } = palette;
      for (const color of [...Object.values(solid), ...averages]) expect(color).toMatch(HEX);
      expect(volumeUp).toMatch(/^rgba\(\d+, \d+, \d+, 0\.5\)$/);
      expect(volumeDown).toMatch(/^rgba\(/);
    }
  });
});

describe('withAlpha', () => {
  it('turns #rrggbb into rgba', () => {
    expect(withAlpha('#22c55e', 0.5)).toBe('rgba(34, 197, 94, 0.5)');
  });

  it('refuses anything else', () => {
    expect(() => withAlpha('oklch(0.7 0.2 140)', 1)).toThrow(RangeError);
  });
});

describe('isUp', () => {
  it('counts an unchanged candle as up', () => {
    expect(isUp({ open: 10, close: 10 })).toBe(true);
    expect(isUp({ open: 10, close: 11 })).toBe(true);
    expect(isUp({ open: 10, close: 9.99 })).toBe(false);
  });
});
