/**
 * The server's alerts over real sockets, no browser connected: the production app in upstream
 * mode (AUTH_MODE=none, the user `local`) on an embedded database, a fake upstream whose ticker
 * pushes the test writes, the tests' stand-in push service (it checks the VAPID signature and
 * decrypts the message with the device's key) and a webhook receiver on loopback.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert } from '#shared/alerts/alert-model.ts';
import type { FiredLine } from '#shared/alerts/alert-schema.ts';
import { PUSH_KEY_PATH, PUSH_SUBSCRIPTIONS_PATH } from '#shared/push-protocol.ts';
import { SERVER_ALERTS_STATUS_PATH } from '#shared/server-alerts-protocol.ts';
import { WORKSPACE_PATH } from '#shared/workspace-protocol.ts';
import { verifyWebhookSignature } from '../alerts/webhook/webhook-send.ts';
import { webhookSecret } from '../alerts/webhook/webhook-secret.ts';
import { request } from '../auth/auth-stack.test-support.ts';
import { eventually, startChartroom, startFakeUpstream, type FakeUpstream, type RunningChartroom } from '../realtime/test-support.ts';
import { startPushServiceStandIn, type PushServiceStandIn, type StandInSubscription } from '../test-support/push-service-stand-in.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver.ts';
import { workspaceDatabase, type WorkspaceDatabase } from '../workspace/workspace-database.ts';
import { armedAlert } from '#shared/alerts/alert.test-support.ts';

/** Asks `read` every 50 ms until it answers something, for 10 s at most. */
async function until<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const SAME_ORIGIN = { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' };

describe('server alerts with no browser open', () => {
  let upstream: FakeUpstream;
  let chartroom: RunningChartroom;
  let database: WorkspaceDatabase;
  let pushService: PushServiceStandIn;
  let receiver: WebhookReceiver;
  let device: StandInSubscription;
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-alerts-'));

  beforeAll(async () => {
    upstream = await startFakeUpstream();
    upstream.mode.echo = false;
    pushService = await startPushServiceStandIn();
    receiver = await startWebhookReceiver();
    database = workspaceDatabase({ kind: 'pglite', dataDir });
    const env = {
      MARKET_API_KEY: 'alerts-test-key',
      MARKET_API_BASE_URL: `http://127.0.0.1:${String(upstream.port)}`,
      MARKET_WS_URL: `ws://127.0.0.1:${String(upstream.port)}/v1/realtime`,
      WEBHOOK_ALLOW: '127.0.0.1',
      PUSH_ALLOW_INSECURE_LOOPBACK: '1',
    };
    chartroom = await startChartroom(env, { workspace: database, env });
  }, 60_000);
  afterAll(async () => {
    await chartroom.stop();
    await upstream.stop();
    await pushService.close();
    await receiver.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says the server evaluates, and takes this device’s push subscription', async () => {
    const status = await request(chartroom.port, SERVER_ALERTS_STATUS_PATH);
    expect(JSON.parse(status.body)).toEqual({ evaluating: true, push: true, webhooks: true });
    const key = JSON.parse((await request(chartroom.port, PUSH_KEY_PATH)).body) as { publicKey: string };
    device = pushService.subscribe({ applicationServerKey: key.publicKey });
    const added = await request(chartroom.port, PUSH_SUBSCRIPTIONS_PATH, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({ subscription: device.subscription, device: 'Test phone' }),
    });
    expect(added.status).toBe(201);
  });

  it('fires on the upstream push that crosses the level: a push decrypted on the device, a signed webhook, the log line', async () => {
    const alert: Alert = {
      ...armedAlert('aapl-230', 230),
      delivery: { push: true, webhook: { url: `http://127.0.0.1:${String(receiver.port)}/hook`, template: '{{symbol}} {{condition}} at {{price}}' } },
    };
    const stored = await request(chartroom.port, WORKSPACE_PATH, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({
        changes: [{ store: 'alerts', to: { id: `alert:${alert.id}`, kind: 'alert', rev: 1, updatedAt: 1, by: 'laptop', value: alert } }],
      }),
    });
    expect(stored.status).toBe(200);
    // The laptop closes: only the server's own subscription asks the upstream for AAPL.US.
    await eventually(
      () => upstream.received.some((text) => text.includes('"subscribe"') && text.includes('AAPL.US')),
      10_000,
      'the alert’s subscription upstream',
    );
    const socket = upstream.sockets.at(-1);
    if (!socket) throw new Error('no upstream socket');
    const push = (price: string, timestamp: number) => {
      socket.send(JSON.stringify({ cmd: 'ticker', data: { symbol: 'AAPL.US', type: 'stock', last_price: price, timestamp } }));
    };
    push('229.50', 1_000);
    push('230.40', 2_000);
    await eventually(() => device.decryptedMessages().length === 1 && receiver.requests.length === 1, 10_000, 'the deliveries');

    const message = JSON.parse(device.decryptedMessages()[0] ?? '{}') as Record<string, unknown>;
    expect(message).toMatchObject({
      v: 1,
      kind: 'alert',
      symbol: 'AAPL.US',
      title: 'AAPL.US crosses above 230',
      url: '/?symbol=AAPL.US&at=1970-01-01T00:00:02Z',
      time: 2_000,
    });
    const hook = receiver.requests[0];
    if (!hook) throw new Error('no webhook');
    const db = await database.db();
    const signature = hook.headers['x-chartroom-signature'];
    expect(typeof signature).toBe('string');
    expect(verifyWebhookSignature(String(signature), hook.body, await webhookSecret(db, 'local'), 300, Date.now())).toBe(true);
    expect(JSON.parse(hook.body)).toMatchObject({ symbol: 'AAPL.US', price: 230.4, message: 'AAPL.US crosses above 230 at 230.4' });

    // Every device of the user reads the trigger and how it was delivered.
    const line = await until(async () => {
      const { records } = JSON.parse((await request(chartroom.port, WORKSPACE_PATH)).body) as { records: { kind: string; value: unknown }[] };
      const found = records.find((record) => record.kind === 'alert-log')?.value as FiredLine | undefined;
      return found?.deliveries?.push?.state === 'delivered' && found.deliveries.webhook?.state === 'delivered' ? found : undefined;
    }, 'the log line’s deliveries');
    expect(line).toMatchObject({ alertId: 'aapl-230', price: 230.4, crossing: 'up', deliveries: { push: { state: 'delivered', devices: 1 } } });
    // Triggered once: a later crossing sends nothing more.
    push('229.00', 3_000);
    push('231.00', 4_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(device.decryptedMessages()).toHaveLength(1);
    // The operator sees it: the alerts' subscription, the trigger, both deliveries.
    const metrics = (await request(chartroom.port, '/metrics')).body;
    expect(metrics).toMatch(/^chartroom_alerts_triggers_recorded_total 1$/m);
    expect(metrics).toMatch(/^chartroom_alerts_deliveries_total\{channel="push",outcome="delivered"\} 1$/m);
    expect(metrics).toMatch(/^chartroom_alerts_deliveries_total\{channel="webhook",outcome="delivered"\} 1$/m);
    expect(metrics).toMatch(/^chartroom_alerts_pushes_evaluated_total [1-9]/m);
  });

  it('drops a device the push service no longer knows (410)', async () => {
    pushService.setAnswer(device.subscription.endpoint, 410);
    const alert: Alert = { ...armedAlert('msft', 500), symbol: 'MSFT.US', direction: 'either' };
    await request(chartroom.port, WORKSPACE_PATH, {
      method: 'POST',
      headers: SAME_ORIGIN,
      body: JSON.stringify({ changes: [{ store: 'alerts', to: { id: 'alert:msft', kind: 'alert', rev: 1, updatedAt: 1, by: 'laptop', value: alert } }] }),
    });
    await eventually(() => upstream.received.some((text) => text.includes('MSFT.US')), 10_000, 'the subscription');
    const socket = upstream.sockets.at(-1);
    socket?.send(JSON.stringify({ cmd: 'ticker', data: { symbol: 'MSFT.US', type: 'stock', last_price: '499', timestamp: 10_000 } }));
    socket?.send(JSON.stringify({ cmd: 'ticker', data: { symbol: 'MSFT.US', type: 'stock', last_price: '501', timestamp: 11_000 } }));
    await until(async () => {
      const { devices } = JSON.parse((await request(chartroom.port, PUSH_SUBSCRIPTIONS_PATH)).body) as { devices: unknown[] };
      return devices.length === 0 || undefined;
    }, 'the device removed');
    expect(pushService.received.at(-1)?.status).toBe(410);
  });
});
