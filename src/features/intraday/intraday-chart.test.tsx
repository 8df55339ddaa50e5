// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from '#shared/time-zone.ts';
import { IntradayChart } from './intraday-chart';
import { toPlotPoints } from './intraday-points';
import { buildTimeAxis, type TimeAxis } from './time-axis';

const NY = 'America/New_York';
const ny = (hour: number, minute: number): number => zonedTimeToUtc(2026, 11, 25, hour, minute, NY);
const US_SESSIONS = [
  { begin_time: 400, end_time: 930, trade_session: 1 },
  { begin_time: 930, end_time: 1600 },
  { begin_time: 1600, end_time: 2000, trade_session: 2 },
];

function line(ms: number, price: string) {
  return { timestamp: ms, price, volume: 100, turnover: String(Number(price) * 100), avg_price: price };
}

function axisFor(timestamps: number[]): TimeAxis {
  const axis = buildTimeAxis({ market: 'US', sessions: US_SESSIONS, timeZone: NY, timestamps });
  if (!axis) throw new Error('no axis');
  return axis;
}

afterEach(cleanup);

describe('IntradayChart', () => {
  it('shades the extended-hours sessions that pre/after-hours lines open on the axis', () => {
    const lines = [line(ny(8, 0), '100'), line(ny(9, 30), '101'), line(ny(16, 30), '102')];
    const axis = axisFor(lines.map((l) => l.timestamp));
    render(<IntradayChart symbol="AAPL.US" axis={axis} points={toPlotPoints(axis, lines, 99)} prevClose={99} precision={2} />);
    const shaded = screen.getAllByTestId('intraday-extended-session').map((rect) => rect.getAttribute('data-phase'));
    expect(shaded).toEqual(['pre-market', 'after-hours']);
    const labels = screen.getAllByTestId('intraday-time-label').map((label) => label.textContent);
    expect(labels[0]).toBe('04:00');
    expect(labels[labels.length - 1]).toBe('20:00');
    expect(screen.getByRole('img', { name: 'Intraday price of AAPL.US' })).toBeTruthy();
  });

  it('shades nothing on a regular-hours day', () => {
    const lines = [line(ny(9, 30), '101'), line(ny(9, 31), '101.5')];
    const axis = axisFor(lines.map((l) => l.timestamp));
    render(<IntradayChart symbol="AAPL.US" axis={axis} points={toPlotPoints(axis, lines)} precision={2} />);
    expect(screen.queryAllByTestId('intraday-extended-session')).toHaveLength(0);
    expect(screen.queryByTestId('intraday-prev-close')).toBeNull();
  });

  it('follows the pointer to the minute under it, and lets go when the mouse leaves', () => {
    const lines = [line(ny(9, 30), '101'), line(ny(12, 45), '103'), line(ny(15, 59), '102')];
    const axis = axisFor(lines.map((l) => l.timestamp));
    render(<IntradayChart symbol="AAPL.US" axis={axis} points={toPlotPoints(axis, lines)} precision={2} />);
    const cursor = screen.getByRole('slider', { name: 'Intraday cursor for AAPL.US' });
    // Fallback width 720: the middle of the plot is 13:00 or so; the point at or before is 12:45.
    // The pointer reaches the chart itself (the slider over it lets it through).
    fireEvent.pointerMove(screen.getByTestId('intraday-chart'), { clientX: 360, pointerType: 'mouse' });
    expect(screen.getByTestId('intraday-readout').textContent).toContain('12:45');
    expect(cursor.getAttribute('aria-valuenow')).toBe('1');
    fireEvent.pointerLeave(screen.getByTestId('intraday-chart').parentElement ?? cursor, { pointerType: 'mouse' });
    expect(screen.queryByTestId('intraday-crosshair')).toBeNull();
    expect(screen.getByTestId('intraday-readout').textContent).toContain('15:59');
  });
});
