import { describe, expect, it } from 'vitest';
import type { Candle } from '../candle.ts';
import { computeIndicator } from '../indicators/fold.ts';
import { sma } from '../indicators/sma.ts';
import type { IndicatorCondition } from './indicator-condition.ts';
import { IndicatorConditionEvaluator, type IndicatorConditionEvent } from './indicator-condition-evaluator.ts';
import { warmUpBars } from './indicator-condition-lines.ts';
import {
  bollingerLine,
  closeAll,
  closeLine,
  condition,
  DAY_MS,
  flatBar,
  HOUR_MS,
  maLine,
  randomWalk,
  rsiLine,
  START_MS,
} from './indicator-condition.test-support.ts';

const hour = (index: number): number => START_MS + index * HOUR_MS;

/** Flat hourly bars closing at `closes`, from hour `from`. */
const bars = (closes: readonly number[], from = 0): Candle[] => closes.map((close, index) => flatBar(hour(from + index), close));

/** What each of `closes` fires, in order (undefined where nothing). */
function crossings(subject: IndicatorCondition, closes: readonly number[], history: readonly number[] = []): (string | undefined)[] {
  const evaluator = new IndicatorConditionEvaluator(subject, bars(history));
  return bars(closes, history.length).map((bar) => evaluator.closeBar(bar)?.crossing);
}

const u = undefined;

describe('IndicatorConditionEvaluator on completed bars', () => {
  it('only takes the side from the first value: a line already past the level does not fire', () => {
    const closeCrossesAbove100 = condition({ line: closeLine, operator: 'crosses-above' });
    expect(crossings(closeCrossesAbove100, [105, 95, 101])).toEqual([u, u, 'up']);
    // The average has no value for two bars; its first (103.3) is above 100 and only sets the side.
    expect(crossings(condition({ line: maLine(3), operator: 'crosses-above' }), [105, 95, 110, 90, 80, 130])).toEqual([u, u, u, u, u, 'up']);
  });

  it('takes the side from the history, whose own crossings are past', () => {
    const subject = condition({ line: closeLine, operator: 'crosses' });
    expect(crossings(subject, [110, 105], [90, 110, 90])).toEqual(['up', u]);
  });

  it('counts touching the level once, and leaving it back not again', () => {
    expect(crossings(condition({ line: closeLine, operator: 'crosses' }), [99, 100, 100, 101, 100, 99, 101])).toEqual([u, 'up', u, u, 'down', u, 'up']);
  });

  it('counts only the direction of crosses-above and crosses-below', () => {
    const closes = [99, 101, 99, 101, 99];
    expect(crossings(condition({ line: closeLine, operator: 'crosses-above' }), closes)).toEqual([u, 'up', u, 'up', u]);
    expect(crossings(condition({ line: closeLine, operator: 'crosses-below' }), closes)).toEqual([u, u, 'down', u, 'down']);
  });

  it('fires above and below when they become true, not while they hold, nor on the first value', () => {
    const closes = [101, 102, 99, 101, 103, 100, 101];
    expect(crossings(condition({ line: closeLine, operator: 'above' }), closes)).toEqual([u, u, u, 'up', u, u, 'up']);
    expect(crossings(condition({ line: closeLine, operator: 'below' }), closes)).toEqual([u, u, 'down', u, u, u, u]);
    expect(crossings(condition({ line: closeLine, operator: 'below' }), [99, 98, 101, 97])).toEqual([u, u, u, 'down']);
  });

  it('ignores a bar older than or the same as one already closed', () => {
    const evaluator = new IndicatorConditionEvaluator(condition({ line: closeLine, operator: 'crosses' }), bars([90]));
    expect(evaluator.closeBar(flatBar(hour(0), 120))).toBeUndefined();
    expect(evaluator.closeBar(flatBar(hour(1), 95))).toBeUndefined();
    expect(evaluator.closeBar(flatBar(hour(1), 120))).toBeUndefined();
    expect(evaluator.closeBar(flatBar(hour(2), 120))?.crossing).toBe('up');
  });

  it('reports the bar, both values and the close of a crossing between two moving lines, as the library computes them', () => {
    const daily = randomWalk(300, DAY_MS, 7);
    const ma20 = computeIndicator(sma(20), daily)[0] ?? [];
    const ma50 = computeIndicator(sma(50), daily)[0] ?? [];
    const events = closeAll(
      new IndicatorConditionEvaluator(condition({ interval: '1d', line: maLine(20), operator: 'crosses', against: { kind: 'line', line: maLine(50) } }), []),
      daily,
    );
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      const index = daily.findIndex((bar) => bar.time === event.time);
      expect(event).toEqual({ time: event.time, value: ma20[index], against: ma50[index], price: daily[index]?.close, crossing: event.crossing });
      expect(Math.sign((ma20[index - 1] ?? 0) - (ma50[index - 1] ?? 0))).toBe(event.crossing === 'up' ? -1 : 1);
    }
  });

  it('starts the VWAP of each day of the market zone, not of UTC', () => {
    // 18:00 and 19:00 in New York (EST) are one day there, two days in UTC (23:00 and 00:00).
    const evening = [flatBar(Date.UTC(2026, 2, 3, 23), 10), flatBar(Date.UTC(2026, 2, 4, 0), 20)];
    const vwap = { source: 'indicator', indicator: 'vwap', params: {}, output: 'value' } as const;
    const subject = condition({ line: closeLine, operator: 'above', against: { kind: 'line', line: vwap } });
    expect(closeAll(new IndicatorConditionEvaluator(subject, [], { timeZone: 'America/New_York' }), evening)).toEqual([
      { time: Date.UTC(2026, 2, 4, 0), value: 20, against: 15, price: 20, crossing: 'up' },
    ]);
    expect(closeAll(new IndicatorConditionEvaluator(subject, []), evening)).toEqual([]);
  });

  it('refuses an invalid condition, saying why', () => {
    expect(() => new IndicatorConditionEvaluator(condition({ line: rsiLine(0), operator: 'crosses' }), [])).toThrow(
      "invalid indicator condition: line: RSI's period must be a whole number from 1 to 500, got 0",
    );
  });
});

