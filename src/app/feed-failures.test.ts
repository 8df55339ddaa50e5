import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { testQueryClient } from '../queries/query-test-support';
import { watchFeedFailures } from './feed-failures';

const answer = (rawCode: number) => new ApiError({ kind: 'api', path: '/v1/market/ticker', status: rawCode >= 5000 ? 503 : 404, rawCode, message: 'x' });
const offline = () => new ApiError({ kind: 'network', path: '/v1/market/ticker', status: 0, message: 'Network error' });

/** A query shown on screen (one observer) whose every fetch fails with `error()`; it fetches when the test says. */
function shown(client: ReturnType<typeof testQueryClient>, key: string, error: () => Error) {
  const observer = new QueryObserver(client, { queryKey: [key], queryFn: () => Promise.reject(error()), retry: false, enabled: false });
  const hide = observer.subscribe(() => undefined);
  return { refetch: () => observer.refetch(), hide };
}

function watch() {
  const client = testQueryClient();
  const reported: number[] = [];
  const stop = watchFeedFailures(client.getQueryCache(), (inARow) => reported.push(inARow));
  return { client, reported, stop, latest: () => reported.at(-1) ?? 0 };
}

describe('watchFeedFailures', () => {
  it("counts the feed's failures in a row, the worst query's, and forgets a success", async () => {
    const { client, latest } = watch();
    const ticker = shown(client, 'ticker', () => answer(5001));
    const trades = shown(client, 'trades', offline);
    await ticker.refetch();
    await trades.refetch();
    await ticker.refetch();
    expect(latest()).toBe(2);
    client.setQueryData(['ticker'], 1);
    expect(latest()).toBe(1);
    ticker.hide();
    trades.hide();
  });

  it("never counts a user's symbol: an unknown or ambiguous one is its panel's message", async () => {
    const { client, reported } = watch();
    const typo = shown(client, 'typo', () => answer(2002));
    await typo.refetch();
    await typo.refetch();
    const ambiguous = shown(client, 'ambiguous', () => answer(2001));
    await ambiguous.refetch();
    expect(reported).toEqual([]);
    typo.hide();
    ambiguous.hide();
  });

  it('forgets a query no panel shows any more (a removed row), and ignores one never shown (a prefetch)', async () => {
    const { client, latest } = watch();
    const row = shown(client, 'removed-row', () => answer(5000));
    await row.refetch();
    expect(latest()).toBe(1);
    row.hide();
    expect(latest()).toBe(0);
    await client.query({ queryKey: ['prefetched'], queryFn: () => Promise.reject(answer(5001)), retry: false }).catch(() => undefined);
    expect(latest()).toBe(0);
  });

  it('counts each failed attempt, retries included', async () => {
    const { client, latest } = watch();
    const observer = new QueryObserver(client, { queryKey: ['retried'], queryFn: () => Promise.reject(answer(5001)), retry: 2, retryDelay: 0, enabled: false });
    const hide = observer.subscribe(() => undefined);
    await observer.refetch();
    expect(latest()).toBe(3);
    hide();
  });
});
