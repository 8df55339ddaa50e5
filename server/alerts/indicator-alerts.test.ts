/**
 * Indicator alerts evaluated by the server as production wires them (server-alerts.ts on a real
 * database, the trigger store, the outbox), on recorded bars: the K-line endpoint is a recorded
 * market (indicator-alerts.test-support.ts), and each bar after the alert was set reaches the
 * server as the ticks that drew it. What the server records is held to the oracle of the
 * evaluator's own test (indicator-condition-oracle.test-support.ts), computed from the bars.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { alertSchema, logSchema } from '#shared/alerts/alert-schema.ts';
import type { IndicatorCondition } from '#shared/alerts/indicator-condition.ts';
import { either, oracleMa, oracleRsi, signChanges, upOnly, type Expected, type Series } from '#shared/alerts/indicator-condition-oracle.test-support.ts';
import { condition, DAY_MS, HOUR_MS, maLine, randomWalk, rsiLine } from '#shared/alerts/indicator-condition.test-support.ts';
import { pgliteBackend } from '../test-support/database-backends.ts';
import { useDatabase } from '../test-support/use-database.ts';
import { localWorkspaceNotices, type WorkspaceNotices } from '../workspace/workspace-notices.ts';
import { WorkspaceStore } from '../workspace/workspace-store.ts';
import type { Deliverers } from './delivery-outbox.ts';
import { RecordedMarket, type RecordedSeries } from './indicator-alerts.test-support.ts';
import { armedAlert, DrivenFeed, serverAlertsInstance, storeAlerts } from './server-alerts.test-support.ts';

const HOURLY = randomWalk(720, HOUR_MS, 20_260_105);
const DAILY = randomWalk(600, DAY_MS, 7);
const hourly = (symbol: string): RecordedSeries => ({ symbol, type: 'crypto', interval: '1h', lengthMs: HOUR_MS, bars: HOURLY });
const BTC = hourly('BTCUSDT');
const ETH = hourly('ETHUSDT');
const ADA = hourly('ADAUSDT');
const EUR: RecordedSeries = { symbol: 'EURUSD', type: 'forex', interval: '1d', lengthMs: DAY_MS, bars: DAILY };

const RSI_ABOVE_70 = condition({ line: rsiLine(14), operator: 'crosses-above' }, 70);
const MA_20_CROSSES_50 = condition({ interval: '1d', line: maLine(20), operator: 'crosses', against: { kind: 'line', line: maLine(50) } });

/** Bars complete when the alerts start: every history starts at the series' first bar, as the oracle's does. */
const HOURLY_HISTORY = 150;
const DAILY_HISTORY = 100;

const indicatorAlert = (id: string, series: RecordedSeries, subject: IndicatorCondition): Alert =>
  armedAlert(id, series.symbol, 0, { type: series.type, condition: subject, repeat: 'every' });

/** A trigger as recorded: the bar's start, its close, which way. */
interface Recorded {
  time: number;
  price: number;
  crossing: string;
}

/** The oracle's events from bar `from` on, as triggers (the bar's close is the price), with their bar. */
function oracleTriggers(series: RecordedSeries, line: Series, against: (bar: number) => number | undefined, from: number, keep: typeof upOnly) {
  const byTime = new Map(series.bars.map((bar, index) => [bar.time, { bar, index }]));
  return signChanges(series.bars, line, against, from, keep).map(({ time, crossing }: Expected) => {
    const at = byTime.get(time);
    if (!at) throw new Error(`no bar at ${String(time)}`);
    return { index: at.index, trigger: { time, price: at.bar.close, crossing } };
  });
}

const closes = (series: RecordedSeries): number[] => series.bars.map((bar) => bar.close);

const NOWHERE: Deliverers = {
  push: () => Promise.resolve({ outcome: 'delivered' }),
  webhook: () => Promise.resolve({ outcome: 'delivered' }),
  retryDelayMs: () => undefined,
};

async function deleteAlert(workspace: WorkspaceStore, notices: WorkspaceNotices, user: string, id: string): Promise<void> {
  const { records } = await workspace.readStore(user, 'alerts');
  const held = records.find((record) => record.id === `alert:${id}`);
  if (!held) throw new Error(`no alert ${id}`);
  const { serverRev: _serverRev, store: _store, ...from } = held;
  const { serverRev } = await workspace.write(user, [
    { store: 'alerts', from, to: { id: from.id, kind: from.kind, rev: from.rev + 1, updatedAt: 2, by: 'desk', deleted: true } },
  ]);
  notices.publish(user, serverRev);
}

