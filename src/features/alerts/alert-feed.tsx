/**
 * Feeds the alert engine every price the page receives for the symbols of armed alerts, through
 * the market feed's one ticker path: its ticker pushes (each one, not once a frame) and, while
 * the channel is not live, the shared ticker query's polls (the same query and batched request as
 * the watchlist's). While any alert is armed its symbols stay fed with the tab hidden: the socket
 * stays open, and the polled query is read with refetchIntervalInBackground (the one exception to
 * "polling stops when hidden"). Renders nothing.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { ProductType } from '#shared/contract.ts';
import { useMarketFeed } from '../../queries/app-services-context';
import { useLiveOrPollQuery } from '../../queries/live-or-poll';
import { TICKER_POLL_MS, tickerQueryOptions } from '../../queries/use-ticker';
import { useLiveTickerFeed } from '../../realtime/hooks';
import { isExtendedPush } from '../../realtime/types';
import { instrumentKey, serverOnly, type Alert } from '#shared/alerts/alert-model.ts';
import type { AlertMonitor } from '#shared/alerts/alert-monitor.ts';
import { dayReferenceOf, type ReferenceFields } from '#shared/alerts/day-reference.ts';
import { useAlertsStore, type Triggered } from './alerts-store';
import { wallClock } from '../../time/clock';

interface FeedProps {
  monitor: AlertMonitor;
  /** A stable function (the runtime's): it is a dependency of every feed's subscription. */
  onTriggered: (triggered: Triggered[]) => void;
}

interface Instrument {
  key: string;
  symbol: string;
  type: ProductType | undefined;
}

/**
 * The distinct instruments of the armed price alerts, in a stable order. Indicator and screen
 * alerts are not fed: the browser does not evaluate them (the server does, on its K-lines and its
 * screener).
 */
export function fedInstruments(alerts: readonly Alert[]): Instrument[] {
  const seen = new Map<string, Instrument>();
  for (const alert of alerts) {
    if (alert.status !== 'armed' || serverOnly(alert.condition)) continue;
    const key = instrumentKey(alert.symbol, alert.type);
    if (!seen.has(key)) seen.set(key, { key, symbol: alert.symbol, type: alert.type });
  }
  return [...seen.values()].sort((a, b) => a.key.localeCompare(b.key));
}

function wantsDayReference(alerts: readonly Alert[], symbol: string, type: ProductType | undefined): boolean {
  const key = instrumentKey(symbol, type);
  return alerts.some((alert) => alert.status === 'armed' && alert.condition.kind === 'dayMove' && instrumentKey(alert.symbol, alert.type) === key);
}

export function AlertFeeds({ monitor, onTriggered }: FeedProps) {
  const alerts = useAlertsStore((state) => state.alerts);
  const keys = fedInstruments(alerts)
    .map((each) => each.key)
    .join('\n');
  // Re-derived only when the set of fed instruments changes, not on every trigger.
  const instruments = useMemo(() => fedInstruments(useAlertsStore.getState().alerts), [keys]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <>
      {instruments.map((each) => (
        <SymbolFeed key={each.key} symbol={each.symbol} type={each.type} monitor={monitor} onTriggered={onTriggered} />
      ))}
    </>
  );
}

function SymbolFeed({ symbol, type, monitor, onTriggered }: FeedProps & { symbol: string; type: ProductType | undefined }) {
  const market = useMarketFeed();
  // The ticker query every reader of this symbol shares (one batched request), read with the one
  // exception to "polling stops when hidden": this reader's refetchIntervalInBackground. The
  // option is per reader, so the watchlist's rows of the same query still pause when hidden.
  const options = useMemo(() => ({ ...tickerQueryOptions(market, symbol, type), refetchIntervalInBackground: true }), [market, symbol, type]);
  const { query: snapshot, state } = useLiveOrPollQuery('ticker', symbol, type, options, 'snapshot');

  const { refetch } = snapshot;
  const askedReference = useRef(0);
  const evaluate = useMemo(
    () => (ticker: ReferenceFields) => {
      const store = useAlertsStore.getState();
      const observation = monitor.observe(symbol, type, Number(ticker.last_price), ticker.timestamp, store.alerts, dayReferenceOf(ticker, symbol, type));
      const recorded = store.apply(observation);
      if (recorded.length > 0) onTriggered(recorded);
      // A day move waits for the day's reference (a new day began, or none came yet): the HTTP
      // ticker has it, asked at most once a minute.
      if (
        !monitor.dayReference(symbol, type, ticker.timestamp) &&
        wantsDayReference(store.alerts, symbol, type) &&
        wallClock.now() - askedReference.current > 60_000
      ) {
        askedReference.current = wallClock.now();
        void refetch();
      }
    },
    [monitor, symbol, type, onTriggered, refetch],
  );

  // Polls. While the channel is live the query holds the snapshot fetched when it went live (maybe
  // hours ago): the pushes carry the price then. A cached answer older than two polls (the query's
  // value as this feed mounts) is history too: taken as the side, it could fire on the next price.
  const live = state === 'live';
  const { data, dataUpdatedAt } = snapshot;
  useEffect(() => {
    if (!data) return;
    // The snapshot's previous close is the day's reference even while the pushes carry the price.
    const reference = dayReferenceOf(data, symbol, type);
    if (reference) monitor.learnDayReference(symbol, type, reference);
    if (live || wallClock.now() - dataUpdatedAt > 2 * TICKER_POLL_MS) return;
    evaluate(data);
  }, [data, dataUpdatedAt, live, evaluate, monitor, symbol, type]);

  // While live, the price now is the latest push the page holds (the socket sends every change, and
  // a slot read by the watchlist or the header keeps the latest): it sets the side at once, so the
  // first change after the alert is set already counts. A push already seen is ignored.
  const feed = useLiveTickerFeed();
  useEffect(() => {
    if (!live) return;
    const latest = feed.read(symbol, type);
    if (latest) evaluate(latest);
  }, [live, feed, symbol, type, evaluate]);

  // A symbol no longer fed forgets its price: an alert set on it later must not take its side
  // from a price seen long before.
  useEffect(
    () => () => {
      monitor.reset(symbol, type, useAlertsStore.getState().alerts);
    },
    [monitor, symbol, type],
  );

  // Every push, straight from the feed's channel (the watchlist's cells get them once a frame).
  useEffect(
    () =>
      market.channels.subscribe('ticker', symbol, type, (push) => {
        // Regular-session prices only, as the polled ticker's last price is: an alert fires alike
        // over the socket and over HTTP.
        if (isExtendedPush(push)) return;
        evaluate(push);
      }),
    [market, symbol, type, evaluate],
  );

  // A reconnect: what the price did while the socket was down is unknown, the next price only sets the side.
  const previous = useRef(state);
  useEffect(() => {
    if (previous.current === 'down' && state === 'live') monitor.reset(symbol, type, useAlertsStore.getState().alerts);
    previous.current = state;
  }, [state, monitor, symbol, type]);
  useEffect(() => {
    const online = () => {
      monitor.reset(symbol, type, useAlertsStore.getState().alerts);
    };
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
    };
  }, [monitor, symbol, type]);

  return null;
}
