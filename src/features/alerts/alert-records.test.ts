// @vitest-environment happy-dom
/**
 * The alerts as records: the released saved shape (test-fixtures/saved-states/alerts-v1.json)
 * loads as today's records, one per alert and log line, and records give the store back.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createStore, type StoreApi } from 'zustand';
import { channelHub, memoryStorage } from '../../store/records/tabs.test-support';
import { startTabSync } from '../../store/records/tab-sync';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { useToasts } from './toasts';
import { armedAlert } from '#shared/alerts/alert.test-support.ts';
import { savedState } from '../../store/saved-states.test-support';
import { alertRecords, alertRecordValues, alertsByRecord } from './alert-records';
import { useAlertsStore, type AlertsState } from './alerts-store';
import { ALERTS_STORAGE_KEY, type AlertLogEntry, type PersistedAlerts } from './persisted-alerts';
import { conditionText, logLineText } from './alert-text';

const initial = useAlertsStore.getState();

beforeEach(() => {
  localStorage.clear();
  useAlertsStore.setState(initial, true);
});

/** An armed alert above AAPL.US at 100. */
const alert = (id: string): Alert => armedAlert(id);

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
      // The English text becomes what it said, as data, from the alert's trigger at its time.
      'alert-log:log-mf0c-3-klmno': {
        kind: 'alert-log',
        value: {
          id: 'log-mf0c-3-klmno',
          alertId: 'alert-mf0b-1-abcde',
          symbol: 'AAPL.US',
          time: 1795622400000,
          price: 230.12,
          condition: { kind: 'cross', level: 230 },
          crossing: 'up',
        },
      },
    });
    expect(useAlertsStore.getState().repairNotice).toBeUndefined();
    expect(logLineText(useAlertsStore.getState().log[0] as AlertLogEntry)).toBe('AAPL.US crossed above 230: 230.12');
  });

  it('loads version 2 as it is: a line as data, and a line kept as text shown as written', async () => {
    const text = savedState('alerts-v2.json');
    localStorage.setItem(ALERTS_STORAGE_KEY, text);
    await useAlertsStore.persist.rehydrate();
    const saved = (JSON.parse(text) as { state: PersistedAlerts }).state;
    expect(useAlertsStore.getState().repairNotice).toBeUndefined();
    expect(alertsByRecord(alertRecordValues(useAlertsStore.getState()))).toEqual(saved);
    expect(useAlertsStore.getState().log.map(logLineText)).toEqual(['700.HK crossed above 400: 401.2', 'AAPL.US fell 5 % from 241.6: 229.5']);
  });

  it('keeps the log newest first whatever the records’ order', () => {
    const entry = (id: string, time: number) => ({ kind: 'alert-log', value: { id, alertId: 'a', symbol: 'AAPL.US', time, price: 1, text: '' } });
    const { log } = alertsByRecord(
      new Map([
        ['alert-log:x', entry('x', 1)],
        ['alert-log:y', entry('y', 3)],
        ['alert-log:z', entry('z', 2)],
      ]),
    );
    expect(log.map((line) => line.id)).toEqual(['y', 'z', 'x']);
  });

  it('leaves out a damaged alert or log record (from another tab or device)', () => {
    const { alerts, log } = alertsByRecord(
      new Map<string, { kind: string; value: unknown }>([
        ['alert:a', { kind: 'alert', value: alert('a') }],
        ['alert:b', { kind: 'alert', value: { ...alert('b'), condition: { kind: 'cross', level: 'high' } } }],
        ['alert:c', { kind: 'alert', value: null }],
        ['alert-log:x', { kind: 'alert-log', value: { id: 'x', alertId: 'a', symbol: 'AAPL.US', time: -5, price: 1, text: '' } }],
      ]),
    );
    expect(alerts.map((entry) => entry.id)).toEqual(['a']);
    expect(log).toEqual([]);
  });
});

