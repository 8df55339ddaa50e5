// @vitest-environment happy-dom
/**
 * The alerts as records: the released saved shape (test-fixtures/saved-states/alerts-v1.json)
 * loads as today's records, one per alert and log line, and records give the store back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { savedState } from '../../store/saved-states.test-support';
import { alertRecordValues, alertsByRecord } from './alert-records';
import { useAlertsStore } from './alerts-store';
import { ALERTS_STORAGE_KEY, type PersistedAlerts } from './persisted-alerts';

const initial = useAlertsStore.getState();

beforeEach(() => {
  localStorage.clear();
  useAlertsStore.setState(initial, true);
});

describe('saved shapes of the alerts store', () => {
  it('loads version 1: a record per alert (triggered, armed with an expiry) and per log line', async () => {
    const text = savedState('alerts-v1.json');
    localStorage.setItem(ALERTS_STORAGE_KEY, text);
    await useAlertsStore.persist.rehydrate();
    const saved = (JSON.parse(text) as { state: PersistedAlerts }).state;
    const [triggered, armed] = saved.alerts;
    expect(Object.fromEntries(alertRecordValues(useAlertsStore.getState()))).toEqual({
      'alert:alert-mf0b-1-abcde': { kind: 'alert', value: triggered },
      'alert:alert-mf0b-2-fghij': { kind: 'alert', value: armed },
      'alert-log:log-mf0c-3-klmno': { kind: 'alert-log', value: saved.log[0] },
    });
    expect(useAlertsStore.getState().repairNotice).toBeUndefined();
    expect(alertsByRecord(alertRecordValues(useAlertsStore.getState()))).toEqual(saved);
  });

  it('keeps the log newest first whatever the records’ order', () => {
    const entry = (id: string, time: number) => ({ kind: 'alert-log', value: { id, alertId: 'a', symbol: 'AAPL.US', time, price: 1, text: '' } });
    const { log } = alertsByRecord(new Map([['alert-log:x', entry('x', 1)], ['alert-log:y', entry('y', 3)], ['alert-log:z', entry('z', 2)]]));
    expect(log.map((line) => line.id)).toEqual(['y', 'z', 'x']);
  });
});
