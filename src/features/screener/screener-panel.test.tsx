// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SPARKS_PATH, type ScreenAnswer, type ScreenRequest, type SparksRequest } from '#shared/screener/screener-protocol.ts';
import { presetScreen } from '#shared/screener/screen-presets.ts';
import { loadLanguage } from '../../i18n/load-language';
import { activate } from '../../i18n/translate';
import { ScreenerPanel } from './screener-panel';
import { useAppStore } from '../../store/app-store';
import { useScreenerStore } from './screener-store';
import { useScreensStore } from './screens-store';
import { encodeScreen } from './screen-link';

function answer(symbols: string[], warming = false): ScreenAnswer {
  return {
    columns: ['price', 'change', 'change-percent', 'volume', 'turnover'],
    keys: ['price', 'change', 'change-percent', 'volume', 'turnover'],
    rows: symbols.map((symbol, index) => ({ symbol, values: [10 + index, 1, symbols.length - index, 1000, 5000] })),
    matched: symbols.length,
    state: warming ? 'warming' : 'ready',
    warmUp: { total: 100, ready: warming ? 40 : 100, requests: 3 },
    asOf: 1,
    tookMs: 1,
    names: symbols.map((symbol) => ({ en: `${symbol} Inc` })),
  };
}

let answers: ScreenAnswer[] = [];
const requests: ScreenRequest[] = [];
const sparkRequests: SparksRequest[] = [];

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(400);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(960);
  requests.length = 0;
  sparkRequests.length = 0;
  const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: { body: string }) => {
      if (url === SPARKS_PATH) {
        const asked = JSON.parse(init.body) as SparksRequest;
        sparkRequests.push(asked);
        // A rising line for A.US, none kept for the others.
        return json({ closes: asked.symbols.map((symbol) => (symbol === 'A.US' ? [1, 2, 3] : [])) });
      }
      requests.push(JSON.parse(init.body) as ScreenRequest);
      const next = answers.length > 1 ? answers.shift() : answers[0];
      return json(next);
    }),
  );
  useScreenerStore.getState().open(presetScreen('top-gainers', { market: 'US', type: 'stock' }), '');
});

afterEach(() => {
  cleanup();
  activate('en');
  useAppStore.getState().setLanguage('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderPanel(takeLinkScreen?: () => string | undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ScreenerPanel {...(takeLinkScreen && { takeLinkScreen })} />
    </QueryClientProvider>,
  );
  return client;
}

describe('the screener panel', () => {
  it('asks for the screen, lists its rows and asks for the sparklines of the rows in view', async () => {
    answers = [answer(['A.US', 'B.US'])];
    renderPanel();
    await waitFor(() => {
      expect(screen.getAllByTestId('screen-row')).toHaveLength(2);
    });
    expect(requests[0]).toEqual({ screen: presetScreen('top-gainers', { market: 'US', type: 'stock' }) });
    await waitFor(() => {
      expect(document.querySelector('[data-symbol="A.US"] polyline')?.getAttribute('points')).toBe('0.0,17.0 32.0,9.0 64.0,1.0');
    });
    expect(sparkRequests).toEqual([{ universe: { market: 'US', type: 'stock' }, symbols: ['A.US', 'B.US'], count: 30 }]);
    expect(document.querySelector('[data-symbol="B.US"] polyline')).toBeNull();
    expect(screen.getByTestId('screen-count').textContent).toBe('Matches: 2');
    expect(screen.getByText('A.US Inc')).toBeDefined();
  });

  it('names each row in the page’s script: an A-share named in Simplified only reads in Traditional in zh-HK', async () => {
    await loadLanguage('zh-HK');
    useAppStore.getState().setLanguage('zh-HK');
    answers = [{ ...answer(['600519.SH', '700.HK']), names: [{ hans: '贵州茅台' }, { en: 'TENCENT', hans: '腾讯控股', hant: '騰訊控股' }] }];
    renderPanel();
    await waitFor(() => {
      expect(screen.getAllByTestId('screen-row').map((row) => row.querySelectorAll('td')[0]?.textContent)).toEqual(['貴州茅台', '騰訊控股']);
    });
  });

  it('lights the rows that entered and counts those that left', async () => {
    answers = [answer(['A.US', 'B.US']), answer(['A.US', 'C.US'])];
    const client = renderPanel();
    await waitFor(() => {
      expect(screen.getAllByTestId('screen-row')).toHaveLength(2);
    });
    await act(async () => {
      await client.refetchQueries();
    });
    await waitFor(() => {
      expect(document.querySelector('[data-symbol="C.US"]')?.getAttribute('data-entered')).toBe('true');
    });
    expect(document.querySelector('[data-symbol="A.US"]')?.hasAttribute('data-entered')).toBe(false);
    expect(screen.getByTestId('screen-left').textContent).toBe('Left the screen: B.US');
  });

  it('shows how far the warm-up is', async () => {
    answers = [answer(['A.US'], true)];
    renderPanel();
    await waitFor(() => {
      expect(screen.getByTestId('screen-warming').textContent).toContain('40 of 100 symbols ready');
    });
  });

  it('keeps every key typed and says a bad value next to its field', async () => {
    answers = [answer(['A.US'])];
    renderPanel();
    const value = screen.getByLabelText('Value');
    let typed = '';
    for (const key of '2.x') {
      typed += key;
      fireEvent.change(value, { target: { value: typed } });
      expect(screen.getByLabelText<HTMLInputElement>('Value').value).toBe(typed);
    }
    expect(screen.getByTestId('screen-field-problem').textContent).toBe('Value must be a number, not “2.x”.');
    fireEvent.change(value, { target: { value: '2.5' } });
    expect(screen.queryByTestId('screen-field-problem')).toBeNull();
    await waitFor(() => {
      expect(requests.some((request) => JSON.stringify(request.screen.where).includes('2.5'))).toBe(true);
    });
  });

  it('opens a linked screen, and reports a bad link without opening it', () => {
    answers = [answer([])];
    const linked = presetScreen('oversold-rsi', { market: 'HK', type: 'stock' });
    renderPanel(() => encodeScreen(linked, 'HK oversold'));
    expect(useScreenerStore.getState().name).toBe('HK oversold');
    expect(useScreenerStore.getState().draft.market).toBe('HK');
    cleanup();

    const before = useAppStore.getState().notices.length;
    renderPanel(() => 'bm90IGEgc2NyZWVu');
    const notices = useAppStore.getState().notices;
    expect(notices).toHaveLength(before + 1);
    const text = notices.at(-1)?.text;
    expect(typeof text === 'function' ? text() : text).toBe('The screen in the link could not be read (not a screen); nothing was opened or saved.');
    // The editor keeps what it had; nothing was saved.
    expect(useScreenerStore.getState().draft.market).toBe('HK');
    expect(useScreensStore.getState().screens).toEqual([]);
  });
});
