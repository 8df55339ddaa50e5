/**
 * One alert scenario, two runtimes: the app in Chromium (its alert feed on its realtime socket,
 * the shared monitor, the store that records) and the server's evaluator in Node
 * (server/alerts/evaluate-alerts.ts) give the same triggers, the ones the rules make
 * (shared/alerts/alert-scenario.test-support.ts). The page runs against the real server and
 * simulator, but its realtime socket is scripted (Playwright's WebSocket route: every subscription
 * acknowledged, the scenario's ticker pushes sent) and the ticker's HTTP polls of the scenario's
 * symbols are refused, so the scenario's prices are the only ones the alerts see.
 */
import type { Page, WebSocketRoute } from '@playwright/test';
import type { Alert } from '../shared/alerts/alert-model.ts';
import { EXPECTED_STATUSES, EXPECTED_TRIGGERS, SCENARIO_ALERTS, SCENARIO_PUSHES, type ScenarioTrigger } from '../shared/alerts/alert-scenario.test-support.ts';
import { evaluateAlerts } from '../server/alerts/evaluate-alerts.ts';
import { expect, test } from './fixtures.ts';
import { DEFAULT_SIM_NOW, resetSimulator, setClock } from './sim-control.ts';

const SCENARIO_SYMBOLS = new Set(SCENARIO_PUSHES.map((push) => push.symbol));
/** The instruments the alert feed subscribes, as (type|symbol): one per alert's symbol and type. */
const FED = new Set(SCENARIO_ALERTS.map((alert) => `${alert.type ?? ''}|${alert.symbol}`));

test.beforeEach(async ({ request }) => {
  await resetSimulator(request);
});
test.afterAll(async ({ request }) => {
  await resetSimulator(request);
});

interface SubscribeFrame {
  cmd?: string;
  data?: { channel: string; type?: string; symbols: string[] };
}

/** A realtime server of the journey's own: acknowledges every subscription and ping; `send` pushes. */
async function scriptedSocket(page: Page): Promise<{ subscribed: Set<string>; send: (frame: unknown) => void }> {
  const subscribed = new Set<string>();
  let socket: WebSocketRoute | undefined;
  await page.routeWebSocket(/\/v1\/realtime/, (route) => {
    socket = route;
    route.onMessage((message) => {
      const frame = JSON.parse(String(message)) as SubscribeFrame;
      if (frame.cmd === 'ping') route.send(JSON.stringify({ cmd: 'pong', code: 0, message: 'pong', data: { timestamp: Date.now() } }));
      if (frame.cmd !== 'subscribe' || !frame.data) return;
      const { channel, type, symbols } = frame.data;
      route.send(JSON.stringify({ cmd: 'subscribe', code: 0, message: 'success', data: { channel, symbols } }));
      if (channel === 'ticker') for (const symbol of symbols) subscribed.add(`${type ?? ''}|${symbol}`);
    });
  });
  return {
    subscribed,
    send: (frame) => {
      if (!socket) throw new Error('the page opened no realtime socket');
      socket.send(JSON.stringify(frame));
    },
  };
}

/** The page's recorded triggers, oldest first, from what its store saved. */
async function savedTriggers(page: Page): Promise<{ triggers: ScenarioTrigger[]; statuses: Record<string, string> }> {
  const saved = await page.evaluate(() => localStorage.getItem('chartroom.alerts'));
  const { state } = JSON.parse(saved ?? '{}') as { state: { alerts: Alert[]; log: { alertId: string; time: number; price: number }[] } };
  const byId = new Map(state.alerts.map((alert) => [alert.id, alert]));
  return {
    triggers: [...state.log].reverse().map(({ alertId, time, price }) => {
      const trigger = byId.get(alertId)?.triggers.find((each) => each.time === time);
      return { alertId, time, price, crossing: trigger?.crossing ?? 'up' };
    }),
    statuses: Object.fromEntries(state.alerts.map((alert) => [alert.id, alert.status])),
  };
}

test('one alert scenario gives the same triggers in the browser and on the server, the ones the rules make', async ({ page, request }) => {
  // The data's clock a minute before the scenario: the page's own expiry clock leaves the
  // expiring alert to the scenario's prices.
  await setClock(request, new Date(Date.parse(DEFAULT_SIM_NOW) - 60_000).toISOString(), true);
  await page.addInitScript(
    (saved) => {
      if (localStorage.getItem('chartroom.alerts') === null) localStorage.setItem('chartroom.alerts', saved);
    },
    JSON.stringify({ state: { alerts: SCENARIO_ALERTS, log: [] }, version: 1 }),
  );
  await page.route(
    (url) => url.pathname === '/v1/market/ticker' && (url.searchParams.get('symbols') ?? '').split(',').some((symbol) => SCENARIO_SYMBOLS.has(symbol)),
    (route) => route.abort(),
  );
  const socket = await scriptedSocket(page);

  await page.goto('/?symbol=MSFT.US&interval=1d');
  // The alerts' code loads after the first candle; its feed then subscribes each alert's instrument.
  await expect.poll(() => [...FED].every((key) => socket.subscribed.has(key)), { timeout: 20_000 }).toBe(true);
  for (const data of SCENARIO_PUSHES) socket.send({ cmd: 'ticker', data });
  await expect.poll(async () => (await savedTriggers(page)).triggers.length).toBe(EXPECTED_TRIGGERS.length);

  const browser = await savedTriggers(page);
  const server = evaluateAlerts(SCENARIO_ALERTS, SCENARIO_PUSHES);
  expect(browser.triggers).toEqual(server.triggers.map(({ alertId, time, price, crossing }) => ({ alertId, time, price, crossing })));
  expect(browser.triggers).toEqual(EXPECTED_TRIGGERS);
  expect(browser.statuses).toEqual(Object.fromEntries(server.alerts.map((alert) => [alert.id, alert.status])));
  expect(browser.statuses).toEqual(EXPECTED_STATUSES);
});
