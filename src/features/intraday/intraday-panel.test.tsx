// @vitest-environment happy-dom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { zonedTimeToUtc } from '#shared/time-zone.ts';
import { useAppStore } from '../../store/app-store';
import { IntradayPanel } from './intraday-panel';
import { TestServices } from '../../queries/query-test-support';
import { loadErrorTexts } from '../../components/ui/use-error-text';

// The words for failures, as the app has them once the panels beside the chart are in.
beforeAll(() => loadErrorTexts());

const initial = useAppStore.getState();
const HKT = 'Asia/Hong_Kong';
const hk = (hour: number, minute: number): number => zonedTimeToUtc(2026, 11, 25, hour, minute, HKT);

const SESSIONS = [
  { market: 'US', trading_sessions: [{ begin_time: 930, end_time: 1600 }] },
  {
    market: 'HK',
    trading_sessions: [
      { begin_time: 930, end_time: 1200 },
      { begin_time: 1300, end_time: 1600 },
    ],
  },
  {
    market: 'CN',
    trading_sessions: [
      { begin_time: 930, end_time: 1130 },
      { begin_time: 1300, end_time: 1500 },
    ],
  },
];

/** 09:30 up from the previous close (509.5), 09:31 down, 09:32 flat, 13:00 up. */
const LINES = [
  { timestamp: hk(9, 30), price: '510', volume: 1000, turnover: '510000', avg_price: '510' },
  { timestamp: hk(9, 31), price: '508.5', volume: 3000, turnover: '1525500', avg_price: '508.875' },
  { timestamp: hk(9, 32), price: '508.5', volume: 500, turnover: '254250', avg_price: '508.861111' },
  { timestamp: hk(13, 0), price: '511', volume: 1500, turnover: '766500', avg_price: '509.15' },
];

const TICKER = {
  symbol: '700.HK',
  type: 'stock',
  last_price: '511',
  prev_close: '509.5',
  volume_24h: '6000',
  timestamp: hk(13, 0),
};

function envelope(data: unknown, status = 200, code = 0, message = 'success'): Response {
  return new Response(JSON.stringify(code === 0 ? { code, message, data } : { code, message }), {
    status,
    headers: { 'Content-Type': 'application/json', 'X-Chartroom-Source': 'simulator' },
  });
}

let fetchMock: ReturnType<typeof vi.fn>;

function serve(intraday: () => Response) {
  fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    if (url.pathname === '/v1/market/intraday') return Promise.resolve(intraday());
    if (url.pathname === '/v1/market/trading-sessions') return Promise.resolve(envelope(SESSIONS));
    if (url.pathname === '/v1/market/ticker') return Promise.resolve(envelope([TICKER]));
    return Promise.resolve(envelope(undefined, 404, 2002, 'Symbol not found'));
  });
  vi.stubGlobal('fetch', fetchMock);
}

let client: QueryClient;

function renderPanel(symbol: string) {
  useAppStore.getState().openSymbol(symbol);
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <TestServices client={client}>
      <IntradayPanel />
    </TestServices>,
  );
}

function attr(testId: string, name: string): string {
  return screen.getByTestId(testId).getAttribute(name) ?? '';
}

beforeEach(() => {
  useAppStore.setState(initial, true);
});

afterEach(() => {
  cleanup();
  client.clear();
  vi.unstubAllGlobals();
});

