/**
 * The evaluator's events on a recorded series against an oracle (indicator-condition-oracle.test-support.ts):
 * the indicators computed the plain way and the crossings found by a loop over consecutive bars.
 * The evaluator runs the library's streams and crossing.ts's memory; the two must name the same
 * bars, the same way.
 */
import { describe, expect, it } from 'vitest';
import type { Candle } from '../candle.ts';
import { IndicatorConditionEvaluator } from './indicator-condition-evaluator.ts';
import { either, oracleMa, oracleRsi, oracleUpper, signChanges, upOnly, type Expected } from './indicator-condition-oracle.test-support.ts';
import { bollingerLine, closeAll, closeLine, condition, DAY_MS, HOUR_MS, maLine, randomWalk, rsiLine } from './indicator-condition.test-support.ts';

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
