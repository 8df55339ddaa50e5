// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient, RequestListener } from '../api/client';
import { TestServices, testServices } from '../queries/query-test-support';
import type { RealtimeStatus } from '../realtime/types';
import { fakeClient, tickerPush, type FakeSocket } from '../realtime/fake-socket.test-support';

const requests = vi.hoisted(() => ({ listeners: new Set<RequestListener>() }));
const realtime = vi.hoisted(() => ({ status: { connection: 'open', channels: {} } as unknown as RealtimeStatus, notify: new Set<() => void>() }));

// The socket's status is scripted here (the countdowns); the pushes come through a fake socket.
vi.mock('../realtime/hooks', async (importOriginal) => {
  const { useSyncExternalStore } = await import('react');
  const watch = (notify: () => void) => {
    realtime.notify.add(notify);
    return () => realtime.notify.delete(notify);
  };
  return { ...(await importOriginal<typeof import('../realtime/hooks')>()), useRealtimeStatus: () => useSyncExternalStore(watch, () => realtime.status) };
});

/** An API client whose settled requests the test announces (one per test: the bar's figures are per client). */
const makeApi = (): ApiClient => ({
  get: () => Promise.reject(new Error('no request in this test')),
  onSettled: (listener) => {
    requests.listeners.add(listener);
    return () => requests.listeners.delete(listener);
  },
  rateLimitedUntil: () => undefined,
  hasSettled: () => false,
});

const { StatusBar } = await import('./status-bar');

function settle(event: { ok: boolean; code?: number; retryAfterMs?: number }): void {
  act(() => {
    for (const listener of requests.listeners) {
      listener({ path: '/v1/market/ticker', status: event.ok ? 200 : 429, latencyMs: 12, at: Date.now(), source: 'simulator', ...event });
    }
  });
}

function setRealtime(status: RealtimeStatus): void {
  act(() => {
    realtime.status = status;
    for (const notify of realtime.notify) notify();
  });
}

let socket: () => FakeSocket;

function renderBar() {
  let commits = 0;
  const fake = fakeClient();
  socket = fake.latest;
  const services = { ...testServices({ realtime: fake.client }), api: makeApi() };
  render(
    <TestServices services={services}>
      <Profiler id="status" onRender={() => commits++}>
        <StatusBar />
      </Profiler>
    </TestServices>,
  );
  return { commits: () => commits, services };
}

/** One act per second: each tick is its own commit, as in the browser. */
const seconds = (count: number) => {
  for (let i = 0; i < count; i++) {
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
  }
};

beforeEach(() => {
  vi.useFakeTimers();
  realtime.status = { connection: 'open', channels: { ticker: { state: 'live' }, trade: { state: 'unused' }, depth: { state: 'unused' } } };
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('StatusBar', () => {
  it('renders nothing while no text of it changes', () => {
    const bar = renderBar();
    const before = bar.commits();
    seconds(10);
    expect(bar.commits()).toBe(before);
    expect(screen.getByTestId('status-updated').textContent).toBe('Updated: —');
  });

  it('ticks the age of the last update, and only while there is one', () => {
    const bar = renderBar();
    settle({ ok: true });
    expect(screen.getByTestId('status-updated').textContent).toContain('(just now)');
    seconds(5);
    expect(screen.getByTestId('status-updated').textContent).toContain('(5 s ago)');
    const realtimeItem = screen.getByTestId('status-realtime');
    expect(realtimeItem.textContent).toBe('Live: streaming');
    // The age's own commits only: five more seconds are five commits.
    const before = bar.commits();
    seconds(5);
    expect(bar.commits() - before).toBe(5);
    expect(screen.getByTestId('status-realtime')).toBe(realtimeItem);
  });

  it('counts a rate-limit wait down from its arrival, then stops', () => {
    vi.setSystemTime(0);
    const bar = renderBar();
    seconds(600);
    settle({ ok: false, code: 3001, retryAfterMs: 3_000 });
    expect(screen.getByTestId('status-rate-limit').textContent).toBe('Rate limited — waiting 3 s');
    seconds(1);
    expect(screen.getByTestId('status-rate-limit').textContent).toBe('Rate limited — waiting 2 s');
    seconds(2);
    expect(screen.getByTestId('status-rate-limit').textContent).toBe('Rate limit: OK');
    settle({ ok: true });
    const before = bar.commits();
    seconds(3);
    // Only the age of the last update still ticks.
    expect(bar.commits() - before).toBe(3);
  });

  it('counts pushes as updates: the age stays small while only pushes arrive', () => {
    vi.setSystemTime(Date.UTC(2026, 10, 25, 15));
    const bar = renderBar();
    settle({ ok: true });
    const release = bar.services.realtime.subscribe('ticker', 'AAPL.US', undefined);
    act(() => {
      socket().open();
      socket().ackAll();
    });
    for (let second = 0; second < 40; second++) {
      seconds(1);
      act(() => {
        socket().receive(tickerPush('AAPL.US', String(200 + second), Date.now()));
      });
    }
    seconds(1);
    expect(screen.getByTestId('status-updated').textContent).toContain('(just now)');
    release();
  });

  it('starts ticking at the first push, with no HTTP answer yet', () => {
    const bar = renderBar();
    const release = bar.services.realtime.subscribe('ticker', 'AAPL.US', undefined);
    act(() => {
      socket().open();
      socket().ackAll();
    });
    seconds(3);
    expect(screen.getByTestId('status-updated').textContent).toBe('Updated: —');
    act(() => {
      socket().receive(tickerPush('AAPL.US', '201'));
    });
    expect(screen.getByTestId('status-updated').textContent).toContain('(just now)');
    seconds(5);
    expect(screen.getByTestId('status-updated').textContent).toContain('(5 s ago)');
    release();
  });

  it('counts a reconnect delay down from when the status said it, each new delay afresh', () => {
    vi.setSystemTime(0);
    renderBar();
    seconds(300);
    setRealtime({ connection: 'reconnecting', retryInMs: 4_000, channels: realtime.status.channels });
    expect(screen.getByTestId('status-realtime').textContent).toBe('Live: reconnecting in 4 s — polling over HTTP');
    seconds(2);
    expect(screen.getByTestId('status-realtime').textContent).toBe('Live: reconnecting in 2 s — polling over HTTP');
    setRealtime({ connection: 'reconnecting', retryInMs: 8_000, channels: realtime.status.channels });
    expect(screen.getByTestId('status-realtime').textContent).toBe('Live: reconnecting in 8 s — polling over HTTP');
    setRealtime({ connection: 'open', channels: realtime.status.channels });
    expect(screen.getByTestId('status-realtime').textContent).toBe('Live: streaming');
  });

  it('starts the countdown again for a new delay of the same length (a capped backoff)', () => {
    vi.setSystemTime(0);
    renderBar();
    setRealtime({ connection: 'reconnecting', retryInMs: 5_000, channels: realtime.status.channels });
    seconds(3);
    expect(screen.getByTestId('status-realtime').textContent).toBe('Live: reconnecting in 2 s — polling over HTTP');
    setRealtime({ connection: 'reconnecting', retryInMs: 5_000, channels: realtime.status.channels });
    expect(screen.getByTestId('status-realtime').textContent).toBe('Live: reconnecting in 5 s — polling over HTTP');
  });
});
