/**
 * "Tell me when a symbol enters this screen": the server's evaluation (screen-alerts.ts) on a
 * scripted screener, and the whole path as production wires it (server-alerts.ts on a real
 * database, the trigger store, the log) for entrants recorded with their own symbols.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { alertSchema, logSchema, type FiredLine } from '#shared/alerts/alert-schema.ts';
import { presetScreen } from '#shared/screener/screen-presets.ts';
import type { ScreenAnswer } from '#shared/screener/screener-protocol.ts';
import type { Screen } from '#shared/screener/screen-model.ts';
import { pgliteBackend } from '../test-support/database-backends.ts';
import { useDatabase } from '../test-support/use-database.ts';
import { localWorkspaceNotices } from '../workspace/workspace-notices.ts';
import type { Deliverers } from './delivery-outbox.ts';
import type { ServerTrigger } from './evaluate-alerts.ts';
import { ScreenAlerts } from './screen-alerts.ts';
import { armedAlert, DrivenFeed, serverAlertsInstance, storeAlerts } from './server-alerts.test-support.ts';

const GAINERS = presetScreen('top-gainers', { market: 'US', type: 'stock' });
const ACTIVE = presetScreen('most-active', { market: 'US', type: 'stock' });

const screenAlert = (id: string, screen: Screen, extra: Partial<Alert> = {}): Alert =>
  armedAlert(id, 'Top gainers', 0, { condition: { kind: 'screen', name: 'Top gainers', screen }, repeat: 'every', cooldownMs: 0, ...extra });

/** A screener answering what the test says the screen holds: symbol → price. */
function scriptedScreener() {
  let rows: Record<string, number> = {};
  let state: ScreenAnswer['state'] = 'ready';
  let failing = false;
  let asOf = 1_000;
  const asked: Screen[] = [];
  const screen = (screen: Screen): Promise<ScreenAnswer> => {
    asked.push(screen);
    if (failing) return Promise.reject(new Error('upstream down'));
    return Promise.resolve({
      state,
      warmUp: { total: 10, ready: state === 'ready' ? 10 : 3, requests: 0 },
      asOf,
      tookMs: 1,
      columns: ['price', 'change'],
      keys: ['price', 'change'],
      rows: Object.entries(rows).map(([symbol, price]) => ({ symbol, values: [price, 0] })),
      matched: Object.keys(rows).length,
      names: [],
    });
  };
  return {
    screen,
    asked,
    set(next: Record<string, number>, at: number) {
      rows = next;
      asOf = at;
    },
    warming(on: boolean) {
      state = on ? 'warming' : 'ready';
    },
    fail(on: boolean) {
      failing = on;
    },
  };
}

function screenAlerts(screener: ReturnType<typeof scriptedScreener>) {
  const fired: (ServerTrigger & { user: string })[] = [];
  const alerts = new ScreenAlerts({ screen: screener.screen, onTrigger: (user, trigger) => fired.push({ user, ...trigger }), everyMs: 3_600_000 });
  return { alerts, fired, entrants: () => fired.map((trigger) => `${trigger.user}:${trigger.alertId}:${trigger.symbol}@${String(trigger.price)}`) };
}

