import { describe, expect, it } from 'vitest';
import { MAX_TRIGGERS_KEPT, type Alert } from './alert-model.ts';
import { recordObservation } from './record-observation.ts';

const base: Alert = {
  id: 'a',
  symbol: 'AAPL.US',
  condition: { kind: 'cross', level: 100 },
  direction: 'either',
  repeat: 'once',
  cooldownMs: 0,
  sound: false,
  createdAt: 0,
  status: 'armed',
  triggers: [],
};

describe('recordObservation', () => {
  it('triggers a once-only alert, keeps a repeating one armed, expires the expired, leaves the rest', () => {
    const alerts: Alert[] = [base, { ...base, id: 'b', repeat: 'every' }, { ...base, id: 'c' }, { ...base, id: 'd' }];
    const { alerts: after, recorded } = recordObservation(alerts, {
      fired: [
        { alertId: 'a', time: 5, price: 101, crossing: 'up' },
        { alertId: 'b', time: 5, price: 101, crossing: 'up' },
      ],
      expired: ['c'],
    });
    expect(after.map((alert) => [alert.id, alert.status, alert.triggers.length])).toEqual([
      ['a', 'triggered', 1],
      ['b', 'armed', 1],
      ['c', 'expired', 0],
      ['d', 'armed', 0],
    ]);
    expect(recorded).toEqual([
      { alert: after[0], trigger: { time: 5, price: 101, crossing: 'up' } },
      { alert: after[1], trigger: { time: 5, price: 101, crossing: 'up' } },
    ]);
  });

  it('records nothing on an alert that is no longer armed', () => {
    const triggered: Alert = { ...base, status: 'triggered' };
    const { alerts, recorded } = recordObservation([triggered], { fired: [{ alertId: 'a', time: 5, price: 99, crossing: 'down' }], expired: ['a'] });
    expect(alerts).toEqual([triggered]);
    expect(recorded).toEqual([]);
  });

  it('keeps the newest triggers first, at most MAX_TRIGGERS_KEPT', () => {
    const full: Alert = {
      ...base,
      repeat: 'every',
      triggers: Array.from({ length: MAX_TRIGGERS_KEPT }, (_, index) => ({ time: MAX_TRIGGERS_KEPT - index, price: 101, crossing: 'up' as const })),
    };
    const [after] = recordObservation([full], { fired: [{ alertId: 'a', time: 50, price: 99, crossing: 'down' }], expired: [] }).alerts;
    expect(after?.triggers).toHaveLength(MAX_TRIGGERS_KEPT);
    expect(after?.triggers[0]).toEqual({ time: 50, price: 99, crossing: 'down' });
  });

  it('hands back the same alerts when nothing happened', () => {
    const alerts = [base];
    expect(recordObservation(alerts, { fired: [], expired: [] }).alerts).toBe(alerts);
  });
});
