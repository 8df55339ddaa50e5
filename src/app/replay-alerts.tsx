/**
 * Alerts during a replay (the app shell composes the alerts and the replay): the user's armed price
 * alerts evaluated on the replayed prices, by a monitor of the replay's own, rendered by the side
 * column on the replay's services. What fires is shown by the replay's controls only: it is never
 * recorded in the alerts (their store, the server's records), never notified, never sounded. The
 * page's alerts runtime keeps evaluating live prices on the page's own services meanwhile
 * (src/app/side-column.tsx), and the server its own.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { ProductType } from '#shared/contract.ts';
import { AlertMonitor } from '#shared/alerts/alert-monitor.ts';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { useMarketFeed } from '../queries/app-services-context';
import { tickerQueryOptions } from '../queries/use-ticker';
import { fedInstruments } from '../features/alerts/alert-feed';
import { useAlertsStore } from '../features/alerts/alerts-store';
import { triggerText } from '../features/alerts/alert-text';
import { reportReplayFirings, type ReplayFiring } from '../features/replay/replay-firings';

/**
 * A replay's evaluation of its prices: the monitor's, over the alerts as they are, less the
 * one-time alerts that already fired in this replay. Pure of the store: it records nothing.
 */
export function createReplayAlerts() {
  const monitor = new AlertMonitor();
  const fired = new Set<string>();
  return {
    observe(symbol: string, type: ProductType | undefined, price: number, time: number, alerts: readonly Alert[]): ReplayFiring[] {
      const open = alerts.filter((alert) => !(alert.repeat === 'once' && fired.has(alert.id)));
      const { fired: now } = monitor.observe(symbol, type, price, time, open);
      const firings: ReplayFiring[] = [];
      for (const each of now) {
        const alert = open.find((candidate) => candidate.id === each.alertId);
        if (!alert) continue;
        fired.add(alert.id);
        firings.push({ alertId: alert.id, time: each.time, text: triggerText(alert, each) });
      }
      return firings;
    },
  };
}

type ReplayAlerts = ReturnType<typeof createReplayAlerts>;

function SymbolWatch({ symbol, type, alerts }: { symbol: string; type: ProductType | undefined; alerts: ReplayAlerts }) {
  const { data } = useQuery(tickerQueryOptions(useMarketFeed(), symbol, type));
  useEffect(() => {
    if (!data) return;
    const firings = alerts.observe(symbol, type, Number(data.last_price), data.timestamp, useAlertsStore.getState().alerts);
    reportReplayFirings(firings);
  }, [data, alerts, symbol, type]);
  return null;
}

/** Watches the replay's prices of the armed alerts' instruments (rendered on the replay's services). */
export function ReplayAlertWatch() {
  const [alerts] = useState(createReplayAlerts);
  const instruments = fedInstruments(useAlertsStore((state) => state.alerts));
  return (
    <>
      {instruments.map((each) => (
        <SymbolWatch key={each.key} symbol={each.symbol} type={each.type} alerts={alerts} />
      ))}
    </>
  );
}
