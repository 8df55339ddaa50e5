// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { useAlertsStore, type AlertDraft } from './alerts-store';
import { ALERTS_STORAGE_KEY, MAX_ALERTS, parsePersistedAlerts } from './persisted-alerts';
import { logLineText } from './alert-text';
import { loadLanguage } from '../../i18n/load-language';

const initial = useAlertsStore.getState();

afterEach(() => loadLanguage('en'));

beforeEach(() => {
  localStorage.clear();
  useAlertsStore.setState(initial, true);
});

const draft: AlertDraft = {
  symbol: 'AAPL.US',
  condition: { kind: 'cross', level: 100 },
  direction: 'up',
  repeat: 'once',
  cooldownMs: 0,
  sound: false,
  createdAt: 1,
};

/** Adds `what`, failing the test when the store refuses it. */
function added(what: AlertDraft): Alert {
  const alert = useAlertsStore.getState().add(what);
  if (!alert) throw new Error('refused');
  return alert;
}

function saved(overrides: Partial<Alert> = {}): Alert {
  return { ...draft, id: 'a', status: 'armed', triggers: [], ...overrides };
}

describe('alerts store', () => {
  it('adds an armed alert, records a trigger with time and price, and logs it', () => {
    const alert = added(draft);
    expect(alert.status).toBe('armed');
    const recorded = useAlertsStore.getState().apply({ fired: [{ alertId: alert.id, time: 5_000, price: 100.25, crossing: 'up' }], expired: [] });
    expect(recorded).toHaveLength(1);
    const [stored] = useAlertsStore.getState().alerts;
    expect(stored).toMatchObject({ status: 'triggered', triggers: [{ time: 5_000, price: 100.25, crossing: 'up' }] });
    expect(useAlertsStore.getState().log[0]).toMatchObject({
      alertId: alert.id,
      time: 5_000,
      price: 100.25,
      condition: { kind: 'cross', level: 100 },
      crossing: 'up',
    });
    // Once only: a second fire for a triggered alert is not recorded.
    expect(useAlertsStore.getState().apply({ fired: [{ alertId: alert.id, time: 6_000, price: 101, crossing: 'up' }], expired: [] })).toEqual([]);
  });

  it('says a log line in the language it is read in, not the one it was logged in', async () => {
    const alert = added(draft);
    useAlertsStore.getState().apply({ fired: [{ alertId: alert.id, time: 5_000, price: 100.25, crossing: 'up' }], expired: [] });
    const [line] = useAlertsStore.getState().log;
    if (!line) throw new Error('no log line');
    expect(logLineText(line)).toBe('AAPL.US crossed above 100: 100.25');
    await loadLanguage('zh-CN');
    expect(logLineText(line)).toBe('AAPL.US 已向上穿越 100: 100.25');
  });

  it('refuses the alert past the most it keeps, and drops none to make room (an armed one included)', () => {
    for (let i = 0; i < MAX_ALERTS; i++) added({ ...draft, condition: { kind: 'cross', level: 100 + i } });
    const first = useAlertsStore.getState().alerts[0];
    expect(useAlertsStore.getState().add({ ...draft, condition: { kind: 'cross', level: 999 } })).toBeUndefined();
    expect(useAlertsStore.getState().alerts).toHaveLength(MAX_ALERTS);
    expect(useAlertsStore.getState().alerts[0]).toBe(first);
    expect(first?.status).toBe('armed');
  });

  it('keeps a repeating alert armed after a trigger', () => {
    const alert = added({ ...draft, repeat: 'every', cooldownMs: 60_000 });
    useAlertsStore.getState().apply({ fired: [{ alertId: alert.id, time: 5_000, price: 101, crossing: 'up' }], expired: [] });
    expect(useAlertsStore.getState().alerts[0]?.status).toBe('armed');
  });

  it('expires armed alerts past their expiry, and re-arms (dropping a past expiry)', () => {
    const alert = added({ ...draft, expiresAt: 10_000 });
    useAlertsStore.getState().expireDue(9_999);
    expect(useAlertsStore.getState().alerts[0]?.status).toBe('armed');
    useAlertsStore.getState().expireDue(10_000);
    expect(useAlertsStore.getState().alerts[0]?.status).toBe('expired');
    useAlertsStore.getState().rearm(alert.id, 20_000);
    expect(useAlertsStore.getState().alerts[0]).toMatchObject({ status: 'armed' });
    expect(useAlertsStore.getState().alerts[0]?.expiresAt).toBeUndefined();
  });

  it('edits an alert to the dialog’s draft: a field the draft lacks goes; id, state, history and creation time stay', () => {
    const alert = added({ ...draft, expiresAt: 99_000, delivery: { push: true, webhook: { url: 'https://hooks.example/a', template: '' } } });
    useAlertsStore.getState().apply({ fired: [{ alertId: alert.id, time: 5_000, price: 100.25, crossing: 'up' }], expired: [] });
    const edited = { ...draft, condition: { kind: 'cross' as const, level: 120 }, createdAt: 7, delivery: { push: false } };
    expect(useAlertsStore.getState().edit(alert.id, edited)).toBe(true);
    expect(useAlertsStore.getState().alerts).toEqual([
      {
        ...draft,
        condition: { kind: 'cross', level: 120 },
        delivery: { push: false },
        id: alert.id,
        createdAt: 1,
        status: 'triggered',
        triggers: [{ time: 5_000, price: 100.25, crossing: 'up' }],
      },
    ]);
    expect(useAlertsStore.getState().edit('gone', edited)).toBe(false);
    expect(useAlertsStore.getState().alerts).toHaveLength(1);
  });

  it('moves a crossing level, refusing a level that is not a positive number', () => {
    const alert = added(draft);
    useAlertsStore.getState().setLevel(alert.id, 123.5);
    useAlertsStore.getState().setLevel(alert.id, -1);
    useAlertsStore.getState().setLevel(alert.id, Number.NaN);
    expect(useAlertsStore.getState().alerts[0]?.condition).toEqual({ kind: 'cross', level: 123.5 });
  });

  it('survives a reload: alerts and their state come back', async () => {
    const alert = added(draft);
    useAlertsStore.getState().apply({ fired: [{ alertId: alert.id, time: 5_000, price: 101, crossing: 'up' }], expired: [] });
    const text = localStorage.getItem(ALERTS_STORAGE_KEY) ?? '';
    // A fresh page: an empty store, the saved text as it was.
    useAlertsStore.setState({ alerts: [], log: [] });
    localStorage.setItem(ALERTS_STORAGE_KEY, text);
    await useAlertsStore.persist.rehydrate();
    expect(useAlertsStore.getState().alerts).toEqual([expect.objectContaining({ id: alert.id, status: 'triggered' })]);
    expect(useAlertsStore.getState().log).toHaveLength(1);
    expect(useAlertsStore.getState().repairNotice).toBeUndefined();
  });

  it('drops corrupt saved entries with a notice and keeps the rest', async () => {
    localStorage.setItem(
      ALERTS_STORAGE_KEY,
      JSON.stringify({
        version: 1,
        state: {
          alerts: [
            saved({ id: 'good' }),
            { ...saved({ id: 'neg' }), condition: { kind: 'cross', level: -5 } },
            { id: 'bare' },
            null,
            saved({ id: 'good' }),
            saved({ id: 'move', condition: { kind: 'move', percent: 5, base: 10 } }),
          ],
          log: [
            { id: 'l1', alertId: 'good', symbol: 'AAPL.US', time: 1, price: 2, text: 'ok' },
            { id: 'l2', price: 'x' },
          ],
        },
      }),
    );
    await useAlertsStore.persist.rehydrate();
    const state = useAlertsStore.getState();
    expect(state.alerts.map((alert) => alert.id)).toEqual(['good', 'move']);
    expect(state.log.map((entry) => entry.id)).toEqual(['l1']);
    expect(state.repairNotice).toMatch(/5 saved alert entries were unreadable/);
  });

  it('gives a notice when the saved text is not JSON', async () => {
    localStorage.setItem(ALERTS_STORAGE_KEY, '{{ nope');
    await useAlertsStore.persist.rehydrate();
    expect(useAlertsStore.getState().alerts).toEqual([]);
    expect(useAlertsStore.getState().repairNotice).toMatch(/unreadable/);
  });
});

describe('parsePersistedAlerts', () => {
  it('starts empty and quiet with nothing saved', () => {
    expect(parsePersistedAlerts(undefined)).toEqual({ state: { alerts: [], log: [] }, dropped: 0 });
  });

  it('normalises symbols and refuses unknown statuses, types and non-finite numbers', () => {
    const { state, dropped } = parsePersistedAlerts({
      alerts: [
        saved({ id: 'a', symbol: '00700.HK' }),
        { ...saved({ id: 'b' }), status: 'sleeping' },
        { ...saved({ id: 'c' }), type: 'bond' },
        { ...saved({ id: 'd' }), cooldownMs: 'soon' },
      ],
    });
    expect(state.alerts.map((alert) => [alert.id, alert.symbol])).toEqual([['a', '700.HK']]);
    expect(dropped).toBe(3);
  });

  it('reads back every saved alert, more than the cap on adding when another device brought them', () => {
    const alerts = Array.from({ length: MAX_ALERTS + 40 }, (_, i) => saved({ id: `a${String(i)}` }));
    expect(parsePersistedAlerts({ alerts }).state.alerts).toHaveLength(MAX_ALERTS + 40);
  });
});
