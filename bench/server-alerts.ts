/**
 * Server alerts (issue 34): 10,000 armed alerts of 100 users over 500 symbols on one instance, on
 * an embedded database (PGlite), fed ticker pushes in process. Two figures:
 * - the evaluation's cost per push (p99), beside the bare engine (#shared/alerts' AlertMonitor
 *   observing the same push for the same alerts, without the server's index by symbol and user):
 *   what the server adds to the engine;
 * - trigger to delivery (p99): from the crossing push to the push service's 201, through the
 *   database's record, the outbox and a real Web Push (VAPID-signed, encrypted) to the tests'
 *   stand-in push service on loopback.
 * `npx tsx bench/server-alerts.ts` runs this group alone.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { AlertMonitor } from '#shared/alerts/alert-monitor.ts';
import { productionDeliverers } from '../server/alerts/alert-deliverers.ts';
import { DeliveryOutbox, type Deliverers } from '../server/alerts/delivery-outbox.ts';
import { armedAlert, DrivenFeed } from '../server/alerts/server-alerts.test-support.ts';
import { ServerAlerts } from '../server/alerts/server-alerts.ts';
import { TriggerStore, usersWithAlerts } from '../server/alerts/trigger-store.ts';
import { parseWebhookAllow } from '../server/alerts/webhook/webhook-policy.ts';
import { openDatabase } from '../server/db/database.ts';
import { startPushServiceStandIn } from '../server/test-support/push-service-stand-in.ts';
import { vapidKeys } from '../server/alerts/push/vapid-keys.ts';
import { PushSubscriptionStore } from '../server/alerts/push/push-subscriptions.ts';
import { localWorkspaceNotices } from '../server/workspace/workspace-notices.ts';
import { WorkspaceStore } from '../server/workspace/workspace-store.ts';
import { percentile, summarize, type Figure } from './figure.ts';

const USERS = 100;
const SYMBOLS = 500;
const ALERTS_PER_USER = 100;
/** Rounds of one push per symbol that cross nothing (the evaluation's cost). */
const QUIET_ROUNDS = 20;
/** Alerts made to fire, one per symbol of the first ones (trigger to delivery). */
const FIRING = 100;
const GROUP = 'server alerts (10,000 armed, 500 symbols)';

const symbolOf = (index: number): string => `S${String(index).padStart(3, '0')}.US`;

/** User u's alerts: levels far above the quiet prices, on 100 of the 500 symbols. */
function alertsOf(user: number): Alert[] {
  return Array.from({ length: ALERTS_PER_USER }, (_, i) => {
    const symbol = (user * 7 + i * 5) % SYMBOLS;
    return armedAlert(`u${String(user)}-a${String(i)}`, symbolOf(symbol), 200 + i, { direction: 'up' });
  });
}

