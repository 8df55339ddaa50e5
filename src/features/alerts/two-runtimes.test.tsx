// @vitest-environment happy-dom
/**
 * One alert scenario through both runtimes: the browser's path as the app wires it (the alert
 * feed on the realtime client's ticker pushes, the monitor, the store that records) and the
 * server's evaluator (server/alerts/evaluate-alerts.ts); both give the triggers the rules make
 * (#shared/alerts/alert-scenario.test-support.ts). The same in a real browser against the real
 * server: e2e/alerts-two-runtimes.spec.ts; the server's side in plain Node: its own test.
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertMonitor } from '#shared/alerts/alert-monitor.ts';
import { EXPECTED_STATUSES, EXPECTED_TRIGGERS, SCENARIO_ALERTS, SCENARIO_PUSHES, type ScenarioTrigger } from '#shared/alerts/alert-scenario.test-support.ts';
import { evaluateAlerts } from '../../../server/alerts/evaluate-alerts.ts';
import { fakeClient } from '../../realtime/fake-socket.test-support';
import { TestServices, testServices } from '../../queries/query-test-support';
import { AlertFeeds } from './alert-feed';
import { useAlertsStore, type Triggered } from './alerts-store';

const initial = useAlertsStore.getState();
beforeEach(() => {
  vi.useFakeTimers({ now: SCENARIO_PUSHES[0]?.timestamp });
  useAlertsStore.setState({ ...initial, alerts: SCENARIO_ALERTS, log: [] }, true);
  // No polled snapshot: every price of the scenario comes as a push.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => undefined)),
  );
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The scenario through the page's alert feed, monitor and store. */
async function browserTriggers(): Promise<{ triggers: ScenarioTrigger[]; statuses: Record<string, string> }> {
  const fake = fakeClient();
  const triggered: Triggered[] = [];
  render(
    <TestServices services={testServices({ realtime: fake.client })}>
      <AlertFeeds monitor={new AlertMonitor()} onTriggered={(each) => triggered.push(...each)} />
    </TestServices>,
  );
  await act(() => vi.advanceTimersByTimeAsync(50));
  act(() => {
    fake.latest().open();
    fake.latest().ackAll();
  });
  await act(() => vi.advanceTimersByTimeAsync(50));
  for (const data of SCENARIO_PUSHES) {
    act(() => {
      fake.latest().receive({ cmd: 'ticker', data });
    });
    // A symbol whose alerts have all fired unsubscribes: let the feed settle between pushes.
    await act(() => vi.advanceTimersByTimeAsync(10));
  }
  fake.client.dispose();
  return {
    triggers: triggered.map(({ alert, entry }) => ({
      alertId: entry.alertId,
      time: entry.time,
      price: entry.price,
      crossing: alert.triggers[0]?.crossing ?? 'up',
    })),
    statuses: Object.fromEntries(useAlertsStore.getState().alerts.map((alert) => [alert.id, alert.status])),
  };
}

function serverTriggers(): { triggers: ScenarioTrigger[]; statuses: Record<string, string> } {
  const { triggers, alerts } = evaluateAlerts(SCENARIO_ALERTS, SCENARIO_PUSHES);
  return {
    triggers: triggers.map(({ alertId, time, price, crossing }) => ({ alertId, time, price, crossing })),
    statuses: Object.fromEntries(alerts.map((alert) => [alert.id, alert.status])),
  };
}

describe('one alert scenario, two runtimes', () => {
  it('the browser’s feed and the server’s evaluator give the same triggers, the ones the rules make', async () => {
    const browser = await browserTriggers();
    const server = serverTriggers();
    expect(browser.triggers).toEqual(server.triggers);
    expect(browser.triggers).toEqual(EXPECTED_TRIGGERS);
    expect(browser.statuses).toEqual(server.statuses);
    expect(browser.statuses).toEqual(EXPECTED_STATUSES);
  });
});
