/**
 * The server's alerts in the app: the evaluation (server-alerts.ts) and the delivery outbox
 * (delivery-outbox.ts) on the workspace's database, the push routes, and
 * `GET /chartroom/alerts/status`. They start with the database: when anything first opens it
 * (a workspace request, a sign-in), or at boot when it already holds data (main.ts), so a server
 * nobody uses never starts PGlite.
 */
import type { Hono } from 'hono';
import { ERROR_CODES } from '#shared/contract.ts';
import { SERVER_ALERTS_STATUS_PATH, type ServerAlertsStatus } from '#shared/server-alerts-protocol.ts';
import type { AccessControl } from '../auth/access.ts';
import type { RelayPeer } from '../realtime/browser-peer.ts';
import type { DataSourceLink } from '../realtime/data-source.ts';
import { jsonResponse } from '../upstream/envelope.ts';
import { NO_STORE, refusal } from '../workspace/route-answers.ts';
import type { WorkspaceDatabase } from '../workspace/workspace-database.ts';
import type { WorkspaceNotices } from '../workspace/workspace-notices.ts';
import { productionDeliverers } from './alert-deliverers.ts';
import { DeliveryOutbox } from './delivery-outbox.ts';
import { klineBarLoader, type AskV1 } from './kline-bars.ts';
import { mountPushRoutes } from './push/push-routes.ts';
import { ServerAlerts, type ServerAlertsStats } from './server-alerts.ts';
import type { ScreenAnswer } from '#shared/screener/screener-protocol.ts';
import type { Screen } from '#shared/screener/screen-model.ts';
import { tickerPoller } from './ticker-poll.ts';
import { TriggerStore, usersWithAlerts } from './trigger-store.ts';
import { webhookPolicyFrom, webhooksEnabled } from './webhook/webhook-policy.ts';

export interface ServerAlertsRuntime {
  /** Opens the database (if not yet) and starts evaluating; once. */
  start(): void;
  stop(): void;
  stats(): ServerAlertsStats | undefined;
}

export interface ServerAlertsRuntimeOptions {
  database: Pick<WorkspaceDatabase, 'store' | 'db'>;
  access: Pick<AccessControl, 'userOf' | 'sameOrigin' | 'audit'>;
  openFeed: (peer: RelayPeer) => DataSourceLink;
  /**
   * The app's `/v1` asked as the server itself: indicator alerts read their K-lines there, and the
   * tickers the feed does not carry are polled there.
   */
  askV1: AskV1;
  notices: WorkspaceNotices;
  /** The screener's answer for a screen alert's screen (absent: screen alerts are not evaluated). */
  screen?: (screen: Screen) => Promise<ScreenAnswer>;
  /** The data's clock (alert expiries): the simulator's in simulator mode. */
  dataNow: () => number;
  /**
   * VAPID_*, WEBHOOK_ALLOW, PUSH_ALLOW_INSECURE_LOOPBACK (the tests' stand-in push service only),
   * SCREEN_ALERTS_EVERY_MS (between screen alerts' evaluations; default 30 s).
   */
  env: Record<string, string | undefined>;
  log?: (line: string) => void;
  /** Each push's evaluation cost, and each delivery's latency (the metrics). */
  onEvaluated?: (ms: number) => void;
  onDelivered?: (channel: string, outcome: string, ms: number) => void;
}

export function mountServerAlerts(app: Hono, options: ServerAlertsRuntimeOptions): ServerAlertsRuntime {
  const { database, access, env, log } = options;
  const webhookPolicy = webhookPolicyFrom(env);
  const allowInsecureLoopback = env.PUSH_ALLOW_INSECURE_LOOPBACK === '1';
  const screenEvery = Number(env.SCREEN_ALERTS_EVERY_MS);
  const screenEveryMs = Number.isInteger(screenEvery) && screenEvery >= 100 ? screenEvery : undefined;
  mountPushRoutes(app, { database, access, env, allowInsecureLoopback });
  let alerts: ServerAlerts | undefined;
  let outbox: DeliveryOutbox | undefined;
  let starting: Promise<void> | undefined;
  let stopped = false;

  const begin = async (): Promise<void> => {
    const [db, workspace] = await Promise.all([database.db(), database.store()]);
    if (stopped) return;
    const triggers = new TriggerStore(db, workspace);
    const deliveries = new DeliveryOutbox({
      db,
      workspace,
      notices: options.notices,
      deliverers: productionDeliverers({ db, env, webhookPolicy, allowInsecureLoopback }),
      ...(log && { log }),
      ...(options.onDelivered && { onAttempt: options.onDelivered }),
    });
    const evaluation = new ServerAlerts({
      workspace: () => Promise.resolve(workspace),
      triggers: () => Promise.resolve(triggers),
      openFeed: options.openFeed,
      notices: options.notices,
      usersWithAlerts: () => usersWithAlerts(db),
      loadBars: klineBarLoader(options.askV1),
      onRecorded: () => void deliveries.kick(),
      pollTickers: tickerPoller(options.askV1),
      ...(options.screen && { screen: options.screen }),
      ...(screenEveryMs !== undefined && { screenEveryMs }),
      now: options.dataNow,
      ...(options.onEvaluated && { onEvaluated: options.onEvaluated }),
      ...(log && { log }),
    });
    outbox = deliveries;
    alerts = evaluation;
    deliveries.start();
    await evaluation.start();
    // Triggers recorded before a restart and not yet delivered.
    void deliveries.kick();
  };

  app.get(SERVER_ALERTS_STATUS_PATH, (c) => {
    if (access.userOf(c) === undefined) return refusal(401, ERROR_CODES.INVALID_KEY, 'sign in to see your alerts');
    const status: ServerAlertsStatus = {
      evaluating: true,
      push: true,
      webhooks: webhooksEnabled(webhookPolicy),
    };
    return jsonResponse(200, status, NO_STORE);
  });

  return {
    start() {
      starting ??= begin().catch((error: unknown) => {
        starting = undefined;
        log?.(`chartroom: alerts: not started (${error instanceof Error ? error.message : 'unknown error'}); the next use of the database tries again`);
      });
    },
    stop() {
      stopped = true;
      alerts?.stop();
      outbox?.stop();
    },
    stats: () => alerts?.stats(),
  };
}
