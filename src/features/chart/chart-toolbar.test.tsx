// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PREFERENCES } from '../../store/preferences-slice';
import { ChartToolbar } from './chart-toolbar';

afterEach(cleanup);

function setup() {
  const handlers = { onZoneChange: vi.fn(), onScaleChange: vi.fn(), onIndicatorsChange: vi.fn() };
  render(<ChartToolbar zone="market" scale="normal" indicators={DEFAULT_PREFERENCES.indicators} {...handlers} />);
  return handlers;
}

describe('ChartToolbar', () => {
  it('switches the display time zone and the price scale', () => {
    const { onZoneChange, onScaleChange } = setup();
    expect(screen.getByRole('radiogroup', { name: 'Time zone' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Market' }).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'UTC' }));
    expect(onZoneChange).toHaveBeenCalledWith('utc');
    expect(screen.getByRole('radiogroup', { name: 'Price scale' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Log' }));
    expect(onScaleChange).toHaveBeenCalledWith('log');
    fireEvent.click(screen.getByRole('radio', { name: 'Percent' }));
    expect(onScaleChange).toHaveBeenCalledWith('percent');
  });

  it('edits MA periods, applied on Enter; an invalid list is flagged and not applied', async () => {
    const { onIndicatorsChange } = setup();
    // The indicators' fields load after the rest of the toolbar.
    const ma = await screen.findByRole<HTMLInputElement>('textbox', { name: 'MA' });
    expect(ma.value).toBe('20, 50');
    fireEvent.change(ma, { target: { value: '20, nope' } });
    expect(ma.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(ma, { key: 'Enter' });
    expect(onIndicatorsChange).not.toHaveBeenCalled();
    fireEvent.change(ma, { target: { value: '10 30' } });
    fireEvent.keyDown(ma, { key: 'Enter' });
    expect(onIndicatorsChange).toHaveBeenCalledWith({ ma: [10, 30] });
  });

  it('applies EMA periods when focus leaves, and toggles Bollinger, MACD and RSI', async () => {
    const { onIndicatorsChange } = setup();
    const ema = await screen.findByRole('textbox', { name: 'EMA' });
    fireEvent.change(ema, { target: { value: '12' } });
    fireEvent.blur(ema);
    expect(onIndicatorsChange).toHaveBeenLastCalledWith({ ema: [12] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'MACD' }));
    expect(onIndicatorsChange).toHaveBeenLastCalledWith({ macd: true });
    fireEvent.click(screen.getByRole('checkbox', { name: 'RSI' }));
    expect(onIndicatorsChange).toHaveBeenLastCalledWith({ rsi: true });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bollinger' }));
    expect(onIndicatorsChange).toHaveBeenLastCalledWith({ bollinger: true });
  });
});