describe('IntradayPanel', () => {
  it('draws the day on the whole-day axis, with the previous close and the day totals', async () => {
    serve(() => envelope([{ symbol: '700.HK', type: 'stock', lines: LINES }]));
    renderPanel('700.HK');

    const chart = await screen.findByRole('img', { name: 'Intraday price of 700.HK' });
    expect(chart.getAttribute('data-testid')).toBe('intraday-chart');
    // One move per minute: four points, one continuous line over the closed-up lunch break.
    const d = attr('intraday-price-line', 'd');
    expect(d.match(/[ML]/g)).toEqual(['M', 'L', 'L', 'L']);
    expect(attr('intraday-avg-line', 'd').match(/[ML]/g)).toHaveLength(4);
    // The axis runs to the close although the last line is at 13:00.
    const labels = screen.getAllByTestId('intraday-time-label').map((label) => label.textContent);
    expect(labels[0]).toBe('09:30');
    expect(labels).toContain('12:00/13:00');
    expect(labels[labels.length - 1]).toBe('16:00');

    expect((await screen.findByTestId('intraday-prev-close')).textContent).toBe('Prev close 509.5');
    expect(screen.getByTestId('intraday-last-price').textContent).toBe('511.0');
    expect(screen.getByTestId('intraday-change').textContent).toBe('+1.5 (+0.29%)');
    expect(screen.getByTestId('intraday-volume').textContent).toBe('6.00K');
    expect(screen.getByTestId('intraday-turnover').textContent).toBe('3.06M');
    expect(screen.getByTestId('intraday-as-of').textContent).toBe('Nov 25, 13:00');
  });

  it('colours the volume bars by the minute’s move', async () => {
    serve(() => envelope([{ symbol: '700.HK', type: 'stock', lines: LINES }]));
    renderPanel('700.HK');
    await screen.findByTestId('intraday-chart');
    // 09:30 (above the previous close), 09:32 (flat) and 13:00 up; 09:31 down.
    expect(attr('intraday-volume-up', 'd').match(/M/g)).toHaveLength(3);
    expect(attr('intraday-volume-down', 'd').match(/M/g)).toHaveLength(1);
  });

  it('reads out the minute under the cursor, by keyboard', async () => {
    serve(() => envelope([{ symbol: '700.HK', type: 'stock', lines: LINES }]));
    renderPanel('700.HK');
    const cursor = await screen.findByRole('slider', { name: 'Intraday cursor for 700.HK' });
    const readout = screen.getByTestId('intraday-readout');
    expect(readout.textContent).toContain('13:00');
    expect(screen.queryByTestId('intraday-crosshair')).toBeNull();

    fireEvent.keyDown(cursor, { key: 'Home' });
    expect(readout.textContent).toBe('09:30Price 510.0Avg 510.0Vol 1.00K');
    fireEvent.keyDown(cursor, { key: 'ArrowRight' });
    expect(cursor.getAttribute('aria-valuetext')).toBe('09:31, price 508.5, average 508.9, volume 3.00K');
    expect(screen.getByTestId('intraday-crosshair')).toBeTruthy();
    fireEvent.keyDown(cursor, { key: 'Escape' });
    expect(screen.queryByTestId('intraday-crosshair')).toBeNull();
  });

  it('says the line is for stocks, without a request, for other symbols', () => {
    serve(() => envelope([]));
    renderPanel('EURUSD');
    expect(screen.getByText(/The intraday line is available for US, HK and A-share stocks\./).textContent).toContain('EURUSD');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says when there is no trading yet today', async () => {
    serve(() => envelope([{ symbol: '700.HK', type: 'stock', lines: [] }]));
    renderPanel('700.HK');
    expect((await screen.findByText(/No trading yet today for 700\.HK/)).textContent).toContain('starts at the open');
    expect(screen.queryByTestId('intraday-chart')).toBeNull();
  });

  it('treats an empty answer as no trading yet', async () => {
    serve(() => envelope([]));
    renderPanel('600519.SH');
    expect(await screen.findByText(/No trading yet today for 600519\.SH/)).toBeTruthy();
  });

  it('shows a failure in the panel and recovers on retry', async () => {
    let fail = true;
    serve(() => (fail ? envelope(undefined, 503, 5001, 'Data source unavailable') : envelope([{ symbol: '700.HK', lines: LINES }])));
    renderPanel('700.HK');
    expect((await screen.findByRole('alert')).textContent).toContain('The data source is unavailable right now.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(screen.getByTestId('intraday-chart')).toBeTruthy();
    });
  });
});