describe('screen alerts', () => {
  it('learn who is in at the first evaluation, then fire for each symbol that enters, at its price', async () => {
    const screener = scriptedScreener();
    const { alerts, fired, entrants } = screenAlerts(screener);
    alerts.install('ann', [screenAlert('g', GAINERS)]);
    screener.set({ 'AAPL.US': 230, 'MSFT.US': 410 }, 1_000);
    await alerts.evaluate();
    expect(fired).toEqual([]);

    screener.set({ 'AAPL.US': 231, 'NVDA.US': 130, 'TSLA.US': 200 }, 2_000);
    await alerts.evaluate();
    expect(entrants()).toEqual(['ann:g:NVDA.US@130', 'ann:g:TSLA.US@200']);
    expect(fired[0]).toMatchObject({ time: 2_000, crossing: 'up', entrant: true });

    // MSFT left and comes back: an entry again.
    screener.set({ 'MSFT.US': 412, 'NVDA.US': 131 }, 3_000);
    await alerts.evaluate();
    expect(entrants().slice(2)).toEqual(['ann:g:MSFT.US@412']);
  });

  it('learn and fire nothing while the universe warms or the screen fails', async () => {
    const screener = scriptedScreener();
    const { alerts, fired } = screenAlerts(screener);
    alerts.install('ann', [screenAlert('g', GAINERS)]);
    screener.warming(true);
    screener.set({ 'AAPL.US': 230 }, 1_000);
    await alerts.evaluate();
    screener.set({ 'AAPL.US': 230, 'MSFT.US': 410 }, 2_000);
    await alerts.evaluate();
    // Symbols coming ready while it warms are not entries: the first ready answer is the baseline.
    screener.warming(false);
    screener.set({ 'AAPL.US': 230, 'MSFT.US': 410, 'NVDA.US': 130 }, 3_000);
    await alerts.evaluate();
    expect(fired).toEqual([]);
    screener.fail(true);
    await alerts.evaluate();
    screener.fail(false);
    screener.set({ 'AAPL.US': 230, 'TSLA.US': 200 }, 4_000);
    await alerts.evaluate();
    expect(fired.map((trigger) => trigger.symbol)).toEqual(['TSLA.US']);
  });

  it('count a repeating alert’s cooldown per entrant, and fire a once-only alert for its first entrant only', async () => {
    const screener = scriptedScreener();
    const { alerts, entrants } = screenAlerts(screener);
    alerts.install('ann', [screenAlert('every', GAINERS, { cooldownMs: 10_000 }), screenAlert('once', GAINERS, { repeat: 'once' })]);
    screener.set({}, 1_000);
    await alerts.evaluate();
    screener.set({ 'AAPL.US': 230, 'MSFT.US': 410 }, 2_000);
    await alerts.evaluate();
    screener.set({}, 3_000);
    await alerts.evaluate();
    // AAPL back within its cooldown: nothing; NVDA is new.
    screener.set({ 'AAPL.US': 231, 'NVDA.US': 130 }, 5_000);
    await alerts.evaluate();
    screener.set({}, 6_000);
    await alerts.evaluate();
    // Past AAPL's cooldown.
    screener.set({ 'AAPL.US': 232 }, 12_001);
    await alerts.evaluate();
    expect(entrants().filter((entry) => entry.includes(':every:'))).toEqual([
      'ann:every:AAPL.US@230',
      'ann:every:MSFT.US@410',
      'ann:every:NVDA.US@130',
      'ann:every:AAPL.US@232',
    ]);
    // The once-only alert fired for AAPL; until its stored status says triggered it fires at most once per evaluation.
    expect(entrants().filter((entry) => entry.includes(':once:'))[0]).toBe('ann:once:AAPL.US@230');
  });

  it('evaluate a screen once for every alert on it, whoever set it, and keep what a watch knows across an unchanged reinstall', async () => {
    const screener = scriptedScreener();
    const { alerts, entrants } = screenAlerts(screener);
    alerts.install('ann', [screenAlert('a', GAINERS)]);
    alerts.install('bob', [screenAlert('b', structuredClone(GAINERS)), screenAlert('c', ACTIVE)]);
    screener.set({ 'AAPL.US': 230 }, 1_000);
    await alerts.evaluate();
    expect(screener.asked).toHaveLength(2);
    // Ann's alert comes back unchanged (a sync): it remembers AAPL was in.
    alerts.install('ann', [screenAlert('a', GAINERS)]);
    screener.set({ 'AAPL.US': 230, 'MSFT.US': 410 }, 2_000);
    await alerts.evaluate();
    expect(entrants()).toEqual(['ann:a:MSFT.US@410', 'bob:b:MSFT.US@410', 'bob:c:MSFT.US@410']);
    // Changed screen or disarmed: a changed one learns again, a disarmed one is dropped.
    alerts.install('bob', [screenAlert('b', ACTIVE), screenAlert('c', ACTIVE, { status: 'triggered' })]);
    expect(alerts.armed()).toBe(2);
    screener.set({ 'AAPL.US': 230, 'MSFT.US': 410, 'TSLA.US': 200 }, 3_000);
    await alerts.evaluate();
    expect(entrants().slice(3)).toEqual(['ann:a:TSLA.US@200']);
    alerts.stop();
  });

  describe('recorded as production wires them', () => {
    const database = useDatabase(pgliteBackend());

    it('records every entrant of one evaluation, each with its symbol on the trigger and the log line', async () => {
      const screener = scriptedScreener();
      const notices = localWorkspaceNotices();
      const deliverers: Deliverers = {
        push: () => Promise.resolve({ outcome: 'delivered' }),
        webhook: () => Promise.resolve({ outcome: 'delivered' }),
        retryDelayMs: () => undefined,
      };
      const { alerts: wired, workspace } = serverAlertsInstance(database.db, new DrivenFeed(), deliverers, notices, 'server', {
        screen: screener.screen,
        screenEveryMs: 50,
      });
      screener.set({ 'AAPL.US': 230 }, 1_000);
      await storeAlerts(workspace, notices, 'ann', [screenAlert('g', GAINERS)]);
      await wired.start();
      await vi.waitFor(() => {
        expect(screener.asked.length).toBeGreaterThan(0);
      });
      screener.set({ 'AAPL.US': 231, 'NVDA.US': 130, 'TSLA.US': 200 }, 2_000);
      await vi.waitFor(async () => {
        const lines = (await workspace.readStore('ann', 'alerts')).records.filter((record) => record.kind === 'alert-log');
        expect(lines).toHaveLength(2);
      });
      await wired.settled();
      wired.stop();
      const { records } = await workspace.readStore('ann', 'alerts');
      const alert = alertSchema.parse(records.find((record) => record.id === 'alert:g')?.value);
      expect(alert.status).toBe('armed');
      expect(alert.triggers.map((trigger) => [trigger.symbol, trigger.price, trigger.time]).sort()).toEqual([
        ['NVDA.US', 130, 2_000],
        ['TSLA.US', 200, 2_000],
      ]);
      const lines = records.filter((record) => record.kind === 'alert-log').map((record) => logSchema.parse(record.value) as FiredLine);
      expect(lines.map((line) => [line.symbol, line.price, line.condition.kind]).sort()).toEqual([
        ['NVDA.US', 130, 'screen'],
        ['TSLA.US', 200, 'screen'],
      ]);
      // Nothing was subscribed on the feed for the screen's name.
      expect(wired.stats().instruments).toBe(0);
    });
  });
});
