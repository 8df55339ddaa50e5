// @vitest-environment happy-dom
import { type QueryClient } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HkTicker } from '../../api/quote-schemas';
import { testQueryClient, TestServices } from '../../queries/query-test-support';
import { useAppStore } from '../../store/app-store';
import { HkMarketPanel } from './hk-market-panel';
import { PLAN_MESSAGE } from './hk-plan-notice';
import { hkEntry } from './hk-test-data';
import { useHkViewStore } from './hk-view-store';
import { loadErrorTexts } from '../../components/ui/use-error-text';
import { localNames, type NamedSymbol } from '../../lib/local-name';
import { LOCAL_NAMES_KEY } from '../../queries/use-local-name';

// The words for failures, as the app has them once the panels beside the chart are in.
beforeAll(() => loadErrorTexts());

const MARKET: HkTicker[] = [
  hkEntry('HSI', { type: 'indices', name: 'Hang Seng Index', last_price: '24109.16', price_change_percent_24h: '0.75' }),
  hkEntry('00700', { name: 'Tencent', last_price: '527.5', price_change_24h: '22', price_change_percent_24h: '4.35', volume_24h: '6427800' }),
  hkEntry('5', { name: 'HSBC Holdings', last_price: '99.1', price_change_24h: '-1.2', price_change_percent_24h: '-1.2' }),
  hkEntry('1000', { name: 'Quiet Co', last_price: '1.23', price_change_percent_24h: '9.9', volume_24h: '0' }),
  hkEntry('9988', { name: 'Alibaba', last_price: '80', price_change_percent_24h: '-3.1' }),
];

const initialApp = useAppStore.getState();
let client: QueryClient;

