import { describe, expect, it } from 'vitest';
import { ALERTS_MIGRATIONS, migrate } from './alerts-migrations';

const alert = {
  id: 'a1',
  symbol: '700.HK',
  condition: { kind: 'move', percent: 3, base: 410.2 },
  triggers: [{ time: 2_000, price: 422.6, crossing: 'up' }],
};
const line = { id: 'l1', alertId: 'a1', symbol: '700.HK', time: 2_000, price: 422.6 };

describe('alerts migrations', () => {
  it('has one step a version, in order, each with its own id', () => {
    expect(ALERTS_MIGRATIONS.map((step) => step.to)).toEqual([2]);
    expect(new Set(ALERTS_MIGRATIONS.map((step) => step.id)).size).toBe(ALERTS_MIGRATIONS.length);
  });

  it('reads a version 1 line as data when its alert fired then and the text names its figures', () => {
    const state = { alerts: [alert], log: [{ ...line, text: '700.HK rose 3 % from 410.2: 422.6' }] };
    expect(migrate(state, 1)).toEqual({ alerts: [alert], log: [{ ...line, condition: alert.condition, crossing: 'up' }] });
  });

  it('keeps the text of a line whose alert is gone, has no trigger then, or has moved since', () => {
    const lines = [
      { ...line, alertId: 'gone', text: '700.HK rose 3 % from 410.2: 422.6' },
      { ...line, time: 9_000, text: '700.HK rose 3 % from 410.2: 422.6' },
      // The alert's base was 400 when this was logged.
      { ...line, text: '700.HK rose 3 % from 400: 422.6' },
    ];
    expect(migrate({ alerts: [alert], log: lines }, 1)).toEqual({ alerts: [alert], log: lines });
  });
});
