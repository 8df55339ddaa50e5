// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { simulatorPerFile } from '../../api/sim-fetch.test-support';
import { localInstant } from '../../lib/trading-sessions';
import { historyKey } from '../../queries/kline-history-cache';
import { fetchHistoryPage } from '../../queries/kline-history-pages';
import { simServices, TestServices } from '../../queries/query-test-support';
import { useAppStore } from '../../store/app-store';
import { IntradayPanel } from './intraday-panel';
import { setIntradayDays } from './intraday-days-store';
import { serverClockAt } from '../../time/test-clock.test-support';

// 11:00 in Hong Kong on Wednesday 25 November 2026.
const NOW = '2026-11-25T03:00:00Z';
const sim = simulatorPerFile(NOW);
const initial = useAppStore.getState();

beforeEach(() => {
  useAppStore.setState(initial, true);
  setIntradayDays(1);
});

afterEach(cleanup);

type Services = ReturnType<typeof simServices>['services'];

/** The panel on the simulator; `seed` fills the query cache first (what an earlier view left). */
async function renderPanel(symbol: string, seed?: (services: Services) => Promise<void>) {
  useAppStore.getState().openSymbol(symbol);
  const { services, calls } = simServices(sim(), undefined, serverClockAt(Date.parse(NOW)));
  if (seed) await seed(services);
  render(
    <TestServices services={services}>
      <IntradayPanel />
    </TestServices>,
  );
  return calls;
}

function pointCounts(): number[] {
  return screen.getAllByTestId('intraday-price-line').map((path) => (path.getAttribute('d') ?? '').split(/[ML]/).length - 1);
}

describe('the five-day intraday view on the simulator', () => {
  it('switches to five labelled days built from the calendar and 1-minute K-lines', async () => {
    const calls = await renderPanel('700.HK');
    await screen.findByRole('img', { name: 'Intraday price of 700.HK' });
    fireEvent.click(screen.getByRole('button', { name: '5 days' }));
    expect(screen.getByRole('button', { name: '5 days' }).getAttribute('aria-pressed')).toBe('true');

    await screen.findByRole('img', { name: 'Five-day intraday price of 700.HK' }, { timeout: 10_000 });
    const labels = screen.getAllByTestId('intraday-day-label');
    const answer = sim().app.request('/v1/market/trade-days?market=HK&beg_day=20261101&end_day=20261125', { headers: { 'X-API-Key': 'demo-enterprise' } });
    const body = (await (await answer).json()) as { data: { trade_days: string[] } };
    const lastFive = body.data.trade_days.filter((day) => day <= '20261125').slice(-5);
    expect(labels.map((label) => label.getAttribute('data-day'))).toEqual(lastFive);
    expect(labels.map((label) => label.getAttribute('data-missing'))).toEqual(['false', 'false', 'false', 'false', 'false']);
    expect(labels.at(-1)?.textContent).toBe('Nov 25');
    expect(screen.getAllByTestId('intraday-day-rule')).toHaveLength(4);

    // The calendar from trade-days, the earlier days from the 1m history (paged), today from intraday.
    expect(calls.some((path) => path.startsWith('/v1/market/trade-days?'))).toBe(true);
    const klinePages = calls.filter((path) => path.startsWith('/v1/market/kline?') && path.includes('interval=1m'));
    expect(klinePages.length).toBeGreaterThanOrEqual(2);
    expect(klinePages.every((path) => path.includes('limit=1000') && path.includes('adjust=none'))).toBe(true);
    expect(calls.some((path) => path.startsWith('/v1/market/intraday?'))).toBe(true);

    // Every day drawn, today's the shortest (11:00 of a day that runs to 16:00).
    const lines = pointCounts();
    expect(lines).toHaveLength(5);
    expect(Math.min(...lines.slice(0, 4))).toBeGreaterThan(300);
    expect(lines[4]).toBeLessThan(lines[3] ?? 0);

    // The choice survives a remount of the panel (another tab and back).
    cleanup();
    await renderPanel('700.HK');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: '5 days' }).getAttribute('aria-pressed')).toBe('true');
    });
  });

  it('fills in a cached 1m history that stops before the last K-line day closed (a page open overnight)', async () => {
    setIntradayDays(5);
    const params = { symbol: '700.HK', interval: '1m', adjust: 'none' } as const;
    // The 1m history as a page opened at 12:00 on Tuesday 24 November left it.
    const tuesdayNoon = localInstant('20261124', 12 * 60, 'Asia/Hong_Kong');
    const calls = await renderPanel('700.HK', async (services) => {
      const page = await fetchHistoryPage(services.api, params, tuesdayNoon - 1, undefined, services.clock.now());
      services.queryClient.setQueryData(historyKey(services.feed.source, params), { pages: [page], pageParams: [null] });
    });
    await screen.findByRole('img', { name: 'Five-day intraday price of 700.HK' }, { timeout: 10_000 });
    // The history was asked for again from the newest page: Tuesday's afternoon is there, every earlier day whole.
    await waitFor(() => {
      expect(
        pointCounts()
          .slice(0, 4)
          .every((count) => count >= 330),
      ).toBe(true);
    });
    expect(calls.filter((path) => path.startsWith('/v1/market/kline?') && path.includes('interval=1m')).length).toBeGreaterThan(1);
  });
});