// One database for the file: each test's user is its own, and an instance reads every user's alerts
// (those of another test's market fail to read their bars, and are left waiting).
describe('indicator alerts on the server', () => {
  const database = useDatabase(pgliteBackend());

  async function recorded(user: string, alertId: string): Promise<Recorded[]> {
    const rows = await database.db
      .selectFrom('alert_triggers')
      .select(['time', 'price', 'crossing'])
      .where('user_id', '=', user)
      .where('alert_id', '=', alertId)
      .orderBy('time')
      .execute();
    return rows.map((row) => ({ time: Number(row.time), price: row.price, crossing: row.crossing }));
  }

  /** The records the server wrote read back by the browsers' schemas as they are, key for key: no browser sees a change of its own to send back. */
  async function readBackUnchanged(user: string): Promise<void> {
    const { records } = await new WorkspaceStore(database.db).readStore(user, 'alerts');
    const written = records.filter((record) => record.by === 'server');
    expect(written.length).toBeGreaterThan(2);
    for (const { kind, value } of written) expect(JSON.stringify((kind === 'alert' ? alertSchema : logSchema).parse(value))).toBe(JSON.stringify(value));
  }

  it('records what RSI(14) on 1h crosses above 70 and MA(20) crosses MA(50) on 1d fire, each when the next bar’s first push closes the bar', async () => {
    const feed = new DrivenFeed();
    const notices = localWorkspaceNotices();
    const market = new RecordedMarket([BTC, EUR]);
    const { alerts, workspace } = serverAlertsInstance(database.db, feed, NOWHERE, notices, 'server', { loadBars: market.loadBars });
    await storeAlerts(workspace, notices, 'ivy', [indicatorAlert('rsi', BTC, RSI_ABOVE_70), indicatorAlert('ma', EUR, MA_20_CROSSES_50)]);
    market.at(BTC.symbol, market.after(BTC, HOURLY_HISTORY));
    market.at(EUR.symbol, market.after(EUR, DAILY_HISTORY));
    await alerts.start();
    await alerts.settled();
    expect([...feed.subscribed].sort()).toEqual(['crypto|BTCUSDT', 'forex|EURUSD']);
    // Each history was read once, as long as its condition wants (the warm-up × 8, at least 200).
    expect(market.asked.map(({ symbol, count }) => [symbol, count]).sort()).toEqual([
      ['BTCUSDT', 200],
      ['EURUSD', 400],
    ]);

    const ma50 = oracleMa(closes(EUR), 50);
    const cases = [
      { series: BTC, history: HOURLY_HISTORY, id: 'rsi', expected: oracleTriggers(BTC, oracleRsi(closes(BTC), 14), () => 70, HOURLY_HISTORY, upOnly) },
      { series: EUR, history: DAILY_HISTORY, id: 'ma', expected: oracleTriggers(EUR, oracleMa(closes(EUR), 20), (bar) => ma50[bar], DAILY_HISTORY, either) },
    ];
    for (const { series, history, id, expected } of cases) {
      expect(expected.length, `${id}: the bars cross often enough`).toBeGreaterThanOrEqual(5);
      const before = alerts.stats().recorded;
      const asked = market.asked.length;
      for (let index = history; index < series.bars.length; index += 1) {
        market.feedBar(feed, series, index);
        await alerts.settled();
        // Bar index − 1 closed on this bar's first push, and its trigger is recorded: not later.
        expect(alerts.stats().recorded - before, `${id} after bar ${String(index)}`).toBe(expected.filter((event) => event.index < index).length);
      }
      const last = series.bars.at(-1);
      if (!last) throw new Error('no bars');
      market.tick(feed, series, last.close, last.time + series.lengthMs + 1_000);
      await alerts.settled();
      expect(await recorded('ivy', id)).toEqual(expected.map((event) => event.trigger));
      await readBackUnchanged('ivy');
      // One request per bar closed, whatever the pushes in it.
      expect(market.asked.length - asked).toBe(series.bars.length - history);
    }
    alerts.stop();
  }, 60_000);

  it('evaluates a price alert and an indicator alert of the same user on one symbol, each by its own rule', async () => {
    const feed = new DrivenFeed();
    const notices = localWorkspaceNotices();
    const market = new RecordedMarket([ETH]);
    const { alerts, workspace } = serverAlertsInstance(database.db, feed, NOWHERE, notices, 'server', { loadBars: market.loadBars });
    const fed = { from: HOURLY_HISTORY, to: HOURLY_HISTORY + 200 };
    const ticks = Array.from({ length: fed.to - fed.from }, (_, offset) => RecordedMarket.ticksOf(ETH, fed.from + offset)).flat();
    // A level (half a cent off any price) the ticks cross: the price alert's first crossing, as crossing.ts finds it.
    const level = Math.round((ticks[0]?.[1] ?? 0) * 1.03 * 100) / 100 + 0.005;
    const crossingAt = ticks.findIndex(([, price], index) => index > 0 && price > level !== (ticks[index - 1]?.[1] ?? 0) > level);
    const crossing = ticks[crossingAt];
    if (!crossing) throw new Error('the ticks never cross the level');
    await storeAlerts(workspace, notices, 'pat', [
      indicatorAlert('pat-rsi', ETH, RSI_ABOVE_70),
      armedAlert('pat-level', ETH.symbol, level, { type: 'crypto' }),
    ]);
    market.at(ETH.symbol, market.after(ETH, HOURLY_HISTORY));
    await alerts.start();
    await alerts.settled();
    expect(feed.subscribed.has('crypto|ETHUSDT')).toBe(true);
    for (let index = fed.from; index < fed.to; index += 1) {
      market.feedBar(feed, ETH, index);
      await alerts.settled();
    }
    // The next bar's first push closes the last bar fed.
    market.feedBar(feed, ETH, fed.to);
    await alerts.settled();

    const expected = oracleTriggers(ETH, oracleRsi(closes(ETH), 14), () => 70, HOURLY_HISTORY, upOnly).filter((event) => event.index < fed.to);
    expect(expected.length).toBeGreaterThan(0);
    expect(await recorded('pat', 'pat-rsi')).toEqual(expected.map((event) => event.trigger));
    expect(await recorded('pat', 'pat-level')).toEqual([{ time: crossing[0], price: crossing[1], crossing: crossing[1] > level ? 'up' : 'down' }]);
    alerts.stop();
  }, 60_000);

  it('stops evaluating an indicator alert once it is deleted: no more triggers, no more bars asked, the symbol unsubscribed', async () => {
    const feed = new DrivenFeed();
    const notices = localWorkspaceNotices();
    const market = new RecordedMarket([ADA]);
    const { alerts, workspace } = serverAlertsInstance(database.db, feed, NOWHERE, notices, 'server', { loadBars: market.loadBars });
    await storeAlerts(workspace, notices, 'dee', [indicatorAlert('dee-rsi', ADA, RSI_ABOVE_70)]);
    market.at(ADA.symbol, market.after(ADA, HOURLY_HISTORY));
    await alerts.start();
    await alerts.settled();
    const expected = oracleTriggers(ADA, oracleRsi(closes(ADA), 14), () => 70, HOURLY_HISTORY, upOnly);
    const [first, second] = expected;
    if (!first || !second) throw new Error('the bars cross too rarely');
    // Up to the first trigger's bar and the push that closes it.
    let index = HOURLY_HISTORY;
    for (; index <= first.index + 1; index += 1) {
      market.feedBar(feed, ADA, index);
      await alerts.settled();
    }
    expect(await recorded('dee', 'dee-rsi')).toEqual([first.trigger]);

    await deleteAlert(workspace, notices, 'dee', 'dee-rsi');
    await vi.waitFor(() => {
      expect(feed.subscribed.has('crypto|ADAUSDT')).toBe(false);
    });
    const askedForAda = () => market.asked.filter((request) => request.symbol === ADA.symbol).length;
    const asked = askedForAda();
    // The feed would still carry the symbol for someone else's alert: its pushes change nothing.
    for (; index <= second.index + 1; index += 1) {
      market.feedBar(feed, ADA, index);
      await alerts.settled();
    }
    expect(await recorded('dee', 'dee-rsi')).toEqual([first.trigger]);
    expect(askedForAda()).toBe(asked);
    alerts.stop();
  }, 60_000);
});
