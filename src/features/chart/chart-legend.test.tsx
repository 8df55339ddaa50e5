// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import { MINUS } from '../../lib/format';
import { ChartLegend } from './chart-legend';
import { LegendActions } from './legend-actions';

afterEach(cleanup);

const previous: Candle = { time: 0, open: 180, high: 190, low: 179, close: 187.5, volume: 1_000 };
const candle: Candle = { time: 1, open: 187.5, high: 189.25, low: 185.1, close: 185, volume: 52_340_000 };

function value(label: string): string | null | undefined {
  const term = screen.getAllByRole('term').find((t) => t.textContent === label);
  return term?.nextElementSibling?.textContent;
}

describe('ChartLegend', () => {
  it('shows O/H/L/C in the symbol’s precision, change against the previous close and volume', () => {
    render(<ChartLegend candle={candle} previous={previous} decimals={2} timeLabel="2026-03-09" upColor="#00ff00" downColor="#ff0000" />);
    expect(value('Time')).toBe('2026-03-09');
    expect(value('O')).toBe('187.50');
    expect(value('H')).toBe('189.25');
    expect(value('L')).toBe('185.10');
    expect(value('C')).toBe('185.00');
    expect(value('Chg')).toBe(`${MINUS}2.50`);
    expect(value('Chg%')).toBe(`${MINUS}1.33%`);
    expect(value('Vol')).toBe('52.3M');
  });

  it('colours the change by direction', () => {
    render(<ChartLegend candle={{ ...candle, close: 190 }} previous={previous} decimals={3} upColor="#00ff00" downColor="#ff0000" />);
    const change = screen.getAllByRole('term').find((t) => t.textContent === 'Chg')?.nextElementSibling as HTMLElement;
    expect(change.textContent).toBe('+2.500');
    expect(change.style.color).toMatch(/#00ff00|rgb\(0, 255, 0\)/);
  });

  it('compares with the open when there is no previous candle, and shows nothing without a candle', () => {
    const { rerender } = render(<ChartLegend candle={candle} previous={undefined} decimals={2} upColor="#0f0" downColor="#f00" />);
    expect(value('Chg')).toBe(`${MINUS}2.50`);
    rerender(<ChartLegend candle={undefined} previous={undefined} decimals={2} upColor="#0f0" downColor="#f00" />);
    expect(screen.queryByTestId('chart-legend')).toBeNull();
  });

  it('shows the corporate action of the candle with its factors', () => {
    render(
      <ChartLegend candle={candle} previous={previous} decimals={2} upColor="#0f0" downColor="#f00">
        <LegendActions actions={[{ text: 'Split 4:1', factors: ['forward ×0.25 +0', 'backward ×4 +0'] }]} />
      </ChartLegend>,
    );
    const action = screen.getByTestId('chart-legend-action');
    expect(action.textContent).toBe('Split 4:1: forward ×0.25 +0; backward ×4 +0');
  });

  it('lists the actions of a badge that stands for several, dated, at most six and a count of the rest', () => {
    const actions = Array.from({ length: 8 }, (_, i) => ({ date: `2024-0${String(i + 1)}`, text: 'Div 0.2', factors: ['forward ×1 \u22120.2'] }));
    render(
      <ChartLegend candle={candle} previous={previous} decimals={2} upColor="#0f0" downColor="#f00">
        <LegendActions actions={actions} />
      </ChartLegend>,
    );
    const lines = screen.getAllByTestId('chart-legend-action').map((line) => line.textContent);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('2024-01 Div 0.2: forward ×1 \u22120.2');
    expect(screen.getByTestId('chart-legend-more').textContent).toContain('and 2 more');
  });
});
