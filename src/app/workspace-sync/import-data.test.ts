// @vitest-environment happy-dom
/**
 * "Import my data" through a tab's exchange of the alerts (the tab's records and store as the app
 * keeps them): the alerts already set stay, the file's new ones come in as far as the cap leaves
 * room, and the dialog says how many did not and why.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore, type StoreApi } from 'zustand';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { alertRecords } from '../../features/alerts/alert-records';
import type { AlertsState } from '../../features/alerts/alerts-store';
import { MAX_ALERTS, type PersistedAlerts } from '../../features/alerts/persisted-alerts';
import { loadRecords, RECORDS_KEY_PREFIX, recordsChannelName, startTabSync } from '../../store/records/tab-sync';
import { WORKSPACE_FILE_FORMAT } from '../../store/records/workspace-file';
import { armedAlert } from '#shared/alerts/alert.test-support.ts';
import { importData, importOutcome } from './import-data';

const armed = (id: string, level: number): Alert => armedAlert(id, level);

const range = (n: number, prefix: string): Alert[] => Array.from({ length: n }, (_, i) => armed(`${prefix}-${String(i)}`, 100 + i));

const fileOf = (alerts: readonly Alert[]): string =>
  JSON.stringify({
    format: WORKSPACE_FILE_FORMAT,
    version: 1,
    exportedAt: '2026-11-29T00:00:00.000Z',
    stores: { alerts: alerts.map((alert) => ({ id: `alert:${alert.id}`, kind: 'alert', rev: 1, updatedAt: 1, by: 'desk', value: alert })) },
  });

let stops: (() => void)[] = [];

/** A tab of this browser sharing its alerts on the real channel, saved in local storage. */
function alertsTab(alerts: Alert[]): StoreApi<PersistedAlerts> {
  const store = createStore<PersistedAlerts>()(() => ({ alerts, log: [] }));
  const channel = new BroadcastChannel(recordsChannelName('alerts'));
  stops.push(
    startTabSync(store as unknown as StoreApi<AlertsState>, alertRecords, { channel, storage: localStorage, tab: 'tab', now: () => Date.now(), loadedAt: 0 }),
  );
  return store;
}

beforeEach(() => {
  localStorage.clear();
});

afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
});

describe('importing a file with more alerts than the cap leaves room for', () => {
  it.each([
    [5, 197],
    [6, 205],
  ])('keeps the %i alerts set, imports what fits of %i new ones, and says how many did not', async (had, inFile) => {
    const existing = range(had, 'had');
    const store = alertsTab(existing);
    const fits = MAX_ALERTS - had;
    const result = importData(fileOf(range(inFile, 'new')));
    await vi.waitFor(() => {
      expect(store.getState().alerts.length).toBeGreaterThanOrEqual(MAX_ALERTS);
    });
    const ids = store.getState().alerts.map((alert) => alert.id);
    expect(ids.slice(0, had)).toEqual(existing.map((alert) => alert.id));
    expect(ids.slice(had)).toEqual(range(fits, 'new').map((alert) => alert.id));
    // None deleted to make room: no tombstone goes to the server.
    expect([...loadRecords(localStorage, `${RECORDS_KEY_PREFIX}alerts`).values()].filter((record) => record.deleted)).toEqual([]);
    expect(result).toEqual({ imported: fits, alertsRefused: inFile - fits });
    expect(importOutcome(result)).toBe(
      `Imported ${String(fits)} records. Alerts not imported: ${String(inFile - fits)} (Chartroom keeps at most ${String(MAX_ALERTS)} alerts: delete some, then import the file again for the rest).`,
    );
  });

  it('imports a changed alert already set without counting it against the cap', async () => {
    const store = alertsTab(range(MAX_ALERTS, 'had'));
    const result = importData(fileOf([{ ...armed('had-0', 999) }, armed('new-0', 5)]));
    await vi.waitFor(() => {
      expect(store.getState().alerts[0]?.condition).toEqual({ kind: 'cross', level: 999 });
    });
    expect(store.getState().alerts).toHaveLength(MAX_ALERTS);
    expect(result).toEqual({ imported: 1, alertsRefused: 1 });
  });
});
