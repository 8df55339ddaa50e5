// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import {
  carriedFactorsTarget,
  coldVisitPageTarget,
  COLD_VISIT_CHART,
  carriedTickerTarget,
  FIRST_FACTORS_ELEMENT_ID,
  FIRST_PAGE_ELEMENT_ID,
  FIRST_PAGE_MAX_AGE_MS,
} from '#shared/first-page.ts';
import { fetchHistoryPage } from '../queries/kline-history-pages';
import { workspaceHistoryParams } from '../queries/prefetch-workspace';
import { DEFAULT_WORKSPACE } from '../store/workspace-slice';
import { createApiClient, type RequestEvent } from './client';
import { fetchExFactors } from './kline-endpoints';
import { fetchTickers } from './quote-endpoints';
import { readInlinedAnswers, withInlinedAnswers, type InlinedAnswer } from './inlined-answer';
import { workspaceFactorSymbols } from '../queries/prefetch-workspace';

const NOW = Date.parse('2026-11-25T15:00:00Z');
const TARGET = coldVisitPageTarget(NOW);
const kline = (time: number, close: string) => ({ time, open: '1', high: '2', low: '0.5', close, volume: '10' });
/** As the server writes it: `<` inside a string escaped for the script element (server/first-page.ts). */
const BODY = JSON.stringify({
  code: 0,
  message: 'success',
  data: { symbol: 'AAPL.US', interval: '1d', klines: [kline(1, '1.5'), kline(86_400_000, '1.75')] },
}).replace('success', 'succ\\u003cess');

const answer = (over: Partial<InlinedAnswer> = {}): InlinedAnswer => ({ url: TARGET, madeAt: NOW, source: 'simulator', body: BODY, ...over });
const FACTORS_TARGET = carriedFactorsTarget(COLD_VISIT_CHART, new URLSearchParams()) ?? '';
const FACTORS_BODY = JSON.stringify({
  code: 0,
  message: 'success',
  data: { data: { 'AAPL.US': [{ timestamp: 1_700_000_000_000, adjust: 'forward', factor_a: 0.98, factor_b: 0 }] } },
});
const factorsAnswer = (): InlinedAnswer => ({ url: FACTORS_TARGET, madeAt: NOW, source: 'simulator', body: FACTORS_BODY });

/** A transport that records what reaches the network and answers with an empty page. */
function network() {
  return vi.fn((_input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify({ code: 0, message: 'success', data: { symbol: 'X', interval: '1d', klines: [] } }))),
  );
}

