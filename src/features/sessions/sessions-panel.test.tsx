// @vitest-environment happy-dom
// The panel against the real simulator frozen at chosen instants (holidays of NYSE, HKEX, SSE).
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimHandle } from '../../api/sim-fetch.test-support';
import { testQueryClient, TestServices } from '../../queries/query-test-support';
import { SessionsPanel } from './sessions-panel';
import { connect, renderWithClient, simulatorAt, tradeDaysRequests } from './sessions.test-support';
import { loadErrorTexts } from '../../components/ui/use-error-text';

// The words for failures, as the app has them once the panels beside the chart are in.
beforeAll(() => loadErrorTexts());

let sim: SimHandle;
const patient = { timeout: 10_000 };

beforeAll(() => {
  sim = simulatorAt('2026-10-19T04:00:00Z');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function card(market: string): HTMLElement {
  return screen.getByTestId(`market-${market}`);
}

async function badge(market: string): Promise<HTMLElement> {
  return waitFor(() => within(card(market)).getByTestId(`status-${market}`), patient);
}

/** The cells of a row, separated by ' | '. */
function cells(row: HTMLElement): string {
  return Array.from(row.children, (cell) => text(cell as HTMLElement)).join(' | ');
}

function text(element: HTMLElement): string {
  return element.textContent.replace(/\s+/g, ' ').trim();
}

describe('SessionsPanel', () => {
  it('shows one card per market, named with its zone, with the session table in local hh:mm', async () => {
    const iso = '2026-10-19T04:00:00Z';
    connect(sim, iso);
    renderWithClient(<SessionsPanel now={Date.parse(iso)} />);
    // One line until the session tables answer, then the cards whole (no card grows under another).
    expect(screen.getByText('Loading sessions…')).toBeTruthy();
    expect(screen.queryByTestId('market-US')).toBeNull();
    await waitFor(() => card('US'), patient);
    for (const [market, name] of [
      ['US', 'US · New York'],
      ['HK', 'HK · Hong Kong'],
      ['CN', 'CN · Shanghai'],
    ] as const) {
      expect(within(card(market)).getByRole('heading', { name }).tagName).toBe('H3');
    }
    const table = await waitFor(() => within(card('US')).getByRole('table', { name: /Trading sessions, US/ }), patient);
    const rows = within(table).getAllByRole('row').map(cells);
    expect(rows).toEqual([
      'Session | Opens | Closes',
      'Pre-market | 04:00 | 09:30',
      'Regular | 09:30 | 16:00',
      'After-hours | 16:00 | 20:00',
      'Overnight | 20:00 | 04:00 next day',
    ]);
    const hk = within(card('HK')).getByRole('table', { name: /Trading sessions, HK/ });
    expect(within(hk).getAllByRole('row').map(cells).slice(1)).toEqual(['Regular | 09:30 | 12:00', 'Regular | 13:00 | 16:00']);
    expect(text(within(card('HK')).getByTestId('local-time-HK'))).toMatch(/Mon 19 Oct,? 12:00:00/);
    expect(text(within(card('US')).getByTestId('local-time-US'))).toMatch(/Mon 19 Oct,? 00:00:00/);
  });

  it('knows a holiday, the lunch break and the overnight session (19 Oct 2026, 04:00 UTC)', async () => {
    const iso = '2026-10-19T04:00:00Z';
    const { calls } = connect(sim, iso);
    renderWithClient(<SessionsPanel now={Date.parse(iso)} />);
    // Chung Yeung Festival: HKEX closed, SSE trading.
    expect(text(await badge('HK'))).toBe('Closed — holiday');
    expect(text(within(card('HK')).getByTestId('next-change-HK'))).toBe('opens in 21 h 30 m');
    expect(text(await badge('CN'))).toBe('Lunch break');
    expect(text(within(card('CN')).getByTestId('next-change-CN'))).toBe('reopens in 1 h 00 m');
    expect(text(await badge('US'))).toBe('Overnight');
    expect(text(within(card('US')).getByTestId('next-change-US'))).toBe('pre-market in 4 h 00 m');
    expect((await badge('HK')).dataset.phase).toBe('holiday');
    expect(screen.queryByText('calendar unavailable')).toBeNull();
    expect(screen.queryAllByRole('alert')).toHaveLength(0);
    // Mid-month, the month shown by each calendar is all the status needs: one request per market.
    expect(tradeDaysRequests(calls)).toEqual([
      { market: 'US', begDay: '20261001', endDay: '20261031' },
      { market: 'HK', begDay: '20261001', endDay: '20261031' },
      { market: 'CN', begDay: '20261001', endDay: '20261031' },
    ]);
  });

  it('knows Thanksgiving in New York while Hong Kong and Shanghai trade (26 Nov 2026, 06:00 UTC)', async () => {
    const iso = '2026-11-26T06:00:00Z';
    connect(sim, iso);
    renderWithClient(<SessionsPanel now={Date.parse(iso)} />);
    expect(text(await badge('US'))).toBe('Closed — holiday');
    // The next session is the overnight one leading into Friday's half day: 20:00 New York.
    expect(text(within(card('US')).getByTestId('next-change-US'))).toBe('overnight in 19 h 00 m');
    expect(text(await badge('HK'))).toBe('Open');
    expect(text(within(card('HK')).getByTestId('next-change-HK'))).toBe('closes in 2 h 00 m');
    expect(text(await badge('CN'))).toBe('Open');
    expect(text(within(card('CN')).getByTestId('next-change-CN'))).toBe('closes in 1 h 00 m');
  });

  it('asks for next month when the next change crosses the month end, within the allowed window', async () => {
    // 31 Dec 2026, 18:00 in New York: after-hours, and 1 Jan is a holiday.
    const iso = '2026-12-31T23:00:00Z';
    const { calls } = connect(sim, iso);
    renderWithClient(<SessionsPanel now={Date.parse(iso)} />);
    expect(text(await badge('US'))).toBe('After-hours');
    expect(text(within(card('US')).getByTestId('next-change-US'))).toBe('after-hours ends in 2 h 00 m');
    await waitFor(() => {
      expect(tradeDaysRequests(calls)).toContainEqual({ market: 'US', begDay: '20261231', endDay: '20270130' });
    }, patient);
    expect(within(card('US')).queryByText('calendar unavailable')).toBeNull();
    for (const request of tradeDaysRequests(calls)) {
      const span =
        (Date.parse(`${request.endDay.slice(0, 4)}-${request.endDay.slice(4, 6)}-${request.endDay.slice(6)}`) -
          Date.parse(`${request.begDay.slice(0, 4)}-${request.begDay.slice(4, 6)}-${request.begDay.slice(6)}`)) /
          86_400_000 +
        1;
      expect(span).toBeLessThanOrEqual(31);
      expect(request.begDay <= '20261231').toBe(true);
    }
  });

  it('asks for last month when the market shut before this month began (Sunday 1 Nov 2026)', async () => {
    const iso = '2026-11-01T04:00:00Z';
    const { calls } = connect(sim, iso);
    renderWithClient(<SessionsPanel now={Date.parse(iso)} />);
    expect(text(await badge('HK'))).toBe('Closed — weekend');
    expect(text(within(card('HK')).getByTestId('next-change-HK'))).toBe('opens in 21 h 30 m');
    await waitFor(() => {
      expect(tradeDaysRequests(calls)).toContainEqual({ market: 'HK', begDay: '20261001', endDay: '20261031' });
    }, patient);
    expect(within(card('HK')).queryByText('calendar unavailable')).toBeNull();
  });

  it('keeps a market whose calendar fails apart: its own notice and a quiet caveat, the others untouched', async () => {
    const iso = '2026-10-19T04:00:00Z';
    const connection = connect(sim, iso);
    connection.failing.pattern = /trade-days\?market=HK/;
    renderWithClient(<SessionsPanel now={Date.parse(iso)} />);
    const hkAlert = await waitFor(() => within(card('HK')).getByRole('alert'), patient);
    expect(text(hkAlert)).toContain('The data source is unavailable right now.');
    // Without the calendar, the holiday is assumed a trading day, and the card says so quietly.
    expect(text(await badge('HK'))).toBe('Lunch break');
    expect(within(card('HK')).getByText('calendar unavailable')).toBeTruthy();
    expect(text(await badge('CN'))).toBe('Lunch break');
    expect(within(card('CN')).queryByRole('alert')).toBeNull();
    expect(within(card('US')).queryByRole('alert')).toBeNull();
    expect(within(card('CN')).queryByText('calendar unavailable')).toBeNull();
  });

  it('shows the sessions error in each card while local times and calendars stay', async () => {
    const iso = '2026-10-19T04:00:00Z';
    const connection = connect(sim, iso);
    connection.failing.pattern = /trading-sessions/;
    renderWithClient(<SessionsPanel now={Date.parse(iso)} />);
    for (const market of ['US', 'HK', 'CN']) {
      const alert = await waitFor(() => within(card(market)).getByRole('alert'), patient);
      expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
      expect(text(within(card(market)).getByTestId(`status-${market}`))).toBe('Status unavailable');
      expect(within(card(market)).getByTestId(`local-time-${market}`)).toBeTruthy();
    }
    await waitFor(() => {
      expect(within(card('HK')).getByTestId('calendar-HK').querySelector('[data-ymd="20261019"]')?.getAttribute('data-kind')).toBe('holiday');
    }, patient);
  });

  it('counts the seconds down and changes the status on the boundary as the clock ticks', async () => {
    // Wednesday 25 Nov 2026, 15:59:58 in New York: two seconds before the regular close.
    const before = Date.parse('2026-11-25T20:59:58Z');
    connect(sim, '2026-11-25T20:59:58Z');
    const client = testQueryClient();
    const at = (now: number) => (
      <TestServices client={client}>
        <SessionsPanel now={now} />
      </TestServices>
    );
    const { rerender } = render(at(before));
    expect(text(await badge('US'))).toBe('Open');
    expect(text(within(card('US')).getByTestId('next-change-US'))).toBe('closes in 2 s');
    rerender(at(before + 1_000));
    expect(text(within(card('US')).getByTestId('next-change-US'))).toBe('closes in 1 s');
    expect(text(within(card('US')).getByTestId('local-time-US'))).toMatch(/15:59:59/);
    expect(text(await badge('US'))).toBe('Open');
    rerender(at(before + 3_000));
    expect(text(await badge('US'))).toBe('After-hours');
    expect(text(within(card('US')).getByTestId('next-change-US'))).toBe('after-hours ends in 3 h 59 m');
    expect(text(within(card('US')).getByTestId('local-time-US'))).toMatch(/16:00:01/);
  });
});