type Answer = { code: number; message: string; data?: unknown };
function respond(answers: Answer[]) {
  const fetchMock = vi.fn(() => {
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    const status = answer?.code === 0 ? 200 : answer?.code === 1004 ? 403 : 503;
    return Promise.resolve(new Response(JSON.stringify(answer), { status, headers: { 'Content-Type': 'application/json' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
const ok = (data: unknown): Answer => ({ code: 0, message: 'success', data });

function seedNames(items: NamedSymbol[]): void {
  client.setQueryData(LOCAL_NAMES_KEY, localNames(items));
}

function renderPanel() {
  return render(
    <TestServices client={client}>
      <HkMarketPanel />
    </TestServices>,
  );
}

function shownCodes(): string[] {
  return screen.getAllByTestId('hk-row').map((row) => row.getAttribute('data-code') ?? '?');
}

/** happy-dom has no layout: give every element a viewport so the virtualizer shows rows. */
function stubViewport(height: number) {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(960);
}

beforeEach(() => {
  stubViewport(280);
  client = testQueryClient();
  // The catalogue's names, as if loaded: no test here waits for the index.
  seedNames([]);
  useAppStore.setState({ ...initialApp, workspace: { ...initialApp.workspace, tab: 'hk' } }, true);
});

afterEach(() => {
  cleanup();
  client.clear();
  useHkViewStore.getState().reset();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('HkMarketPanel', () => {
  it('lists every security, sorted by code, with the count and the movers', async () => {
    respond([ok(MARKET)]);
    renderPanel();
    await screen.findAllByTestId('hk-row');
    expect(shownCodes()).toEqual(['5', '00700', '1000', '9988', 'HSI']);
    expect(screen.getByTestId('hk-count').textContent).toBe('5 securities');
    expect(screen.getByRole('table', { name: 'HK market' }).getAttribute('aria-rowcount')).toBe('6');
    // Quiet Co did not trade: not a gainer however much it moved; HSI is an index.
    expect(screen.getAllByTestId('hk-gainer').map((b) => b.getAttribute('data-code'))).toEqual(['00700']);
    expect(screen.getAllByTestId('hk-loser').map((b) => b.getAttribute('data-code'))).toEqual(['9988', '5']);
    const tencent = screen.getAllByTestId('hk-row')[1];
    expect(tencent?.textContent).toContain('527.5');
    expect(tencent?.textContent).toContain('+22.0');
    expect(tencent?.textContent).toContain('+4.35%');
  });

  it('names rows in the language’s script from the catalogue, again at once on a switch, with codes as Hong Kong writes them', async () => {
    seedNames([
      { symbol: '700.HK', name: '腾讯控股', nameEn: 'TENCENT', nameCn: '', nameHk: '騰訊控股' },
      { symbol: '5.HK', name: '汇丰控股', nameEn: 'HSBC HOLDINGS', nameCn: '', nameHk: '滙豐控股' },
    ]);
    respond([ok(MARKET)]);
    renderPanel();
    await screen.findAllByTestId('hk-row');
    const rowTexts = () =>
      screen.getAllByTestId('hk-row').map((row) => `${row.querySelector('th')?.textContent ?? ''} ${row.querySelector('td')?.textContent ?? ''}`);
    expect(rowTexts()).toEqual(['00005 HSBC HOLDINGS', '00700 TENCENT', '01000 Quiet Co', '09988 Alibaba', 'HSI Hang Seng Index']);
    expect(screen.getAllByTestId('hk-loser').map((mover) => mover.textContent)).toEqual(['09988Alibaba−3.10%', '00005HSBC HOLDINGS−1.20%']);
    act(() => {
      useAppStore.getState().setLanguage('zh-TW');
    });
    expect(rowTexts().slice(0, 2)).toEqual(['00005 滙豐控股', '00700 騰訊控股']);
  });

  it('sorts by a header, toggling ascending and descending, without refetching', async () => {
    const fetchMock = respond([ok(MARKET)]);
    renderPanel();
    await screen.findAllByTestId('hk-row');
    const header = screen.getByRole('columnheader', { name: 'Last' });
    expect(header.getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Code' }).getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(within(header).getByRole('button', { name: 'Last' }));
    expect(header.getAttribute('aria-sort')).toBe('ascending');
    expect(screen.getByRole('columnheader', { name: 'Code' }).getAttribute('aria-sort')).toBe('none');
    expect(shownCodes()).toEqual(['1000', '9988', '5', '00700', 'HSI']);

    fireEvent.click(within(header).getByRole('button', { name: 'Last' }));
    expect(header.getAttribute('aria-sort')).toBe('descending');
    expect(shownCodes()).toEqual(['HSI', '00700', '5', '9988', '1000']);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('filters by code with or without leading zeros, by name, and by type', async () => {
    respond([ok(MARKET)]);
    renderPanel();
    await screen.findAllByTestId('hk-row');
    const input = screen.getByLabelText('Filter by code or name');
    fireEvent.change(input, { target: { value: '700' } });
    expect(shownCodes()).toEqual(['00700']);
    expect(screen.getByTestId('hk-count').textContent).toBe('1 of 5 matches');
    fireEvent.change(input, { target: { value: '00700' } });
    expect(shownCodes()).toEqual(['00700']);
    fireEvent.change(input, { target: { value: 'h' } });
    expect(shownCodes()).toEqual(['5', 'HSI']);
    fireEvent.click(screen.getByRole('button', { name: 'Indices' }));
    expect(shownCodes()).toEqual(['HSI']);
    expect(screen.getByRole('button', { name: 'Indices' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(input, { target: { value: 'nothing like it' } });
    expect(screen.queryAllByTestId('hk-row')).toEqual([]);
    expect(screen.getByTestId('hk-count').textContent).toBe('0 of 5 match');
  });

  it('opens a row, a mover, or the first match (Enter) in the chart', async () => {
    respond([ok(MARKET)]);
    renderPanel();
    await screen.findAllByTestId('hk-row');
    fireEvent.click(screen.getByRole('button', { name: '00700 Tencent: open in the chart' }));
    expect(useAppStore.getState().workspace).toMatchObject({ symbol: '700.HK', tab: 'chart' });

    fireEvent.click(within(screen.getAllByTestId('hk-row')[0] as HTMLElement).getByText('HSBC Holdings'));
    expect(useAppStore.getState().workspace.symbol).toBe('5.HK');

    fireEvent.click(screen.getAllByTestId('hk-loser')[0] as HTMLElement);
    expect(useAppStore.getState().workspace.symbol).toBe('9988.HK');

    const input = screen.getByLabelText('Filter by code or name');
    fireEvent.change(input, { target: { value: 'hang seng' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useAppStore.getState().workspace.symbol).toBe('HSI');
  });

  it('says which plan is needed when the plan lacks the feed (1004)', async () => {
    respond([{ code: 1004, message: 'Permission denied' }]);
    renderPanel();
    const notice = await screen.findByTestId('hk-plan-required');
    expect(notice.textContent).toContain(PLAN_MESSAGE);
    expect(screen.queryByText('Your plan does not include this data.')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows other errors with a retry, and recovers', async () => {
    const fetchMock = respond([{ code: 5001, message: 'Data source unavailable' }, ok(MARKET)]);
    renderPanel();
    await screen.findByText('The data source is unavailable right now.');
    // A failed query is asked again on its own after a short while (errorRefetchInterval): on a
    // slow machine that may come before the press, so the count is read around it, not fixed.
    const beforeRetry = fetchMock.mock.calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findAllByTestId('hk-row');
    expect(fetchMock.mock.calls.length).toBeGreaterThan(beforeRetry);
    expect(screen.queryByText('The data source is unavailable right now.')).toBeNull();
  });

  it('keeps the last good data when a poll fails', async () => {
    respond([ok(MARKET), { code: 5001, message: 'Data source unavailable' }]);
    renderPanel();
    await screen.findAllByTestId('hk-row');
    await act(() => client.refetchQueries());
    await screen.findByText('The data source is unavailable right now.');
    expect(screen.getByText('Showing the last data received.')).toBeTruthy();
    expect(shownCodes()).toHaveLength(5);
  });

  it('keeps sort and filter when the tab is left and shown again', async () => {
    respond([ok(MARKET)]);
    const first = renderPanel();
    await screen.findAllByTestId('hk-row');
    fireEvent.click(screen.getByRole('button', { name: 'Change %' }));
    fireEvent.change(screen.getByLabelText('Filter by code or name'), { target: { value: '9' } });
    first.unmount();
    renderPanel();
    expect(shownCodes()).toEqual(['9988']);
    expect(screen.getByLabelText<HTMLInputElement>('Filter by code or name').value).toBe('9');
    // A change column sorts gainers first on its first click.
    expect(screen.getByRole('columnheader', { name: 'Change %' }).getAttribute('aria-sort')).toBe('descending');
  });
});
