/**
 * The server carries the first history page of the chart a link opens (shared/first-page.ts
 * `chartOfLink`, server/first-page.ts); the app uses it only when it is its very first request.
 * These hold the server's reading of links and the app's (url-state.ts) together.
 */
import { describe, expect, it } from 'vitest';
import { chartOfLink, historyPageTarget } from '#shared/first-page.ts';
import { createApiClient } from '../api/client';
import { fetchHistoryPage } from '../queries/kline-history-pages';
import { workspaceHistoryParams } from '../queries/prefetch-workspace';
import { parseWorkspace } from './url-state';

const NOW = Date.parse('2026-11-25T15:00:00Z');

describe('the chart a link opens, as the server reads it', () => {
  it.each(['', 'lang=zh-CN', 'early=0&tz=utc', 'symbol=AAPL.US&interval=1d&adjust=none&tz=market&tab=chart', 'adjust=forward'])(
    '%s: the cold visit chart',
    (search) => {
      expect(chartOfLink(new URLSearchParams(search))).toEqual({ symbol: 'AAPL.US', interval: '1d' });
    },
  );
  it.each([
    ['symbol=700.HK&interval=1h', { symbol: '700.HK', interval: '1h' }],
    ['symbol=%20aapl.us%20', { symbol: 'AAPL.US', interval: '1d' }],
    ['symbol=EURUSD&type=forex&interval=3m', { symbol: 'EURUSD', interval: '3m', type: 'forex' }],
    ['symbol=MSFT.US&symbol=NVDA.US', { symbol: 'MSFT.US', interval: '1d' }],
  ])('%s: its own chart', (search, chart) => {
    expect(chartOfLink(new URLSearchParams(search))).toEqual(chart);
  });
  it.each(['tab=trades', 'type=bond', 'interval=9x', 'symbol=%24%24', 'layout=2h&charts=AAPL.US~1d~none', 'unknown=1'])(
    '%s: none (the app would open another screen, or refuse a value)',
    (search) => {
      expect(chartOfLink(new URLSearchParams(search))).toBeUndefined();
    },
  );

  // The carried page is used only when it is the app's very request: the server and the app must agree on every link.
  it.each([
    '',
    'symbol=700.HK&interval=1h',
    'symbol=0700.hk&interval=1w&adjust=forward',
    'symbol=BTCUSDT&interval=3m',
    'symbol=EURUSD&type=forex&interval=15m',
    'symbol=600519.SH&interval=1M',
    'symbol=CL&type=futures&interval=4h',
    'symbol=700.HK&type=stock&interval=2h',
  ])('%s: the target is the app’s own first request', async (search) => {
    const asked: string[] = [];
    const api = createApiClient({
      fetch: (input) => {
        asked.push(input instanceof Request ? input.url : input.toString());
        return Promise.resolve(new Response(JSON.stringify({ code: 0, message: 'success', data: { symbol: 'X', interval: '1d', klines: [] } })));
      },
    });
    await fetchHistoryPage(api, workspaceHistoryParams(parseWorkspace(`?${search}`).workspace), null, undefined, NOW);
    const chart = chartOfLink(new URLSearchParams(search));
    expect(chart).toBeDefined();
    if (chart) expect(asked).toEqual([historyPageTarget(chart, NOW)]);
  });
});
