// @vitest-environment happy-dom
import { focusManager } from '@tanstack/react-query';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClient, tickerPush } from '../../realtime/fake-socket.test-support';
import { useLiveTicker } from '../../realtime/hooks';
import { fakeMarketFeed } from '../../queries/market-feed/fake-market-feed.test-support';
import { TestServices, testServices } from '../../queries/query-test-support';
import type { Alert } from '#shared/alerts/alert-model.ts';
import { AlertFeeds, fedInstruments } from './alert-feed';
import { AlertMonitor } from '#shared/alerts/alert-monitor.ts';
import { condition, rsiLine } from '#shared/alerts/indicator-condition.test-support.ts';
import { useAlertsStore, type Triggered } from './alerts-store';

const BOUNDARY = 1_795_618_800_000; // a multiple of 3 s
const alert: Alert = {
  id: 'a',
  symbol: 'AAPL.US',
  condition: { kind: 'cross', level: 200 },
  direction: 'up',
  repeat: 'once',
  cooldownMs: 0,
  sound: false,
  createdAt: 0,
  status: 'armed',
  triggers: [],
};

/** The ticker endpoint: `price()` now, stamped with the (fake) clock. */
function tickerFetch(price: () => string, prevClose?: string) {
  return vi.fn((input: string) => {
    const url = new URL(input, 'http://chartroom.test');
    const symbols = (url.searchParams.get('symbols') ?? '').split(',');
    const data = symbols.map((symbol) => ({ symbol, last_price: price(), timestamp: Date.now(), ...(prevClose !== undefined && { prev_close: prevClose }) }));
    return Promise.resolve(new Response(JSON.stringify({ code: 0, message: 'success', data }), { status: 200 }));
  });
}