export async function serverAlertsFigures(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'chartroom-bench-alerts-'));
  const database = await openDatabase({ kind: 'pglite', dataDir });
  const pushService = await startPushServiceStandIn();
  try {
    const { db } = database;
    const workspace = new WorkspaceStore(db);
    const vapid = await vapidKeys(db, {});
    const devices = new PushSubscriptionStore(db, { allowInsecureLoopback: true });
    const allAlerts: Alert[] = [];
    for (let user = 0; user < USERS; user += 1) {
      const alerts = alertsOf(user);
      allAlerts.push(...alerts);
      await workspace.write(
        `user-${String(user)}`,
        alerts.map((alert) => ({ store: 'alerts', to: { id: `alert:${alert.id}`, kind: 'alert', rev: 1, updatedAt: 1, by: 'bench', value: alert } })),
      );
      await devices.add(`user-${String(user)}`, pushService.subscribe({ applicationServerKey: vapid.publicKey }).subscription, 'bench');
    }

    const feed = new DrivenFeed();
    const notices = localWorkspaceNotices();
    const pushedAt = new Map<string, number>();
    const deliveryMs: number[] = [];
    const production = productionDeliverers({ db, env: {}, webhookPolicy: parseWebhookAllow(''), allowInsecureLoopback: true });
    const deliverers: Deliverers = {
      ...production,
      push: async (device, trigger) => {
        const attempt = await production.push(device, trigger);
        const at = pushedAt.get(trigger.symbol);
        if (attempt.outcome === 'delivered' && at !== undefined) deliveryMs.push(performance.now() - at);
        return attempt;
      },
    };
    const outbox = new DeliveryOutbox({ db, workspace, notices, deliverers });
    const evaluationMs: number[] = [];
    const alerts = new ServerAlerts({
      workspace: () => Promise.resolve(workspace),
      triggers: () => Promise.resolve(new TriggerStore(db, workspace)),
      openFeed: feed.open,
      notices,
      usersWithAlerts: () => usersWithAlerts(db),
      // Price alerts only: no indicator alert reads bars.
      loadBars: () => Promise.resolve([]),
      onRecorded: () => void outbox.kick(),
      onEvaluated: (ms) => evaluationMs.push(ms),
    });
    await alerts.start();
    const armed = alerts.stats().armed;

    // The evaluation's cost: pushes that cross nothing, each symbol in turn.
    let time = 1_000;
    // A first round unmeasured (both sides): the code's first runs are not its steady cost.
    for (let round = 0; round <= QUIET_ROUNDS; round += 1) {
      if (round === 1) evaluationMs.length = 0;
      for (let symbol = 0; symbol < SYMBOLS; symbol += 1) feed.ticker(symbolOf(symbol), 100 + (round % 7), (time += 1));
    }
    // The bare engine on the same pushes and alerts (one monitor, each symbol's alerts handed over).
    const bySymbol = new Map<string, Alert[]>();
    for (const alert of allAlerts) bySymbol.set(alert.symbol, [...(bySymbol.get(alert.symbol) ?? []), alert]);
    const monitor = new AlertMonitor();
    const bareMs: number[] = [];
    for (let round = 0; round <= QUIET_ROUNDS; round += 1)
      for (let symbol = 0; symbol < SYMBOLS; symbol += 1) {
        const started = performance.now();
        monitor.observe(symbolOf(symbol), undefined, 100 + (round % 7), (time += 1), bySymbol.get(symbolOf(symbol)) ?? []);
        if (round > 0) bareMs.push(performance.now() - started);
      }

    // Trigger to delivery: FIRING symbols cross their lowest level (200) one after another.
    const firingSymbols = Array.from({ length: FIRING }, (_, i) => symbolOf(i));
    const expected = allAlerts.filter(
      (alert) => firingSymbols.includes(alert.symbol) && alert.condition.kind === 'cross' && alert.condition.level <= 200.5,
    ).length;
    for (const symbol of firingSymbols) {
      pushedAt.set(symbol, performance.now());
      feed.ticker(symbol, 200.5, (time += 1));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const deadline = performance.now() + 60_000;
    while (deliveryMs.length < expected && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    alerts.stop();
    outbox.stop();

    const quietMs = evaluationMs.slice(0, QUIET_ROUNDS * SYMBOLS);
    const evaluationP99 = percentile(quietMs, 99);
    const bareP99 = percentile(bareMs, 99);
    const deliveryP99 = percentile(deliveryMs, 99);
    return [
      {
        group: GROUP,
        name: `evaluation per push, p99 (${String(armed)} armed)`,
        value: evaluationP99 * 1000,
        unit: 'µs',
        decimals: 1,
        target: '≤ 1 ms',
        pass: evaluationP99 <= 1,
        samples: { app: summarize(quietMs), bare: summarize(bareMs) },
        details: [
          `median ${(summarize(quietMs).median * 1000).toFixed(1)} µs over ${String(quietMs.length)} pushes; bare engine (one AlertMonitor, the symbol's alerts of every user) p99 ${(bareP99 * 1000).toFixed(1)} µs, median ${(summarize(bareMs).median * 1000).toFixed(1)} µs; ratio of p99s ${(evaluationP99 / Math.max(bareP99, 1e-6)).toFixed(2)}×`,
        ],
      },
      {
        group: GROUP,
        name: `trigger to push delivered, p99 (${String(deliveryMs.length)} of ${String(expected)})`,
        value: deliveryP99,
        unit: 'ms',
        decimals: 0,
        target: '≤ 1000 ms, all delivered',
        pass: deliveryP99 <= 1_000 && deliveryMs.length === expected,
        samples: { app: summarize(deliveryMs) },
      },
    ];
  } finally {
    await pushService.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  for (const figure of await serverAlertsFigures())
    console.log(figure.name, figure.value.toFixed(figure.decimals ?? 2), figure.unit, figure.details?.join(' ') ?? '');
}
