/**
 * The evaluator's events on a recorded series against an oracle: the indicators computed here the
 * plain way (Wilder's RSI as rsi.ts defines it, moving averages and Bollinger bands as sums over
 * each window) and the crossings found by a loop over consecutive bars. The evaluator runs the
 * library's streams and crossing.ts's memory; the two must name the same bars, the same way.
 */
import { describe, expect, it } from 'vitest';
import type { Candle } from '../candle.ts';
import type { Crossing } from './alert-model.ts';
import { IndicatorConditionEvaluator } from './indicator-condition-evaluator.ts';
import { bollingerLine, closeAll, closeLine, condition, DAY_MS, HOUR_MS, maLine, randomWalk, rsiLine } from './indicator-condition.test-support.ts';

type Series = (number | undefined)[];

/**
 * Wilder's RSI: the first average gain and loss are the means of the first `period` changes, then
 * each is (previous × (period − 1) + today's) ÷ period; 100 without losses, 50 when flat.
 */
function oracleRsi(closes: readonly number[], period: number): Series {
  const changes = closes.slice(1).map((close, i) => close - (closes[i] as number));
  const rsiOf = (gain: number, loss: number): number => (loss === 0 ? (gain === 0 ? 50 : 100) : 100 - 100 / (1 + gain / loss));
  const out: Series = closes.map(() => undefined);
  const first = changes.slice(0, period);
  let gain = first.reduce((sum, change) => sum + Math.max(change, 0), 0) / period;
  let loss = first.reduce((sum, change) => sum + Math.max(-change, 0), 0) / period;
  out[period] = rsiOf(gain, loss);
  for (let bar = period + 1; bar < closes.length; bar += 1) {
    const change = changes[bar - 1] as number;
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    out[bar] = rsiOf(gain, loss);
  }
  return out;
}

/** The closes of each full window of `period` bars ending at each bar. */
function windows(closes: readonly number[], period: number): (number[] | undefined)[] {
  return closes.map((_, bar) => (bar + 1 < period ? undefined : closes.slice(bar + 1 - period, bar + 1)));
}

const mean = (values: readonly number[]): number => values.reduce((sum, value) => sum + value, 0) / values.length;

function oracleMa(closes: readonly number[], period: number): Series {
  return windows(closes, period).map((window) => window && mean(window));
}

/** The upper band: the window's mean plus `k` population standard deviations. */
function oracleUpper(closes: readonly number[], period: number, k: number): Series {
  return windows(closes, period).map((window) => {
    if (window === undefined) return undefined;
    const centre = mean(window);
    return centre + k * Math.sqrt(mean(window.map((close) => (close - centre) ** 2)));
  });
}

interface Expected {
  time: number;
  crossing: Crossing;
}

/**
 * The bars from `from` on where `a` − `b` changes sign from the bar before (both defined there),
 * up or down, as `counts` keeps them. The series are checked to never come within `1e-9` of each
 * other, so the sums here and the library's running ones cannot disagree about a side.
 */
function signChanges(
  bars: readonly Candle[],
  a: Series,
  b: (bar: number) => number | undefined,
  from: number,
  keep: (up: boolean, wasAbove: boolean) => Crossing | undefined,
): Expected[] {
  const expected: Expected[] = [];
  const difference = (bar: number): number | undefined => {
    const x = a[bar];
    const y = b(bar);
    return x === undefined || y === undefined ? undefined : x - y;
  };
  for (let bar = Math.max(from, 1); bar < bars.length; bar += 1) {
    const before = difference(bar - 1);
    const now = difference(bar);
    if (before === undefined || now === undefined) continue;
    expect(Math.abs(now), `a near tie at bar ${bar}`).toBeGreaterThan(1e-9);
    const crossing = keep(now > 0, before > 0);
    if (crossing !== undefined) expected.push({ time: (bars[bar] as Candle).time, crossing });
  }
  return expected;
}

const upOnly = (above: boolean, wasAbove: boolean): Crossing | undefined => (above && !wasAbove ? 'up' : undefined);
const either = (above: boolean, wasAbove: boolean): Crossing | undefined => (above === wasAbove ? undefined : above ? 'up' : 'down');

const HOURLY = randomWalk(720, HOUR_MS, 20_260_105);
const DAILY = randomWalk(600, DAY_MS, 7);

/** The evaluator's events over `bars`, the first `history` of them handed at construction. */
function evaluated(subject: ReturnType<typeof condition>, bars: readonly Candle[], history: number): Expected[] {
  const evaluator = new IndicatorConditionEvaluator(subject, bars.slice(0, history));
  return closeAll(evaluator, bars.slice(history)).map(({ time, crossing }) => ({ time, crossing }));
}

describe.each([0, 120])('on recorded bars, %i of them as history', (history) => {
  it('fires RSI(14) crosses above 70 on 1h on the bars the oracle finds', () => {
    const closes = HOURLY.map((bar) => bar.close);
    const rsi = oracleRsi(closes, 14);
    const expected = signChanges(HOURLY, rsi, () => 70, history, upOnly);
    expect(expected.length).toBeGreaterThanOrEqual(5);
    expect(evaluated(condition({ line: rsiLine(14), operator: 'crosses-above' }, 70), HOURLY, history)).toEqual(expected);
  });

  it('fires MA(20) crosses MA(50) on 1d, both ways, on the bars the oracle finds', () => {
    const closes = DAILY.map((bar) => bar.close);
    const ma50 = oracleMa(closes, 50);
    const expected = signChanges(DAILY, oracleMa(closes, 20), (bar) => ma50[bar], history, either);
    expect(expected.filter((event) => event.crossing === 'up').length).toBeGreaterThanOrEqual(3);
    expect(expected.filter((event) => event.crossing === 'down').length).toBeGreaterThanOrEqual(3);
    const subject = condition({ interval: '1d', line: maLine(20), operator: 'crosses', against: { kind: 'line', line: maLine(50) } });
    expect(evaluated(subject, DAILY, history)).toEqual(expected);
  });

  it('fires close above the upper Bollinger band on 1h when it becomes true, on the bars the oracle finds', () => {
    const closes = HOURLY.map((bar) => bar.close);
    const upper = oracleUpper(closes, 20, 2);
    const expected = signChanges(HOURLY, closes, (bar) => upper[bar], history, upOnly);
    expect(expected.length).toBeGreaterThanOrEqual(5);
    const subject = condition({ line: closeLine, operator: 'above', against: { kind: 'line', line: bollingerLine('upper') } });
    expect(evaluated(subject, HOURLY, history)).toEqual(expected);
  });
});