const initial = useAlertsStore.getState();
beforeEach(() => {
  vi.useFakeTimers({ now: BOUNDARY + 400 });
  useAlertsStore.setState({ ...initial, alerts: [alert], log: [] }, true);
});
afterEach(() => {
  cleanup();
  focusManager.setFocused(undefined);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('fedInstruments', () => {
  it('feeds each instrument of an armed price alert once (the server evaluates indicator alerts)', () => {
    const alerts: Alert[] = [
      alert,
      { ...alert, id: 'b' },
      { ...alert, id: 'c', symbol: '00700.HK' },
      { ...alert, id: 'd', symbol: 'MSFT.US', status: 'triggered' },
      { ...alert, id: 'e', symbol: 'NVDA.US', condition: condition({ line: rsiLine(14), operator: 'crosses-above' }, 70) },
    ];
    expect(fedInstruments(alerts).map((each) => each.key)).toEqual(['|700.HK', '|AAPL.US']);
  });
});

describe('AlertFeeds', () => {
  it('evaluates every push: a crossing fires once, the snapshot only sets the side', async () => {
    vi.stubGlobal(
      'fetch',
      tickerFetch(() => '199'),
    );
    const fake = fakeClient();
    const services = testServices({ realtime: fake.client });
    const fired: Triggered[] = [];
    render(
      <TestServices services={services}>
        <AlertFeeds monitor={new AlertMonitor()} onTriggered={(each) => fired.push(...each)} />
      </TestServices>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    act(() => {
      fake.latest().open();
      fake.latest().ackAll();
    });
    await act(() => vi.advanceTimersByTimeAsync(50));
    // Two pushes in one frame: each is evaluated (199.5 sets nothing new, 201 crosses).
    act(() => {
      fake.latest().receive(tickerPush('AAPL.US', '199.5', Date.now()));
      fake.latest().receive(tickerPush('AAPL.US', '201', Date.now() + 1));
      fake.latest().receive(tickerPush('AAPL.US', '199', Date.now() + 2));
      fake.latest().receive(tickerPush('AAPL.US', '202', Date.now() + 3));
    });
    expect(fired.map((each) => each.entry.price)).toEqual([201]);
    expect(useAlertsStore.getState().alerts[0]?.status).toBe('triggered');
    fake.client.dispose();
  });

  it('measures a day move from the snapshot’s previous close while the pushes, which carry none, bring the prices', async () => {
    useAlertsStore.setState({ alerts: [{ ...alert, condition: { kind: 'dayMove', percent: 3 } }] });
    vi.stubGlobal(
      'fetch',
      tickerFetch(() => '203', '200'),
    );
    const fake = fakeClient();
    const services = testServices({ realtime: fake.client });
    const fired: Triggered[] = [];
    render(
      <TestServices services={services}>
        <AlertFeeds monitor={new AlertMonitor()} onTriggered={(each) => fired.push(...each)} />
      </TestServices>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    act(() => {
      fake.latest().open();
      fake.latest().ackAll();
    });
    await act(() => vi.advanceTimersByTimeAsync(50));
    // +3 % from 200 is 206.
    act(() => {
      fake.latest().receive(tickerPush('AAPL.US', '204', Date.now()));
      fake.latest().receive(tickerPush('AAPL.US', '205.9', Date.now() + 1));
      fake.latest().receive(tickerPush('AAPL.US', '206.2', Date.now() + 2));
    });
    expect(fired.map((each) => each.entry.price)).toEqual([206.2]);
    fake.client.dispose();
  });

  it("reads prices only through the services' market feed: its pushes fire, the realtime client is not asked", async () => {
    const pageFetch = vi.fn(() => Promise.reject(new Error('the page must not be asked')));
    vi.stubGlobal('fetch', pageFetch);
    const fake = fakeMarketFeed({ kind: 'replay', id: 'session-1' }, { price: '199', at: Date.now() });
    const services = { ...testServices(), feed: fake.feed };
    const subscribed = vi.spyOn(services.realtime, 'subscribe');
    const fired: Triggered[] = [];
    render(
      <TestServices services={services}>
        <AlertFeeds monitor={new AlertMonitor()} onTriggered={(each) => fired.push(...each)} />
      </TestServices>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    act(() => {
      fake.goLive();
    });
    await act(() => vi.advanceTimersByTimeAsync(50));
    act(() => {
      fake.push({ symbol: 'AAPL.US', last_price: '199.5', timestamp: Date.now() });
      fake.push({ symbol: 'AAPL.US', last_price: '201', timestamp: Date.now() + 1 });
    });
    expect(fired.map((each) => each.entry.price)).toEqual([201]);
    expect(subscribed).not.toHaveBeenCalled();
    expect(pageFetch).not.toHaveBeenCalled();
  });

  it('keeps polling the alert symbols while the tab is hidden, and fires from a poll', async () => {
    // Repeating: it stays armed after the trigger, so its symbol stays fed.
    useAlertsStore.setState({ alerts: [{ ...alert, repeat: 'every' }] });
    let price = '199';
    const fetchMock = tickerFetch(() => price);
    vi.stubGlobal('fetch', fetchMock);
    const fired: Triggered[] = [];
    render(
      <TestServices>
        <AlertFeeds monitor={new AlertMonitor()} onTriggered={(each) => fired.push(...each)} />
      </TestServices>,
    );
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => {
      focusManager.setFocused(false);
    });
    price = '201';
    await act(() => vi.advanceTimersByTimeAsync(6_500));
    // Polls at the next two 3-s boundaries, though hidden.
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(fired.map((each) => each.entry.price)).toEqual([201]);
  });

  it('after a reconnect the first push only sets the side', async () => {
    vi.stubGlobal(
      'fetch',
      tickerFetch(() => '199'),
    );
    const fake = fakeClient();
    const fired: Triggered[] = [];
    render(
      <TestServices services={testServices({ realtime: fake.client })}>
        <AlertFeeds monitor={new AlertMonitor()} onTriggered={(each) => fired.push(...each)} />
      </TestServices>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    act(() => {
      fake.latest().open();
      fake.latest().ackAll();
      fake.latest().receive(tickerPush('AAPL.US', '199', Date.now()));
    });
    const first = fake.latest();
    act(() => {
      first.serverClose(1012, 'restart');
    });
    // The page's poll answers 199 meanwhile; then the socket is back, with the price above.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fake.latest()).not.toBe(first);
    act(() => {
      fake.latest().open();
      fake.latest().ackAll();
    });
    await act(() => vi.advanceTimersByTimeAsync(10));
    act(() => {
      fake.latest().receive(tickerPush('AAPL.US', '201', Date.now()));
    });
    expect(fired).toEqual([]);
    act(() => {
      fake.latest().receive(tickerPush('AAPL.US', '199', Date.now() + 1));
      fake.latest().receive(tickerPush('AAPL.US', '201', Date.now() + 2));
    });
    expect(fired.map((each) => each.entry.price)).toEqual([201]);
    fake.client.dispose();
  });
});

describe('AlertFeeds and old prices', () => {
  it('does not take a live channel’s old snapshot as the price: the first push only sets the side', async () => {
    vi.stubGlobal(
      'fetch',
      tickerFetch(() => '150'),
    );
    const fake = fakeClient();
    const services = testServices({ realtime: fake.client });
    const fired: Triggered[] = [];
    render(
      <TestServices services={services}>
        <AlertFeeds monitor={new AlertMonitor()} onTriggered={(each) => fired.push(...each)} />
      </TestServices>,
    );
    act(() => {
      fake.latest().open();
      fake.latest().ackAll();
    });
    // The snapshot (150, fetched as the channel went live) is behind the market (210 now).
    await act(() => vi.advanceTimersByTimeAsync(100));
    act(() => {
      fake.latest().receive(tickerPush('AAPL.US', '210', Date.now() + 60_000));
    });
    expect(fired).toEqual([]);
    fake.client.dispose();
  });

  it('a symbol fed again starts without its old price', () => {
    vi.stubGlobal(
      'fetch',
      tickerFetch(() => '199'),
    );
    const fake = fakeClient();
    const monitor = new AlertMonitor();
    const fired: Triggered[] = [];
    render(
      <TestServices services={testServices({ realtime: fake.client })}>
        <AlertFeeds monitor={monitor} onTriggered={(each) => fired.push(...each)} />
      </TestServices>,
    );
    act(() => {
      fake.latest().open();
      fake.latest().ackAll();
      fake.latest().receive(tickerPush('AAPL.US', '199', Date.now()));
    });
    expect(monitor.lastPrice('AAPL.US', undefined)?.price).toBe(199);
    act(() => {
      useAlertsStore.setState({ alerts: [] });
    });
    expect(monitor.lastPrice('AAPL.US', undefined)).toBeUndefined();
    fake.client.dispose();
  });
});

/** A reader of the symbol's pushes, as the watchlist's row or the header is. */
function Reader({ symbol }: { symbol: string }) {
  useLiveTicker(symbol);
  return null;
}

describe('AlertFeeds joining a live symbol', () => {
  it('takes the latest push the page holds as the price now, so the first change after the alert counts', async () => {
    vi.stubGlobal(
      'fetch',
      tickerFetch(() => '150'),
    );
    const fake = fakeClient();
    const services = testServices({ realtime: fake.client });
    useAlertsStore.setState({ alerts: [] });
    const fired: Triggered[] = [];
    render(
      <TestServices services={services}>
        <Reader symbol="AAPL.US" />
        <AlertFeeds monitor={new AlertMonitor()} onTriggered={(each) => fired.push(...each)} />
      </TestServices>,
    );
    await act(() => vi.advanceTimersByTimeAsync(50));
    act(() => {
      fake.latest().open();
      fake.latest().ackAll();
      fake.latest().receive(tickerPush('AAPL.US', '199', Date.now()));
    });
    await act(() => vi.advanceTimersByTimeAsync(50));
    // The alert comes later; the price does not change until then (the socket sends changes only).
    act(() => {
      useAlertsStore.setState({ alerts: [alert] });
    });
    await act(() => vi.advanceTimersByTimeAsync(50));
    act(() => {
      fake.latest().receive(tickerPush('AAPL.US', '201', Date.now()));
    });
    expect(fired.map((each) => each.entry.price)).toEqual([201]);
    fake.client.dispose();
  });
});
