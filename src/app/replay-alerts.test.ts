// Alerts in a replay: evaluated on the replayed prices by the replay's own monitor, a one-time
// alert fires once per replay, and nothing is recorded in the alerts' store.
import { describe, expect, it } from 'vitest';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { useAlertsStore } from '../features/alerts/alerts-store';
import { createReplayAlerts } from './replay-alerts';

const T = Date.parse('2026-11-23T02:00:00Z');

function crossAlert(id: string, level: number, repeat: Alert['repeat'] = 'once'): Alert {
  return {
    id,
    symbol: '700.HK',
    condition: { kind: 'cross', level },
    direction: 'either',
    repeat,
    cooldownMs: 0,
    sound: true,
    createdAt: T + 86_400_000,
    status: 'armed',
    triggers: [],
  };
}

describe('alerts in a replay', () => {
  it('fire on replayed prices, a one-time alert once, with nothing recorded', () => {
    const before = useAlertsStore.getState();
    const replay = createReplayAlerts();
    const alerts = [crossAlert('a', 500), crossAlert('b', 510, 'every')];
    expect(replay.observe('700.HK', undefined, 499, T, alerts)).toEqual([]);
    const first = replay.observe('700.HK', undefined, 501, T + 60_000, alerts);
    expect(first.map((firing) => firing.alertId)).toEqual(['a']);
    expect(first[0]?.text).toContain('700.HK');
    expect(replay.observe('700.HK', undefined, 499, T + 120_000, alerts)).toEqual([]);
    // 'a' fired in this replay already; 'b' repeats.
    expect(replay.observe('700.HK', undefined, 511, T + 180_000, alerts).map((firing) => firing.alertId)).toEqual(['b']);
    expect(replay.observe('700.HK', undefined, 509, T + 240_000, alerts).map((firing) => firing.alertId)).toEqual(['b']);
    // The alerts themselves are as they were: armed, no trigger, the store untouched.
    expect(alerts.every((alert) => alert.status === 'armed' && alert.triggers.length === 0)).toBe(true);
    expect(useAlertsStore.getState()).toBe(before);
  });

  it('a price of another symbol fires nothing', () => {
    const replay = createReplayAlerts();
    const alerts = [crossAlert('a', 500)];
    replay.observe('AAPL.US', undefined, 499, T, alerts);
    expect(replay.observe('AAPL.US', undefined, 501, T + 60_000, alerts)).toEqual([]);
  });
});
