/**
 * The server's alerts wired as production wires them (server-alerts.ts, trigger-store.ts,
 * delivery-outbox.ts on a real database), around a feed the test drives: it sees what the alerts
 * subscribe and pushes ticker frames to every instance, as the shared feed fans one upstream push out.
 */
import type { Alert } from '#shared/alerts/alert-model.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { RelayPeer } from '../realtime/browser-peer.ts';
import { localWorkspaceNotices } from '../workspace/workspace-notices.ts';
import { WorkspaceStore } from '../workspace/workspace-store.ts';
import { DeliveryOutbox, type Deliverers } from './delivery-outbox.ts';
import { ServerAlerts, type ServerAlertsOptions } from './server-alerts.ts';
import { TriggerStore, usersWithAlerts } from './trigger-store.ts';

/** A feed the test drives: every open connection, what it subscribed, and pushes to all of them. */
export class DrivenFeed {
  readonly peers = new Set<RelayPeer>();
  readonly subscribed = new Set<string>();
  /** How a subscribe is answered: acknowledged, refused (a plan without the channel), or not at all. */
  answer: 'ack' | 'refuse' | 'none' = 'none';

  open = (peer: RelayPeer) => {
    this.peers.add(peer);
    return {
      receive: (text: string) => {
        const { cmd, data } = JSON.parse(text) as { cmd: string; data: { symbols: string[]; type?: string } };
        for (const symbol of data.symbols) {
          const key = `${data.type ?? ''}|${symbol}`;
          if (cmd === 'subscribe') this.subscribed.add(key);
          else this.subscribed.delete(key);
        }
        if (cmd !== 'subscribe' || this.answer === 'none') return;
        const code = this.answer === 'ack' ? 0 : 1004;
        peer.send(JSON.stringify({ cmd, code, message: code === 0 ? 'success' : 'Permission denied', data: { channel: 'ticker', symbols: data.symbols } }));
      },
      closed: () => {
        this.peers.delete(peer);
      },
    };
  };

  ticker(symbol: string, price: number, timestamp: number, type = 'stock'): void {
    const text = JSON.stringify({ cmd: 'ticker', data: { symbol, type, last_price: String(price), timestamp } });
    for (const peer of this.peers) peer.send(text);
  }
}

export const armedAlert = (id: string, symbol: string, level: number, extra: Partial<Alert> = {}): Alert => ({
  id,
  symbol,
  condition: { kind: 'cross', level },
  direction: 'either',
  repeat: 'once',
  cooldownMs: 0,
  sound: false,
  createdAt: 0,
  status: 'armed',
  triggers: [],
  ...extra,
});

/** One instance: its evaluation, its outbox, the shared notices and database. */
export function serverAlertsInstance(
  db: Kysely<Database>,
  feed: DrivenFeed,
  deliverers: Deliverers,
  notices = localWorkspaceNotices(),
  name = 'server',
  /** Polling, the bars of indicator alerts (none unless given), the screener of screen alerts. */
  more: Partial<Pick<ServerAlertsOptions, 'pollTickers' | 'pollMs' | 'loadBars' | 'now' | 'expiryCheckMs' | 'screen' | 'screenEveryMs'>> = {},
): { alerts: ServerAlerts; outbox: DeliveryOutbox; workspace: WorkspaceStore } {
  const workspace = new WorkspaceStore(db);
  const triggers = new TriggerStore(db, workspace, name);
  const outbox = new DeliveryOutbox({ db, workspace, notices, deliverers, by: name, leaseMs: 500 });
  const alerts = new ServerAlerts({
    workspace: () => Promise.resolve(workspace),
    triggers: () => Promise.resolve(triggers),
    openFeed: feed.open,
    notices,
    usersWithAlerts: () => usersWithAlerts(db),
    onRecorded: () => void outbox.kick(),
    loadBars: () => Promise.resolve([]),
    ...more,
  });
  return { alerts, outbox, workspace };
}

/** Stores `alerts` as the user's records, as a browser's sync would, and tells the notices. */
export async function storeAlerts(
  workspace: WorkspaceStore,
  notices: { publish(user: string, rev: number): void },
  user: string,
  alerts: Alert[],
): Promise<void> {
  const { serverRev } = await workspace.write(
    user,
    alerts.map((alert) => ({ store: 'alerts', to: { id: `alert:${alert.id}`, kind: 'alert', rev: 1, updatedAt: 1, by: 'desk', value: alert } })),
  );
  notices.publish(user, serverRev);
}
