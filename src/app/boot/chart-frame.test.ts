import { describe, expect, it } from 'vitest';
import { predictChartFrame } from './chart-frame';

const STOCK = { adjustToggle: true };
const OTHER = { adjustToggle: false };

describe('predictChartFrame', () => {
  it('places the canvas in the middle column at 1280×800, the bench and a common laptop size', () => {
    // Measured in the built app: the canvas at (325, 195), 590 × 563.
    expect(predictChartFrame(1280, 800, STOCK)).toEqual({ left: 325, top: 195, width: 590, height: 563 });
  });

  it('uses the narrower side columns below 1280 px and a higher toolbar as the column narrows', () => {
    expect(predictChartFrame(1024, 768, STOCK)).toEqual({ left: 285, top: 247, width: 414, height: 479 });
    expect(predictChartFrame(1100, 800, STOCK)).toEqual({ left: 285, top: 227, width: 490, height: 531 });
  });

  it('gives the toolbar fewer rows on wide screens', () => {
    expect(predictChartFrame(1920, 1080, STOCK)).toEqual({ left: 325, top: 165, width: 1230, height: 873 });
  });

  it('keeps the canvas at least 320 px high on a short window', () => {
    expect(predictChartFrame(1280, 400, STOCK)?.height).toBe(320);
  });

  it('predicts nothing where the panels stack', () => {
    expect(predictChartFrame(1023, 800, STOCK)).toBeUndefined();
    expect(predictChartFrame(390, 844, OTHER)).toBeUndefined();
  });

  it('gives a toolbar without the adjust toggle fewer rows where that toggle would have wrapped', () => {
    // Measured in the built app with EURUSD: at 1440 px the canvas starts 32 px higher than a stock's.
    expect(predictChartFrame(1440, 900, OTHER)).toEqual({ left: 325, top: 165, width: 750, height: 693 });
    expect(predictChartFrame(1440, 900, STOCK)?.top).toBe(197);
    // Where neither wraps differently, both agree.
    expect(predictChartFrame(2400, 900, OTHER)?.top).toBe(predictChartFrame(2400, 900, STOCK)?.top);
  });
});
