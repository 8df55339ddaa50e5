import { describe, expect, it, vi } from 'vitest';
import type { FiredLine } from '#shared/alerts/alert-schema.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { pgliteBackend } from '../test-support/database-backends.ts';
import { useDatabase } from '../test-support/use-database.ts';
import { localWorkspaceNotices } from '../workspace/workspace-notices.ts';
import type { Attempt, Deliverers, RecordedTrigger } from './delivery-outbox.ts';
import { armedAlert, DrivenFeed, serverAlertsInstance, storeAlerts } from './server-alerts.test-support.ts';

/** Deliverers that note every call (and answer as the test says). */
function notingDeliverers(answer: () => Attempt = () => ({ outcome: 'delivered' })) {
  const calls: { channel: string; target: string; trigger: RecordedTrigger }[] = [];
  const deliverers: Deliverers = {
    push: (device, trigger) => {
      calls.push({ channel: 'push', target: device.endpoint, trigger });
      return Promise.resolve(answer());
    },
    webhook: (webhook, trigger) => {
      calls.push({ channel: 'webhook', target: webhook.url, trigger });
      return Promise.resolve(answer());
    },
    retryDelayMs: (_channel, attempts) => (attempts < 3 ? 10 : undefined),
  };
  return { calls, deliverers };
}

async function addDevice(database: { db: Kysely<Database> }, user: string, endpoint: string): Promise<void> {
  await database.db.insertInto('push_subscriptions').values({ user_id: user, endpoint, p256dh: 'k', auth: 'a', device: 'test', created_at: 1 }).execute();
}

