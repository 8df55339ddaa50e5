import { describe, expect, it } from 'vitest';
import { factorsOfEvent } from '#shared/adjust.ts';
import { actionLabel, actionMarkers, actionsFromFactors, candleIndexOfAction, factorText } from './corporate-actions';

const DAY = 86_400_000;
const identity = (ms: number) => ms;

describe('actionsFromFactors', () => {
  it('reads each event once from its factor pair, ascending', () => {
    const factors = [...factorsOfEvent(5 * DAY, 1, 0.24), ...factorsOfEvent(2 * DAY, 4, 0)];
    expect(actionsFromFactors(factors)).toEqual([
      { timestamp: 2 * DAY, ratio: 4, dividend: 0 },
      { timestamp: 5 * DAY, ratio: 1, dividend: 0.24 },
    ]);
  });

  it('falls back to the forward factor when the backward one is missing', () => {
    const [forward] = factorsOfEvent(DAY, 3, 3.974);
    const [action] = actionsFromFactors([forward]);
    expect(action?.ratio).toBeCloseTo(3, 12);
    expect(action?.dividend).toBeCloseTo(3.974, 12);
  });
});

describe('actionLabel', () => {
  it('names splits, reverse splits, dividends and both at once', () => {
    expect(actionLabel({ ratio: 4, dividend: 0 })).toBe('Split 4:1');
    expect(actionLabel({ ratio: 0.1, dividend: 0 })).toBe('Split 1:10');
    expect(actionLabel({ ratio: 1.5, dividend: 0 })).toBe('Split 1.5:1');
    expect(actionLabel({ ratio: 1, dividend: 0.24 })).toBe('Div 0.24');
    expect(actionLabel({ ratio: 1, dividend: 0.205 })).toBe('Div 0.205');
    expect(actionLabel({ ratio: 3, dividend: 3.974 })).toBe('Split 3:1 · Div 3.974');
    expect(actionLabel({ ratio: 1, dividend: 0 })).toBe('');
  });
});

describe('candleIndexOfAction', () => {
  // Daily candles at 13:30 UTC on days 1..5; an ex-date at midnight of day 3.
  const daily = [1, 2, 3, 4, 5].map((d) => d * DAY + 13.5 * 3_600_000);

  it('puts an event on the first candle it affects (intraday and daily)', () => {
    expect(candleIndexOfAction(daily, 3 * DAY, false)).toBe(2);
    expect(candleIndexOfAction(daily, daily[3] ?? 0, false)).toBe(3);
  });

  it('puts an event on the week or month containing it', () => {
    const weeks = [0, 7, 14].map((d) => d * DAY);
    expect(candleIndexOfAction(weeks, 9 * DAY, true)).toBe(1);
    expect(candleIndexOfAction(weeks, 7 * DAY, true)).toBe(1);
    expect(candleIndexOfAction(weeks, 20 * DAY, true)).toBe(2);
  });

  it('leaves out events outside the loaded candles', () => {
    expect(candleIndexOfAction(daily, 0, false)).toBe(-1);
    expect(candleIndexOfAction(daily, 9 * DAY, false)).toBe(-1);
    expect(candleIndexOfAction([], DAY, false)).toBe(-1);
  });
});

describe('actionMarkers', () => {
  it('places labelled markers on candle times and joins events sharing a candle', () => {
    const weeks = [0, 7, 14].map((d) => d * DAY);
    const factors = [...factorsOfEvent(8 * DAY, 4, 0), ...factorsOfEvent(10 * DAY, 1, 0.25), ...factorsOfEvent(15 * DAY, 1, 0.3)];
    const markers = actionMarkers(factors, weeks, true, identity);
    expect(markers.map(({ time, text, events, letter }) => ({ time, text, events, letter }))).toEqual([
      { time: 7 * DAY, text: 'Split 4:1 · Div 0.25', events: 2, letter: 'S' },
      { time: 14 * DAY, text: 'Div 0.3', events: 1, letter: 'D' },
    ]);
    // Each marker carries its events' forward and backward factors for the hover legend.
    expect(markers[0]?.factors.map(factorText)).toEqual(['forward ×0.25 +0', 'backward ×4 +0', 'forward ×1 \u22120.25', 'backward ×1 +0.25']);
  });

  it('maps event times onto the chart clock before placing them', () => {
    const seconds = [100, 200, 300];
    const factors = factorsOfEvent(150_000, 2, 0);
    expect(actionMarkers(factors, seconds, false, (ms) => ms / 1000)).toEqual([{ time: 200, text: 'Split 2:1', events: 1, letter: 'S', factors }]);
  });
});
