// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { localInstant } from '../../lib/trading-sessions';
import { chartGeometry } from './chart-geometry';
import { DayAxisLabels } from './day-axis-labels';
import { assembleFiveDays } from './five-day';

const HKT = 'Asia/Hong_Kong';
const DAYS = ['20261123', '20261124', '20261125'].map((ymd) => ({ ymd, half: false }));
// One K-line on Monday and Wednesday each; Tuesday has none.
const candles = ['20261123', '20261125'].map((ymd) => ({
  time: localInstant(ymd, 10 * 60, HKT),
  open: 1,
  high: 1,
  low: 1,
  close: 1,
  volume: 1,
  quoteVolume: 1,
}));
const line = assembleFiveDays({
  market: 'HK',
  sessions: [
    { begin_time: 930, end_time: 1200 },
    { begin_time: 1300, end_time: 1600 },
  ],
  timeZone: HKT,
  days: DAYS,
  candles,
});

function draw(width: number) {
  render(
    <svg>
      <DayAxisLabels days={line.days} geometry={chartGeometry(width, 300, line.minutes, 40)} />
    </svg>,
  );
}

afterEach(cleanup);

describe('DayAxisLabels', () => {
  it('labels each day, rules between days, and says which day has no K-lines', () => {
    draw(900);
    expect(screen.getAllByTestId('intraday-day-label').map((label) => label.textContent)).toEqual(['Nov 23', 'Nov 24', 'Nov 25']);
    expect(screen.getAllByTestId('intraday-day-rule')).toHaveLength(2);
    expect(screen.getAllByTestId('intraday-day-label').map((label) => label.getAttribute('data-missing'))).toEqual(['false', 'true', 'false']);
    expect(screen.getByTestId('intraday-day-missing').textContent).toBe('No 1-minute K-lines');
  });

  it('keeps the sentence to the title where the day is too narrow for it', () => {
    draw(240);
    expect(screen.queryByTestId('intraday-day-missing')).toBeNull();
    expect(screen.getByTestId('intraday-day-missing-day').querySelector('title')?.textContent).toBe('No 1-minute K-lines');
  });
});