describe('server alerts', () => {
  const database = useDatabase(pgliteBackend());

  it('subscribes the armed alerts’ symbols, fires on the crossing push with no browser, records and delivers it once', async () => {
    const feed = new DrivenFeed();
    const notices = localWorkspaceNotices();
    const { calls, deliverers } = notingDeliverers();
    const { alerts, outbox, workspace } = serverAlertsInstance(database.db, feed, deliverers, notices);
    await addDevice(database, 'ann', 'https://push.example/ann-phone');
    await storeAlerts(workspace, notices, 'ann', [
      armedAlert('a1', 'AAPL.US', 230, { direction: 'up', delivery: { push: true, webhook: { url: 'https://hooks.example/a', template: '' } } }),
    ]);
    await alerts.start();
    expect([...feed.subscribed]).toEqual(['|AAPL.US']);
    const heard: number[] = [];
    notices.subscribe('ann', (rev) => heard.push(rev));

    feed.ticker('AAPL.US', 229, 1_000);
    feed.ticker('AAPL.US', 231, 2_000);
    feed.ticker('AAPL.US', 229, 3_000);
    feed.ticker('AAPL.US', 232, 4_000);
    await alerts.settled();
    await vi.waitFor(() => {
      expect(calls).toHaveLength(2);
    });
    expect(calls.map((call) => [call.channel, call.target, call.trigger.time, call.trigger.price])).toEqual(
      expect.arrayContaining([
        ['push', 'https://push.example/ann-phone', 2_000, 231],
        ['webhook', 'https://hooks.example/a', 2_000, 231],
      ]),
    );
    // The alert is triggered and logged as the user's records, which the browsers were told of.
    const { records } = await workspace.readStore('ann', 'alerts');
    const alert = records.find((record) => record.id === 'alert:a1')?.value as { status: string; triggers: unknown[] };
    expect(alert.status).toBe('triggered');
    expect(alert.triggers).toEqual([{ time: 2_000, price: 231, crossing: 'up' }]);
    await vi.waitFor(async () => {
      const line = (await workspace.readStore('ann', 'alerts')).records.find((record) => record.kind === 'alert-log')?.value as FiredLine;
      expect(line).toMatchObject({
        alertId: 'a1',
        price: 231,
        crossing: 'up',
        deliveries: { push: { state: 'delivered', devices: 1 }, webhook: { state: 'delivered' } },
      });
    });
    expect(heard.length).toBeGreaterThan(0);
    // Triggered once: the feed no longer needs the symbol.
    expect(feed.subscribed.size).toBe(0);
    alerts.stop();
    outbox.stop();
  });

  it('follows a change made on a device: a new alert is subscribed and evaluated, a deleted one forgotten', async () => {
    const feed = new DrivenFeed();
    const notices = localWorkspaceNotices();
    const { calls, deliverers } = notingDeliverers();
    const { alerts, workspace } = serverAlertsInstance(database.db, feed, deliverers, notices);
    await alerts.start();
    await addDevice(database, 'bob', 'https://push.example/bob');
    await storeAlerts(workspace, notices, 'bob', [armedAlert('b1', '700.HK', 400, { type: 'stock' })]);
    await vi.waitFor(() => {
      expect(feed.subscribed.has('stock|700.HK')).toBe(true);
    });
    // The symbol spelled the other way by the feed is the same instrument.
    feed.ticker('00700.HK', 390, 10);
    feed.ticker('00700.HK', 401, 20);
    await vi.waitFor(() => {
      expect(calls.map((call) => call.trigger.alertId)).toEqual(['b1']);
    });
    alerts.stop();
  });

  it('a repeating alert fires again only after its cooldown, as in the browser', async () => {
    const feed = new DrivenFeed();
    const notices = localWorkspaceNotices();
    const { calls, deliverers } = notingDeliverers();
    const { alerts, workspace } = serverAlertsInstance(database.db, feed, deliverers, notices);
    await addDevice(database, 'cy', 'https://push.example/cy');
    await storeAlerts(workspace, notices, 'cy', [armedAlert('c1', 'EURUSD', 1.1, { type: 'forex', repeat: 'every', cooldownMs: 60_000 })]);
    await alerts.start();
    const prices = [1.09, 1.11, 1.09, 1.11, 1.09];
    prices.forEach((price, index) => {
      feed.ticker('EURUSD', price, 1_000 + index * 10_000, 'forex');
    });
    feed.ticker('EURUSD', 1.12, 200_000, 'forex');
    await alerts.settled();
    await vi.waitFor(() => {
      expect(calls.filter((call) => call.trigger.alertId === 'c1').map((call) => call.trigger.time)).toEqual([11_000, 200_000]);
    });
    alerts.stop();
  });

  it('tries a failed webhook again until it is delivered, and says on the log line when the last attempt failed', async () => {
    const feed = new DrivenFeed();
    const notices = localWorkspaceNotices();
    // The first receiver answers 500 twice, then takes it; the second never does.
    const answers = new Map<string, Attempt[]>([
      [
        'https://hooks.example/flaky',
        [
          { outcome: 'retry', detail: 'the receiver answered 500' },
          { outcome: 'retry', detail: 'the receiver answered 500' },
        ],
      ],
    ]);
    const { calls, deliverers } = notingDeliverers();
    const webhook: Deliverers['webhook'] = (hook, trigger) => {
      calls.push({ channel: 'webhook', target: hook.url, trigger });
      const next = answers.get(hook.url)?.shift();
      if (next) return Promise.resolve(next);
      return Promise.resolve(hook.url.endsWith('/down') ? { outcome: 'retry', detail: 'the receiver answered 503' } : { outcome: 'delivered' });
    };
    const { alerts, outbox, workspace } = serverAlertsInstance(database.db, feed, { ...deliverers, webhook }, notices);
    outbox.start(20);
    const hook = (url: string) => ({ delivery: { push: false, webhook: { url, template: '' } } });
    await storeAlerts(workspace, notices, 'flo', [armedAlert('f1', 'GOLD', 2_000, { type: 'forex', ...hook('https://hooks.example/flaky') })]);
    await storeAlerts(workspace, notices, 'dan', [armedAlert('g1', 'GOLD', 2_000, { type: 'forex', ...hook('https://hooks.example/down') })]);
    await alerts.start();
    feed.ticker('GOLD', 1_999, 1_000, 'forex');
    feed.ticker('GOLD', 2_001, 2_000, 'forex');
    const lineOf = async (user: string) =>
      (await workspace.readStore(user, 'alerts')).records.find((record) => record.kind === 'alert-log')?.value as FiredLine | undefined;
    await vi.waitFor(
      async () => {
        expect((await lineOf('flo'))?.deliveries).toEqual({ webhook: { state: 'delivered' } });
      },
      { timeout: 5_000 },
    );
    expect(calls.filter((call) => call.target.endsWith('/flaky'))).toHaveLength(3);
    // Three attempts (the test's schedule gives up after the third): a visible failure, with why.
    await vi.waitFor(
      async () => {
        expect((await lineOf('dan'))?.deliveries).toEqual({ webhook: { state: 'failed', detail: 'the receiver answered 503' } });
      },
      {
        timeout: 5_000,
      },
    );
    expect(calls.filter((call) => call.target.endsWith('/down'))).toHaveLength(3);
    alerts.stop();
    outbox.stop();
  });

  it('polls the tickers the feed refuses (a plan without the socket), and only those', async () => {
    const feed = new DrivenFeed();
    feed.answer = 'refuse';
    const notices = localWorkspaceNotices();
    const { calls, deliverers } = notingDeliverers();
    const polled: string[][] = [];
    const prices = [49, 51];
    const { alerts, workspace } = serverAlertsInstance(database.db, feed, deliverers, notices, 'server', {
      pollMs: 50,
      pollTickers: (instruments) => {
        polled.push(instruments.map(({ symbol }) => symbol));
        const price = prices.shift();
        return Promise.resolve(
          price === undefined
            ? []
            : instruments.map(({ symbol }) => ({ symbol, type: 'crypto', last_price: String(price), timestamp: 60_000 - prices.length })),
        );
      },
    });
    await addDevice(database, 'dee', 'https://push.example/dee');
    await storeAlerts(workspace, notices, 'dee', [armedAlert('d1', 'SOLUSDT', 50, { type: 'crypto' })]);
    await alerts.start();
    await vi.waitFor(() => {
      expect(calls.map((call) => [call.trigger.alertId, call.trigger.price])).toEqual([['d1', 51]]);
    });
    expect(polled[0]).toContain('SOLUSDT');
    alerts.stop();

    // Acknowledged by the feed: nothing polled.
    const carried = new DrivenFeed();
    carried.answer = 'ack';
    const asked: unknown[] = [];
    const second = serverAlertsInstance(database.db, carried, deliverers, notices, 'server', {
      pollMs: 50,
      pollTickers: (instruments) => {
        asked.push(instruments);
        return Promise.resolve([]);
      },
    });
    await storeAlerts(workspace, notices, 'eve', [armedAlert('e1', 'ETHUSDT', 5_000, { type: 'crypto' })]);
    await second.alerts.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(asked).toEqual([]);
    second.alerts.stop();
  });

  it('fires a day move from the previous close the HTTP ticker tells, though the pushes carry none, and asks again on a new day', async () => {
    const feed = new DrivenFeed();
    feed.answer = 'ack';
    const notices = localWorkspaceNotices();
    const { calls, deliverers } = notingDeliverers();
    // 700.HK on Monday 2026-11-30 and Tuesday (10:00 HKT is 02:00 UTC).
    const monday = Date.UTC(2026, 10, 30, 2, 0);
    const tuesday = monday + 86_400_000;
    const closes = new Map([
      [monday, '380'],
      [tuesday, '392'],
    ]);
    let day = monday;
    const polled: number[] = [];
    const { alerts, outbox, workspace } = serverAlertsInstance(database.db, feed, deliverers, notices, 'server', {
      pollMs: 30,
      pollTickers: (instruments) => {
        polled.push(day);
        return Promise.resolve(instruments.map(({ symbol }) => ({ symbol, type: 'stock', last_price: '385', prev_close: closes.get(day), timestamp: day })));
      },
    });
    await addDevice(database, 'fay', 'https://push.example/fay');
    await storeAlerts(workspace, notices, 'fay', [
      armedAlert('f1', '700.HK', 1, { type: 'stock', condition: { kind: 'dayMove', percent: 3 }, direction: 'up', repeat: 'every' }),
    ]);
    await alerts.start();
    await vi.waitFor(() => {
      expect(polled).toEqual([monday]);
    });
    // +3 % from 380 is 391.4.
    feed.ticker('700.HK', 390, monday + 1_000);
    feed.ticker('700.HK', 391.6, monday + 2_000);
    await vi.waitFor(() => {
      expect(calls.map((call) => call.trigger.price)).toEqual([391.6]);
    });
    // Tuesday: Monday's close (392) is the reference; the first push waits for it, and 404 (+3.06 %) fires.
    day = tuesday;
    feed.ticker('700.HK', 400, tuesday);
    await vi.waitFor(() => {
      expect(polled).toEqual([monday, tuesday]);
    });
    feed.ticker('700.HK', 404, tuesday + 1_000);
    await vi.waitFor(() => {
      expect(calls.map((call) => call.trigger.price)).toEqual([391.6, 404]);
    });
    // Each reference asked is one poll in /metrics' count.
    expect(alerts.stats().tickerPolls).toBe(2);
    alerts.stop();
    outbox.stop();
  });

  it('records an armed alert past its expiry as expired with no price needed, and stops watching its symbol', async () => {
    const feed = new DrivenFeed();
    const notices = localWorkspaceNotices();
    const { deliverers } = notingDeliverers();
    let now = 1_000;
    const { alerts, workspace } = serverAlertsInstance(database.db, feed, deliverers, notices, 'server', { now: () => now, expiryCheckMs: 20 });
    await storeAlerts(workspace, notices, 'gus', [
      armedAlert('g1', 'MSFT.US', 500, { expiresAt: 5_000 }),
      armedAlert('g2', 'MSFT.US', 600, { expiresAt: 50_000 }),
      armedAlert('g3', 'TSLA.US', 300, { expiresAt: 5_000 }),
    ]);
    await alerts.start();
    // (The database holds the earlier tests' users too: only this user's symbols are looked at.)
    const mine = () => [...feed.subscribed].filter((key) => key.endsWith('MSFT.US') || key.endsWith('TSLA.US')).sort();
    expect(mine()).toEqual(['|MSFT.US', '|TSLA.US']);
    const heard: number[] = [];
    notices.subscribe('gus', (rev) => heard.push(rev));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(heard).toEqual([]);

    now = 5_000;
    const status = async () => {
      const { records } = await workspace.readStore('gus', 'alerts');
      return Object.fromEntries(records.map((record) => [record.id, (record.value as { status: string }).status]));
    };
    await vi.waitFor(async () => {
      expect(await status()).toEqual({ 'alert:g1': 'expired', 'alert:g2': 'armed', 'alert:g3': 'expired' });
    });
    await vi.waitFor(() => {
      expect(mine()).toEqual(['|MSFT.US']);
    });
    expect(heard.length).toBeGreaterThan(0);
    alerts.stop();
  });

  describe('on three instances sharing one database', () => {
    it('delivers every trigger once, though all three evaluate and one dies mid-delivery', async () => {
      const feed = new DrivenFeed();
      const notices = localWorkspaceNotices();
      const delivered = new Map<string, number>();
      const live = (): Deliverers => ({
        push: (_device, trigger) => {
          delivered.set(trigger.triggerId, (delivered.get(trigger.triggerId) ?? 0) + 1);
          return Promise.resolve({ outcome: 'delivered' });
        },
        webhook: () => Promise.resolve({ outcome: 'failed', detail: 'none here' }),
        retryDelayMs: () => 10,
      });
      // The first instance claims rows and never answers: it died between the claim and the send.
      const claimedByTheDead: string[] = [];
      const dying: Deliverers = {
        push: (_device, trigger) => {
          claimedByTheDead.push(trigger.triggerId);
          return new Promise<Attempt>(() => undefined);
        },
        webhook: () => new Promise<Attempt>(() => undefined),
        retryDelayMs: () => 10,
      };
      const instances: [ReturnType<typeof serverAlertsInstance>, ...ReturnType<typeof serverAlertsInstance>[]] = [
        serverAlertsInstance(database.db, feed, dying, notices, 'i1'),
        serverAlertsInstance(database.db, feed, live(), notices, 'i2'),
        serverAlertsInstance(database.db, feed, live(), notices, 'i3'),
      ];
      const symbols = ['AAPL.US', 'MSFT.US', 'NVDA.US', 'TSLA.US'];
      const dying1 = instances[0];
      for (const user of ['u1', 'u2', 'u3']) {
        await addDevice(database, user, `https://push.example/${user}`);
        await storeAlerts(
          dying1.workspace,
          notices,
          user,
          symbols.map((symbol, index) => armedAlert(`${user}-${String(index)}`, symbol, 100 + index, { repeat: 'every', cooldownMs: 0 })),
        );
      }
      for (const { alerts } of instances) await alerts.start();
      for (const { outbox } of instances.slice(1)) outbox.start(50);
      // Each symbol swings across its level ten times: 10 crossings × 4 symbols × 3 users.
      let time = 1_000;
      for (let swing = 0; swing < 11; swing += 1)
        for (const [index, symbol] of symbols.entries()) {
          time += 1_000;
          feed.ticker(symbol, 100 + index + (swing % 2 === 0 ? -0.5 : 0.5), time);
          // The dying instance stops evaluating halfway through.
          if (swing === 5 && index === 0) dying1.alerts.stop();
        }
      await Promise.all(instances.map(({ alerts }) => alerts.settled()));
      await vi.waitFor(
        () => {
          expect([...delivered.keys()]).toHaveLength(120);
        },
        { timeout: 10_000 },
      );
      expect([...delivered.values()].every((count) => count === 1)).toBe(true);
      const recorded = await database.db.selectFrom('alert_triggers').select('trigger_id').where('user_id', 'in', ['u1', 'u2', 'u3']).execute();
      expect(recorded).toHaveLength(120);
      // The dead instance did claim some, and those were delivered by the others after its lease.
      expect(claimedByTheDead.length).toBeGreaterThan(0);
      for (const id of claimedByTheDead) expect(delivered.get(id)).toBe(1);
      for (const { alerts, outbox } of instances) {
        alerts.stop();
        outbox.stop();
      }
    });
  });
});
