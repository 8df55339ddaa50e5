// @vitest-environment happy-dom
// The month calendar against the real simulator, which refuses windows the endpoint does not allow.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimHandle } from '../../api/sim-fetch.test-support';
import { daysBetweenYmd } from '#shared/time-zone.ts';
import { TradingCalendar } from './trading-calendar';
import { connect, renderWithClient, simulatorAt, tradeDaysRequests } from './sessions.test-support';

/** 26 Nov 2026, 01:48 UTC: 25 Nov, 20:48 in New York. Requests may begin 26 Nov 2025 to 26 Nov 2026. */
const ISO = '2026-11-26T01:48:00Z';
const NOW = Date.parse(ISO);
const patient = { timeout: 10_000 };
let sim: SimHandle;

beforeAll(() => {
  sim = simulatorAt(ISO);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function kindOf(ymd: string): string | null | undefined {
  return screen.getByTestId('calendar-US').querySelector(`[data-ymd="${ymd}"]`)?.getAttribute('data-kind');
}

function monthShown(): string {
  return screen.getByTestId('calendar-month-US').textContent;
}

const previous = () => screen.getByRole('button', { name: 'Previous month' });
const next = () => screen.getByRole('button', { name: 'Next month' });

/** The calendar at an instant the test moves (the panel's minute, a replay's steps). */
function MovingClock({ instants }: { instants: readonly number[] }) {
  const [index, setIndex] = useState(0);
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setIndex((i) => i + 1);
        }}
      >
        Later
      </button>
      <TradingCalendar market="US" now={instants[index] ?? NOW} />
    </>
  );
}

describe('TradingCalendar', () => {
  it('follows its market day as the clock moves: minutes within the day leave it, the next day is today', async () => {
    connect(sim, ISO);
    const MINUTE = 60_000;
    // 20:48 and 20:49 on 25 Nov in New York, then 00:48 on the 26th (05:48 UTC).
    renderWithClient(<MovingClock instants={[NOW, NOW + MINUTE, NOW + 4 * 60 * MINUTE]} />);
    await waitFor(() => {
      expect(kindOf('20261125')).toBe('full');
    }, patient);
    const today = () => screen.getByTestId('calendar-US').querySelector('[aria-current="date"]')?.getAttribute('data-ymd');
    expect(today()).toBe('20261125');
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(today()).toBe('20261125');
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(today()).toBe('20261126');
  });

  it('marks trading days, the half day, the holiday and weekends, with a legend and today', async () => {
    connect(sim, ISO);
    renderWithClient(<TradingCalendar market="US" now={NOW} />);
    expect(monthShown()).toBe('November 2026');
    await waitFor(() => {
      expect(kindOf('20261125')).toBe('full');
    }, patient);
    expect(kindOf('20261126')).toBe('holiday');
    expect(kindOf('20261127')).toBe('half');
    expect(kindOf('20261128')).toBe('weekend');
    const table = screen.getByRole('table', { name: 'Trading calendar, US, November 2026' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('abbr')),
    ).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    const today = table.querySelector('[aria-current="date"]');
    expect(today?.getAttribute('data-ymd')).toBe('20261125');
    expect(today?.textContent).toContain('Wednesday 25 November: trading day (today)');
    expect(table.querySelector('[data-ymd="20261126"]')?.textContent).toContain('Thursday 26 November: holiday, market closed');
    const legend = within(screen.getByRole('list', { name: 'Calendar legend' })).getAllByRole('listitem');
    expect(legend.map((item) => item.textContent)).toEqual(['Trading day', 'Half day', 'Holiday', 'Weekend', 'Not available']);
  });

  it('pages through months, and says which months cannot be had instead of failing', async () => {
    const { calls } = connect(sim, ISO);
    renderWithClient(<TradingCalendar market="US" now={NOW} />);
    await waitFor(() => {
      expect(kindOf('20261125')).toBe('full');
    }, patient);

    fireEvent.click(next());
    expect(monthShown()).toBe('December 2026');
    await waitFor(() => {
      expect(kindOf('20261225')).toBe('holiday');
    }, patient);
    expect(kindOf('20261224')).toBe('half');
    expect(kindOf('20261228')).toBe('unavailable');
    expect(screen.getByText('Later days are not published yet.')).toBeTruthy();

    fireEvent.click(next());
    expect(monthShown()).toBe('January 2027');
    expect(screen.getByText('Trading days for January 2027 are not published yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect((next() as HTMLButtonElement).disabled).toBe(true);

    for (let i = 0; i < 14; i += 1) fireEvent.click(previous());
    expect(monthShown()).toBe('November 2025');
    await waitFor(() => {
      expect(kindOf('20251127')).toBe('holiday'); // Thanksgiving 2025
    }, patient);
    expect(kindOf('20251125')).toBe('unavailable');
    expect(screen.getByText(/^Earlier days: trading days are available for the last 12 months only/)).toBeTruthy();

    fireEvent.click(previous());
    expect(monthShown()).toBe('October 2025');
    expect(screen.getByText('Trading days are available for the last 12 months only.')).toBeTruthy();
    expect((previous() as HTMLButtonElement).disabled).toBe(true);

    // Every request was one the endpoint accepts: never more than 31 days, beg_day within the year.
    const requests = tradeDaysRequests(calls);
    expect(requests.length).toBeGreaterThanOrEqual(14);
    for (const { begDay, endDay } of requests) {
      expect(daysBetweenYmd(begDay, endDay) + 1).toBeLessThanOrEqual(31);
      expect(begDay >= '20251126' && begDay <= '20261126').toBe(true);
    }
    await waitFor(() => {
      expect(screen.queryAllByRole('alert')).toHaveLength(0);
    });
  });

  it('shows a failed month as an error notice with a retry that recovers', async () => {
    const connection = connect(sim, ISO);
    connection.failing.pattern = /trade-days/;
    renderWithClient(<TradingCalendar market="US" now={NOW} />);
    const alert = await waitFor(() => screen.getByRole('alert'), patient);
    expect(kindOf('20261125')).toBe('unknown');
    connection.failing.pattern = undefined;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => {
      expect(kindOf('20261126')).toBe('holiday');
    }, patient);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