describe('alerts shared between tabs', () => {
  it('keeps an alert set in each tab at once, and shows the other tab’s trigger as a toast', () => {
    const hub = channelHub();
    const storage = memoryStorage();
    let clock = 0;
    const tab = (id: string) => {
      const store = createStore<PersistedAlerts>()(() => ({ alerts: [], log: [] }));
      startTabSync(store as unknown as StoreApi<AlertsState>, alertRecords, { channel: hub.channel(), storage, tab: id, now: () => ++clock, loadedAt: 0 });
      return store;
    };
    const [a, b] = [tab('a'), tab('b')];
    a.setState({ alerts: [alert('from-a')] });
    b.setState({ alerts: [alert('from-b')] });
    hub.flush();
    for (const store of [a, b])
      expect(
        store
          .getState()
          .alerts.map((each) => each.id)
          .sort(),
      ).toEqual(['from-a', 'from-b']);

    const toasts = useToasts.getState().toasts.length;
    a.setState({ log: [{ id: 'log-1', alertId: 'from-a', symbol: 'AAPL.US', time: 5, price: 101, text: 'AAPL.US crossed above 100' }] });
    hub.flush();
    expect(b.getState().log.map((line) => line.id)).toEqual(['log-1']);
    expect(useToasts.getState().toasts).toHaveLength(toasts + 1);

    // A trigger as data: its toast names the symbol in the title only, as the tab that fired it does.
    a.setState({
      log: [
        { id: 'log-2', alertId: 'from-a', symbol: 'AAPL.US', time: 6, price: 101, condition: { kind: 'cross', level: 100 }, crossing: 'up' },
        ...a.getState().log,
      ],
    });
    hub.flush();
    expect(useToasts.getState().toasts.at(-1)).toMatchObject({ title: 'Alert: AAPL.US', text: 'crossed above 100: 101' });
  });
});

describe('triggers that arrive with the workspace', () => {
  const line: AlertLogEntry = { id: 'log-old', alertId: 'a1', symbol: 'AAPL.US', time: 5, price: 101, text: 'AAPL.US crossed above 100' };

  it('are history when the server’s first read brings them (the log shows them, no toast as if just fired)', () => {
    const store = createStore<AlertsState>()(() => ({ ...initial, alerts: [], log: [] }));
    const toasts = useToasts.getState().toasts.length;
    alertRecords.apply(store, alertRecordValues({ alerts: [alert('a1')], log: [line] }), true);
    expect(store.getState().log.map((entry) => entry.id)).toEqual(['log-old']);
    expect(useToasts.getState().toasts).toHaveLength(toasts);
  });

  it('show as a toast once the workspace is in step (fired on another device or the server now)', () => {
    const store = createStore<AlertsState>()(() => ({ ...initial, alerts: [], log: [] }));
    const toasts = useToasts.getState().toasts.length;
    alertRecords.apply(store, alertRecordValues({ alerts: [alert('a1')], log: [line] }), false);
    expect(useToasts.getState().toasts).toHaveLength(toasts + 1);
  });
});

