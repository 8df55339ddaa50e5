// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../queries/query-keys';
import { testQueryClient } from '../../queries/query-test-support';
import { markFirstQuote } from './first-quote-mark';
import { LIVE_SOURCE } from '../../queries/market-feed/market-feed';

const marked = () => performance.getEntriesByName('chartroom:first-quote', 'mark').length;
const frames = () => new Promise((resolve) => setTimeout(resolve, 80));

afterEach(() => {
  performance.clearMarks();
});

describe('markFirstQuote', () => {
  it("marks once, a frame after the workspace symbol's ticker arrived, not for other symbols", async () => {
    const client = testQueryClient();
    markFirstQuote(client, 'AAPL.US');
    client.setQueryData(queryKeys.tickers.one(LIVE_SOURCE, 'MSFT.US'), { symbol: 'MSFT.US' });
    await frames();
    expect(marked()).toBe(0);
    client.setQueryData(queryKeys.tickers.one(LIVE_SOURCE, 'AAPL.US'), { symbol: 'AAPL.US' });
    await frames();
    expect(marked()).toBe(1);
    client.setQueryData(queryKeys.tickers.one(LIVE_SOURCE, 'AAPL.US'), { symbol: 'AAPL.US', last_price: '2' });
    await frames();
    expect(marked()).toBe(1);
  });

  it('marks at once when the ticker is already there', async () => {
    const client = testQueryClient();
    client.setQueryData(queryKeys.tickers.one(LIVE_SOURCE, '700.HK', 'stock'), { symbol: '700.HK' });
    markFirstQuote(client, '700.HK', 'stock');
    await frames();
    expect(marked()).toBe(1);
  });
});
