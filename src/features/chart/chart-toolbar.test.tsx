// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
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

  it('shows the indicators’ fields with the scales, in one render (no wait of their own behind the scales)', () => {
    setup();
    expect(screen.getByRole('radiogroup', { name: 'Price scale' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'MA' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Indicators…' })).toBeTruthy();
  });

  it('edits MA periods, applied on Enter; an invalid list is flagged and not applied', async () => {
    const { onIndicatorsChange } = setup();
    const ma = await screen.findByRole<HTMLInputElement>('textbox', { name: 'MA' });
    expect(ma.value).toBe('20, 50');
    fireEvent.change(ma, { target: { value: '20, nope' } });
    expect(ma.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(ma, { key: 'Enter' });
    expect(onIndicatorsChange).not.toHaveBeenCalled();
    fireEvent.change(ma, { target: { value: '10 30' } });
    fireEvent.keyDown(ma, { key: 'Enter' });
    // MA 20 and 50 give way to MA 10 and 30 (new instances where the old ones were).
    expect(onIndicatorsChange).toHaveBeenCalledWith([
      { id: 'sma-1', kind: 'sma', params: { period: 10 } },
      { id: 'sma-2', kind: 'sma', params: { period: 30 } },
    ]);
  });

  it('applies EMA periods when focus leaves, after the MAs', async () => {
    const { onIndicatorsChange } = setup();
    const ema = await screen.findByRole('textbox', { name: 'EMA' });
    fireEvent.change(ema, { target: { value: '12' } });
    fireEvent.blur(ema);
    expect(onIndicatorsChange).toHaveBeenLastCalledWith([...DEFAULT_PREFERENCES.indicators, { id: 'ema-1', kind: 'ema', params: { period: 12 } }]);
  });

  it('opens the picker: a search adds KDJ with its defaults; parameters, colour, pane and Remove edit the list', async () => {
    const { onIndicatorsChange } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Indicators…' }));
    const search = await screen.findByRole('searchbox', { name: 'Search indicators' });
    fireEvent.change(search, { target: { value: 'kdj' } });
    expect(screen.getAllByRole('button', { name: /^Add / }).map((b) => b.getAttribute('aria-label'))).toEqual(['Add KDJ']);
    fireEvent.click(screen.getByRole('button', { name: 'Add KDJ' }));
    expect(onIndicatorsChange).toHaveBeenLastCalledWith([...DEFAULT_PREFERENCES.indicators, { id: 'kdj-1', kind: 'kdj', params: { period: 9, k: 3, d: 3 } }]);
    // Enter adds the first match.
    fireEvent.change(search, { target: { value: 'parabolic' } });
    fireEvent.keyDown(search, { key: 'Enter' });
    expect(onIndicatorsChange).toHaveBeenLastCalledWith([...DEFAULT_PREFERENCES.indicators, { id: 'psar-1', kind: 'psar', params: { step: 0.02, max: 0.2 } }]);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('No indicator matches “zzz”')).toBeTruthy();
    // The chart's own MA 50: period, colour, pane, removal.
    const ma50 = screen.getByTestId('indicator-sma-2');
    fireEvent.change(within(ma50).getByRole('textbox', { name: 'Period' }), { target: { value: '60' } });
    expect(onIndicatorsChange).toHaveBeenLastCalledWith([DEFAULT_PREFERENCES.indicators[0], { id: 'sma-2', kind: 'sma', params: { period: 60 } }]);
    fireEvent.change(within(ma50).getByRole('textbox', { name: 'Period' }), { target: { value: '0' } });
    expect(onIndicatorsChange).toHaveBeenCalledTimes(3);
    // The swatch shows the line's colour on the chart: the dark theme's second average colour.
    expect(within(ma50).getByLabelText<HTMLInputElement>('Colour of MA 50').value).toBe('#38bdf8');
    fireEvent.change(within(ma50).getByLabelText('Colour of MA 50'), { target: { value: '#00ff00' } });
    expect(onIndicatorsChange).toHaveBeenLastCalledWith([
      DEFAULT_PREFERENCES.indicators[0],
      { id: 'sma-2', kind: 'sma', params: { period: 50 }, colours: ['#00ff00'] },
    ]);
    fireEvent.change(within(ma50).getByRole('combobox', { name: 'Pane of MA 50' }), { target: { value: 'own' } });
    expect(onIndicatorsChange).toHaveBeenLastCalledWith([DEFAULT_PREFERENCES.indicators[0], { id: 'sma-2', kind: 'sma', params: { period: 50 }, pane: 'own' }]);
    fireEvent.click(within(ma50).getByRole('button', { name: 'Remove MA 50' }));
    expect(onIndicatorsChange).toHaveBeenLastCalledWith([DEFAULT_PREFERENCES.indicators[0]]);
  });
  it('refuses a parameter the indicator cannot take, saying why and what it keeps; Remove keeps focus in the dialog', async () => {
    const { onIndicatorsChange } = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Indicators…' }));
    const ma50 = screen.getByTestId('indicator-sma-2');
    const period = within(ma50).getByRole<HTMLInputElement>('textbox', { name: 'Period' });
    for (const [typed, why] of [
      ['0', '0 is less than 1'],
      ['9999', '9999 is more than 500'],
      ['-5', '-5 is less than 1'],
      ['7.5', '7.5 is not a whole number'],
      ['', 'a value is needed'],
      ['abc', '“abc” is not a number'],
    ] as const) {
      fireEvent.change(period, { target: { value: typed } });
      expect(within(ma50).getByRole('alert').textContent).toBe(`Period: ${why}. Values are 1 to 500; kept 50.`);
      expect(period.getAttribute('aria-invalid')).toBe('true');
    }
    expect(onIndicatorsChange).not.toHaveBeenCalled();
    // Leaving the field puts back what the chart draws; a good value clears the message.
    fireEvent.blur(period);
    expect(period.value).toBe('50');
    fireEvent.change(period, { target: { value: '55' } });
    expect(within(ma50).queryByRole('alert')).toBeNull();
    expect(onIndicatorsChange).toHaveBeenLastCalledWith([DEFAULT_PREFERENCES.indicators[0], { id: 'sma-2', kind: 'sma', params: { period: 55 } }]);
    fireEvent.click(within(ma50).getByRole('button', { name: 'Remove MA 50' }));
    expect(screen.getByRole('dialog').contains(document.activeElement)).toBe(true);
  });
});