describe('warmUpBars', () => {
  it('counts the completed bars before both lines have values', () => {
    expect(warmUpBars(condition({ line: rsiLine(14), operator: 'crosses-above' }, 70))).toBe(15);
    expect(warmUpBars(condition({ line: maLine(20), operator: 'crosses', against: { kind: 'line', line: maLine(50) } }))).toBe(50);
    expect(warmUpBars(condition({ line: closeLine, operator: 'above', against: { kind: 'line', line: bollingerLine('upper') } }))).toBe(20);
    const macd = (output: string) => ({ source: 'indicator', indicator: 'macd', params: { fast: 12, slow: 26, signal: 9 }, output }) as const;
    expect(warmUpBars(condition({ line: macd('macd'), operator: 'crosses', against: { kind: 'line', line: macd('signal') } }))).toBe(34);
    expect(warmUpBars(condition({ line: closeLine, operator: 'crosses' }))).toBe(1);
  });

  it('is as much history as the first bar after it needs to fire', () => {
    const subject = condition({ line: maLine(3), operator: 'crosses-above' });
    expect(warmUpBars(subject)).toBe(3);
    // MA(3) of 90, 90, 120 is 100: it touches the level from below.
    expect(crossings(subject, [120], [90, 90, 90])).toEqual(['up']);
    expect(crossings(subject, [120], [90, 90])).toEqual([u]);
  });
});

