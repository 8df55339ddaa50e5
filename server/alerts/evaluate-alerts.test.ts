import { describe, expect, it } from 'vitest';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { EXPECTED_STATUSES, EXPECTED_TRIGGERS, SCENARIO_ALERTS, SCENARIO_PUSHES } from '#shared/alerts/alert-scenario.test-support.ts';
import { AlertEvaluator, evaluateAlerts } from './evaluate-alerts.ts';

const alert: Alert = {
  id: 'a',
  symbol: 'AAPL.US',
  condition: { kind: 'cross', level: 200 },
  direction: 'up',
  repeat: 'once',
  cooldownMs: 0,
  sound: false,
  createdAt: 0,
  status: 'armed',
  triggers: [],
};
const push = (symbol: string, price: string, timestamp: number, type = 'stock') => ({ symbol, type, last_price: price, timestamp });

describe('evaluateAlerts', () => {
  it('gives the scenario’s triggers, as the rules make them, in Node', () => {
    const { triggers, alerts } = evaluateAlerts(SCENARIO_ALERTS, SCENARIO_PUSHES);
    expect(triggers.map(({ alertId, time, price, crossing }) => ({ alertId, time, price, crossing }))).toEqual(EXPECTED_TRIGGERS);
    expect(Object.fromEntries(alerts.map((each) => [each.id, each.status]))).toEqual(EXPECTED_STATUSES);
  });

  it('names the alert’s symbol in a trigger, whichever spelling the push had', () => {
    const { triggers } = evaluateAlerts(
      [{ ...alert, symbol: '700.HK', condition: { kind: 'cross', level: 400 } }],
      [push('00700.HK', '390', 1), push('00700.HK', '410', 2)],
    );
    expect(triggers).toEqual([{ alertId: 'a', symbol: '700.HK', time: 2, price: 410, crossing: 'up' }]);
  });

  it('watches pushes of any type for an alert without one, and of its own type only for one with', () => {
    const typed: Alert = { ...alert, id: 'typed', type: 'crypto' };
    const { triggers } = evaluateAlerts([alert, typed], [push('AAPL.US', '199', 1), push('AAPL.US', '201', 2)]);
    expect(triggers.map((each) => each.alertId)).toEqual(['a']);
  });

  it('keeps what it saw between pushes, and stops a once-only alert after its trigger', () => {
    const evaluator = new AlertEvaluator([alert]);
    expect(evaluator.push(push('AAPL.US', '199', 1))).toEqual([]);
    expect(evaluator.push(push('AAPL.US', '201', 2))).toHaveLength(1);
    expect(evaluator.push(push('AAPL.US', '199', 3))).toEqual([]);
    expect(evaluator.push(push('AAPL.US', '201', 4))).toEqual([]);
    expect(evaluator.current()[0]?.status).toBe('triggered');
  });
});