describe('an indicator alert from the server (the browser shows and keeps it; only the server evaluates it)', () => {
  const at = 1_767_574_800_000;
  /**
   * As the server's trigger store writes them, key for key (its test holds it to the schemas'
   * order): the alert after a trigger, and its log line.
   */
  const rsiAlert: Alert = {
    ...alert('rsi'),
    condition: {
      kind: 'indicator',
      interval: '1h',
      line: { source: 'indicator', indicator: 'rsi', params: { period: 14 }, output: 'value' },
      operator: 'crosses-above',
      against: { kind: 'level', value: 70 },
      on: 'bar-close',
    },
    direction: 'either',
    repeat: 'every',
    triggers: [{ time: at, price: 231.5, crossing: 'up' }],
  };
  const line: AlertLogEntry = {
    id: `s:rsi@${String(at)}`,
    alertId: 'rsi',
    symbol: 'AAPL.US',
    time: at,
    price: 231.5,
    deliveries: { push: { state: 'delivered', devices: 1 } },
    condition: rsiAlert.condition,
    crossing: 'up',
  };
  const records = new Map([
    ['alert:rsi', { kind: 'alert', value: rsiAlert }],
    [`alert-log:${line.id}`, { kind: 'alert-log', value: line }],
  ]);

  it('survives the records adapter unchanged, and reads in words', () => {
    const state = alertsByRecord(records);
    expect(state).toEqual({ alerts: [rsiAlert], log: [line] });
    // The same JSON, key for key: a tab sees no change of its own to send back.
    expect(JSON.stringify(Object.fromEntries(alertRecordValues(state)))).toBe(JSON.stringify(Object.fromEntries(records)));
    expect(conditionText(rsiAlert)).toBe('RSI(14) on 1h crosses above 70');
    expect(logLineText(line)).toBe('AAPL.US RSI(14) on 1h crosses above 70: 231.5');
  });

  it('arrives in a tab from the server’s sync and is neither revised nor deleted there', () => {
    const hub = channelHub();
    const storage = memoryStorage();
    const store = createStore<PersistedAlerts>()(() => ({ alerts: [], log: [] }));
    startTabSync(store as unknown as StoreApi<AlertsState>, alertRecords, { channel: hub.channel(), storage, tab: 'tab', now: () => 5, loadedAt: 0 });
    // The server's sync is one more member of the channel; it hears what the tab sends back.
    const server = hub.channel();
    const heard: unknown[] = [];
    server.addEventListener('message', ({ data }) => heard.push(data));
    const added = [...records].map(([id, { kind, value }]) => ({ id, kind, rev: 2, updatedAt: 1, by: 'server', value }));
    server.postMessage({ store: 'alerts', source: 'server-sync', diff: { added, updated: [], removed: [] } });
    hub.flush();
    expect(store.getState()).toEqual({ alerts: [rsiAlert], log: [line] });
    expect(heard).toEqual([]);
  });
});

describe('a record this build cannot read (a later build’s condition kind, met through the server)', () => {
  it('is kept as it is: the tab’s own edits send no deletion of it', () => {
    const hub = channelHub();
    const storage = memoryStorage();
    const store = createStore<PersistedAlerts>()(() => ({ alerts: [], log: [] }));
    startTabSync(store as unknown as StoreApi<AlertsState>, alertRecords, { channel: hub.channel(), storage, tab: 'tab', now: () => 5, loadedAt: 0 });
    const server = hub.channel();
    const heard: { diff: { added: { id: string }[]; removed: { id: string }[] } }[] = [];
    server.addEventListener('message', ({ data }) => heard.push(data as (typeof heard)[number]));
    const future = { ...alert('future'), condition: { kind: 'news', keyword: 'earnings' } };
    server.postMessage({
      store: 'alerts',
      source: 'server-sync',
      diff: { added: [{ id: 'alert:future', kind: 'alert', rev: 1, updatedAt: 1, by: 'server', value: future }], updated: [], removed: [] },
    });
    hub.flush();
    expect(store.getState().alerts).toEqual([]);
    // The user adds an alert here: that is all the tab sends.
    store.setState({ alerts: [alert('mine')] });
    hub.flush();
    expect(heard.flatMap((batch) => batch.diff.removed.map((record) => record.id))).toEqual([]);
    expect(heard.flatMap((batch) => batch.diff.added.map((record) => record.id))).toEqual(['alert:mine']);
  });

  it('keeps every alert the records bring, past the cap on adding (two devices near it, merged), so none is deleted everywhere', () => {
    const many = Array.from({ length: 260 }, (_, i) => armedAlert(`a${String(i)}`, 100 + i));
    expect(alertsByRecord(alertRecordValues({ alerts: many, log: [] })).alerts).toHaveLength(260);
  });
});