describe("the page's carried answer", () => {
  it('is read from its elements (the page and the factors), which leave the page', () => {
    const element = (id: string, url: string, body: string) =>
      `<script type="application/json" id="${id}" data-url="${url.replace(/&/g, '&amp;')}" data-made-at="${String(NOW)}" data-source="simulator">${body}</script>`;
    document.body.innerHTML = `<div></div>${element(FIRST_PAGE_ELEMENT_ID, TARGET, BODY)}${element(FIRST_FACTORS_ELEMENT_ID, FACTORS_TARGET, FACTORS_BODY)}`;
    expect(readInlinedAnswers()).toEqual([answer(), factorsAnswer()]);
    expect(document.getElementById(FIRST_PAGE_ELEMENT_ID)).toBeNull();
    expect(document.getElementById(FIRST_FACTORS_ELEMENT_ID)).toBeNull();
    expect(readInlinedAnswers()).toEqual([]);
  });

  it('is nothing when the element lacks its request or its body', () => {
    document.body.innerHTML = `<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}" data-made-at="1">{}</script>`;
    expect(readInlinedAnswers()).toEqual([]);
    document.body.innerHTML = `<script type="application/json" id="${FIRST_PAGE_ELEMENT_ID}" data-url="/v1/market/kline?x=1" data-made-at="1"></script>`;
    expect(readInlinedAnswers()).toEqual([]);
  });

  it("answers the boot's ticker request for the chart's symbol with no request: the server's target is its very URL", async () => {
    const send = network();
    const ticker = { symbol: 'AAPL.US', last_price: '201.5', timestamp: NOW };
    const body = JSON.stringify({ code: 0, message: 'success', data: [ticker] });
    const carried = { url: carriedTickerTarget(COLD_VISIT_CHART), madeAt: NOW, source: 'simulator', body };
    const api = createApiClient({ fetch: withInlinedAnswers(send, [carried], () => NOW) });
    const [answer] = await fetchTickers(api, { symbols: [DEFAULT_WORKSPACE.symbol] });
    expect(send).not.toHaveBeenCalled();
    expect(answer).toMatchObject({ symbol: 'AAPL.US', last_price: '201.5' });
    // Another instrument goes to the network (whose empty K-line answer is no ticker list).
    await fetchTickers(api, { symbols: ['EURUSD'], type: 'forex' }).catch(() => undefined);
    expect(send.mock.calls.map((call) => call[0])).toEqual([carriedTickerTarget({ symbol: 'EURUSD', interval: '1d', type: 'forex' })]);
  });

  it("answers the cold visit's factors with no request: the server's target is the client's very request", async () => {
    const send = network();
    const api = createApiClient({ fetch: withInlinedAnswers(send, [answer(), factorsAnswer()], () => NOW) });
    const factors = await fetchExFactors(api, { symbols: workspaceFactorSymbols(DEFAULT_WORKSPACE) });
    expect(send).not.toHaveBeenCalled();
    expect(factors['AAPL.US']?.[0]).toMatchObject({ factor_a: 0.98 });
    // The history page is still held for its own request.
    const page = await fetchHistoryPage(api, workspaceHistoryParams(DEFAULT_WORKSPACE), null, undefined, NOW);
    expect(send).not.toHaveBeenCalled();
    expect(page.candles).toHaveLength(2);
  });

  it("answers the cold visit's first history page with no request, once, through the client's checks", async () => {
    const send = network();
    const api = createApiClient({ fetch: withInlinedAnswers(send, [answer()], () => NOW + 1_000) });
    const events: RequestEvent[] = [];
    api.onSettled((event) => events.push(event));
    // The app's own request for the cold visit's chart: the very URL the server carried.
    const page = await fetchHistoryPage(api, workspaceHistoryParams(DEFAULT_WORKSPACE), null, undefined, NOW);
    expect(send).not.toHaveBeenCalled();
    expect(page.candles.map((candle) => candle.close)).toEqual([1.5, 1.75]);
    expect(events[0]).toMatchObject({ path: '/v1/market/kline', ok: true, status: 200, source: 'simulator' });
    // Used once: the same request again goes out.
    await fetchHistoryPage(api, workspaceHistoryParams(DEFAULT_WORKSPACE), null, undefined, NOW);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toBe(TARGET);
  });

  it('leaves any other request to the network (another symbol, another window)', async () => {
    const send = network();
    const api = createApiClient({ fetch: withInlinedAnswers(send, [answer()], () => NOW) });
    await fetchHistoryPage(api, workspaceHistoryParams({ ...DEFAULT_WORKSPACE, symbol: '700.HK' }), null, undefined, NOW);
    await fetchHistoryPage(api, workspaceHistoryParams(DEFAULT_WORKSPACE), null, undefined, NOW + 3 * 86_400_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls.map((call) => call[0])).not.toContain(TARGET);
    // Still held for its own request.
    const page = await fetchHistoryPage(api, workspaceHistoryParams(DEFAULT_WORKSPACE), null, undefined, NOW);
    expect(send).toHaveBeenCalledTimes(2);
    expect(page.candles).toHaveLength(2);
  });

  it('is dropped once older than its bound on the data clock: treated as fetched when the server made it', async () => {
    const send = network();
    const api = createApiClient({ fetch: withInlinedAnswers(send, [answer()], () => NOW + FIRST_PAGE_MAX_AGE_MS + 1) });
    const page = await fetchHistoryPage(api, workspaceHistoryParams(DEFAULT_WORKSPACE), null, undefined, NOW);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0]).toBe(TARGET);
    expect(page.candles).toEqual([]);
  });
});
