// @vitest-environment happy-dom
// A socket that goes silent hands a live ticker back to HTTP polling at its ping deadline, and a
// socket that answers again stops the polling: the fake socket, a real client, the real hook.
import { act, renderHook } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { useLiveOrPollQuery } from '../queries/live-or-poll';
import { pollEvery } from '../queries/query-client';
import { testServices, wrapperFor } from '../queries/query-test-support';
import { fakeClient } from './fake-socket.test-support';

const POLL_MS = 1_000;

afterEach(() => {
  vi.useRealTimers();
});

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

it('polls from the ping deadline of a silent socket until a socket answers again', async () => {
  vi.useFakeTimers();
  const fetches = { count: 0 };
  const fetched = () => (fetches.count += 1);
  const fake = fakeClient();
  const query = {
    queryKey: ['api', 'tickers', 'AAPL.US'] as const,
    queryFn: () => {
      fetched();
      return Promise.resolve({ last: '1' });
    },
    staleTime: POLL_MS,
    refetchInterval: pollEvery(POLL_MS),
  };
  const hook = renderHook(() => useLiveOrPollQuery('ticker', 'AAPL.US', undefined, query, 'snapshot'), {
    wrapper: wrapperFor(testServices({ realtime: fake.client })),
  });
  act(() => {
    fake.latest().open();
    fake.latest().ackAll();
  });
  await advance(10);
  expect(hook.result.current.state).toBe('live');
  const whileLive = fetches.count;
  // The first ping (4 s) is answered by nothing: live until its deadline (3 s later), no polling.
  await advance(6_980);
  expect(hook.result.current.state).toBe('live');
  expect(fetches.count).toBe(whileLive);
  await advance(20);
  expect(fake.client.status().silent).toBe(true);
  expect(hook.result.current.state).toBe('down');
  expect(fetches.count).toBe(whileLive + 1);
  await advance(POLL_MS);
  expect(fetches.count).toBe(whileLive + 2);

  // The reconnect (backoff 250 ms) opens a socket that answers: live again, the polling stops.
  expect(fake.sockets).toHaveLength(2);
  act(() => {
    fake.latest().autoPong = true;
    fake.latest().open();
    fake.latest().ackAll();
  });
  await advance(10);
  expect(fake.client.status().silent).toBeUndefined();
  expect(hook.result.current.state).toBe('live');
  const recovered = fetches.count;
  await advance(10_000);
  expect(fetches.count).toBe(recovered);
  hook.unmount();
  fake.client.dispose();
});
