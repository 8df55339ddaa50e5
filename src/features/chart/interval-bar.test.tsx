// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INTERVALS } from '#shared/contract.ts';
import { chartIntervals, IntervalBar, revealInRow } from './interval-bar';

afterEach(cleanup);

describe('IntervalBar', () => {
  it('shows one button per interval, named by it, the active one pressed', () => {
    render(<IntervalBar intervals={chartIntervals([...INTERVALS])} value="1h" onChange={() => undefined} />);
    const group = screen.getByRole('group', { name: 'Interval' });
    expect(group.querySelectorAll('button')).toHaveLength(11);
    expect(screen.getByRole('button', { name: '1h' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: '3m' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: '1M' })).toBeTruthy();
  });

  it('chooses an interval on click', () => {
    const onChange = vi.fn();
    render(<IntervalBar intervals={['1m', '1d']} value="1m" onChange={onChange} />);
    fireEvent.click(screen.getByRole('button', { name: '1d' }));
    expect(onChange).toHaveBeenCalledWith('1d');
  });
});

describe('chartIntervals', () => {
  it('keeps the endpoint’s order, drops periods it cannot draw, falls back to every period', () => {
    expect(chartIntervals(['1d', '1m', '7m', '1d'])).toEqual(['1d', '1m']);
    expect(chartIntervals(undefined)).toEqual([...INTERVALS]);
    expect(chartIntervals([])).toEqual([...INTERVALS]);
  });
});

describe('revealInRow', () => {
  it('scrolls a sideways row just enough to show the child whole, and leaves it when it is', () => {
    const row = { scrollLeft: 0, clientWidth: 200 };
    revealInRow(row, { offsetLeft: 250, offsetWidth: 30 });
    expect(row.scrollLeft).toBe(80);
    revealInRow(row, { offsetLeft: 100, offsetWidth: 30 });
    expect(row.scrollLeft).toBe(80);
    revealInRow(row, { offsetLeft: 40, offsetWidth: 30 });
    expect(row.scrollLeft).toBe(40);
  });
});