describe('IndicatorConditionEvaluator on every tick', () => {
  const onTick = (fields: Partial<IndicatorCondition> = {}): IndicatorCondition => condition({ line: closeLine, operator: 'crosses', on: 'tick', ...fields });
  const minute = (bar: number, minutes: number): number => hour(bar) + minutes * 60_000;

  it('fires the first crossing inside the forming bar, once per bar; its close does not fire it again', () => {
    const evaluator = new IndicatorConditionEvaluator(onTick(), bars([95, 95, 95]));
    expect(evaluator.tick(101, minute(3, 1))).toEqual({ time: minute(3, 1), value: 101, against: 100, price: 101, crossing: 'up' });
    expect(evaluator.tick(99, minute(3, 2))).toBeUndefined();
    expect(evaluator.tick(101, minute(3, 3))).toBeUndefined();
    expect(evaluator.tick(99.5, minute(3, 4))).toBeUndefined();
    // The bar closes back above: that crossing again, in the same bar.
    expect(evaluator.closeBar(flatBar(hour(3), 101))).toBeUndefined();
    // The next bar is another bar: its crossing fires.
    expect(evaluator.tick(99, minute(4, 1))?.crossing).toBe('down');
    expect(evaluator.closeBar(flatBar(hour(4), 98))).toBeUndefined();
    // A bar whose prices were not seen fires at its close.
    expect(evaluator.closeBar(flatBar(hour(5), 102))?.crossing).toBe('up');
  });

  it('consumes a crossing back inside the bar: the next bar compares with where the bar closed', () => {
    const evaluator = new IndicatorConditionEvaluator(onTick({ operator: 'crosses-above' }), bars([95]));
    expect(evaluator.tick(101, minute(1, 1))?.crossing).toBe('up');
    expect(evaluator.tick(99, minute(1, 2))).toBeUndefined();
    expect(evaluator.closeBar(flatBar(hour(1), 99))).toBeUndefined();
    expect(evaluator.tick(98, minute(2, 1))).toBeUndefined();
    expect(evaluator.tick(100.5, minute(2, 2))?.crossing).toBe('up');
  });

  it('fires above and below once per bar when they become true', () => {
    const evaluator = new IndicatorConditionEvaluator(onTick({ operator: 'above' }), bars([95]));
    expect(evaluator.tick(101, minute(1, 1))?.crossing).toBe('up');
    expect(evaluator.tick(99, minute(1, 2))).toBeUndefined();
    expect(evaluator.tick(102, minute(1, 3))).toBeUndefined();
    expect(evaluator.closeBar(flatBar(hour(1), 102))).toBeUndefined();
    expect(evaluator.tick(103, minute(2, 1))).toBeUndefined();
  });

  it('evaluates nothing on ticks when the condition is on completed bars', () => {
    const evaluator = new IndicatorConditionEvaluator(condition({ line: closeLine, operator: 'crosses' }), bars([95]));
    expect(evaluator.tick(105, minute(1, 1))).toBeUndefined();
    expect(evaluator.closeBar(flatBar(hour(1), 105))?.crossing).toBe('up');
  });

  it('ignores a price of a bar already closed, and one older than a price seen', () => {
    const evaluator = new IndicatorConditionEvaluator(onTick(), bars([95, 95]));
    expect(evaluator.tick(105, minute(1, 59))).toBeUndefined();
    expect(evaluator.tick(96, minute(2, 5))).toBeUndefined();
    expect(evaluator.tick(105, minute(2, 4))).toBeUndefined();
    expect(evaluator.tick(105, minute(2, 6))?.crossing).toBe('up');
  });

  it("draws the forming bar's high and low from its prices, or takes the feed's", () => {
    const highCrosses = onTick({ line: { source: 'price', field: 'high' }, operator: 'crosses-above' });
    const drawn = new IndicatorConditionEvaluator(highCrosses, bars([95]));
    expect(drawn.tick(101, minute(1, 1))?.crossing).toBe('up');
    expect(drawn.closeBar({ time: hour(1), open: 101, high: 101, low: 97, close: 97, volume: 1 })).toBeUndefined();
    // The high stays where the bar's prices took it.
    expect(drawn.tick(98, minute(2, 1))).toBeUndefined();
    expect(drawn.tick(96, minute(2, 2))).toBeUndefined();
    const fed = new IndicatorConditionEvaluator(highCrosses, bars([95]));
    expect(fed.tick(98, minute(1, 1), { open: 97, high: 102, low: 96, volume: 500 })).toEqual({
      time: minute(1, 1),
      value: 102,
      against: 100,
      price: 98,
      crossing: 'up',
    });
  });

  /** Each bar of `series` as four prices (open, then high and low in the bar's order, close), then closed. */
  function tickThrough(evaluator: IndicatorConditionEvaluator, series: readonly Candle[]): IndicatorConditionEvent[][] {
    return series.map((bar, index) => {
      const path = index % 2 === 0 ? [bar.open, bar.high, bar.low, bar.close] : [bar.open, bar.low, bar.high, bar.close];
      const fired = path.flatMap<IndicatorConditionEvent>((price, step) => evaluator.tick(price, bar.time + (step + 1) * 60_000) ?? []);
      return fired.concat(evaluator.closeBar(bar) ?? []);
    });
  }

  const hourly = randomWalk(600, HOUR_MS, 20_260_105);
  const rsiCrosses = (on: IndicatorCondition['on']) => condition({ line: rsiLine(14), operator: 'crosses', on }, 70);

  it('fires at most once per bar, in every bar where the completed bars cross, the same way', () => {
    const byBar = tickThrough(new IndicatorConditionEvaluator(rsiCrosses('tick'), hourly.slice(0, 50)), hourly.slice(50));
    const onClose = closeAll(new IndicatorConditionEvaluator(rsiCrosses('bar-close'), hourly.slice(0, 50)), hourly.slice(50));
    expect(onClose.length).toBeGreaterThan(5);
    expect(byBar.every((events) => events.length <= 1)).toBe(true);
    // Inside a bar the RSI also crosses where its close does not: ticks fire more often.
    expect(byBar.flat().length).toBeGreaterThan(onClose.length);
    for (const event of onClose) {
      const bar = hourly.slice(50).findIndex((candle) => candle.time === event.time);
      expect(byBar[bar]?.map(({ crossing }) => crossing)).toEqual([event.crossing]);
    }
  });

  it('reads on a tick at the close what the completed bar then reads: the forming bar leaves the streams as they were', () => {
    const evaluator = new IndicatorConditionEvaluator(rsiCrosses('tick'), hourly.slice(0, 50));
    const onTicks = hourly.slice(50).flatMap((bar) => {
      const fired = evaluator.tick(bar.close, bar.time + 1_000);
      expect(evaluator.closeBar(bar)).toBeUndefined();
      return fired ? [{ ...fired, time: bar.time }] : [];
    });
    const onClose = closeAll(new IndicatorConditionEvaluator(rsiCrosses('bar-close'), hourly.slice(0, 50)), hourly.slice(50));
    expect(onTicks).toEqual(onClose);
  });
});
