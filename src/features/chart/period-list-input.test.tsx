// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeriodListInput } from './period-list-input';

afterEach(cleanup);

function setup(periods: number[] = [20, 50]) {
  const onCommit = vi.fn();
  render(<PeriodListInput label="MA" periods={periods} onCommit={onCommit} />);
  return { onCommit, field: screen.getByRole<HTMLInputElement>('textbox', { name: 'MA' }) };
}

describe('PeriodListInput', () => {
  it.each([
    ['abc', '“abc” is not a number'],
    ['0', '0 is less than 1'],
    ['-5', '-5 is less than 1'],
    ['2.5', '2.5 is not a whole number'],
    ['999999', '999999 is more than 500'],
    ['20, 50, xyz', '“xyz” is not a number'],
    ['1 2 3 4 5 6', '6 periods are too many'],
  ])('refuses %s with its reason and the rule, and goes back to the periods drawn', (typed, reason) => {
    const { onCommit, field } = setup();
    fireEvent.change(field, { target: { value: typed } });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onCommit).not.toHaveBeenCalled();
    expect(field.value).toBe('20, 50');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(`MA: ${reason}. Periods are whole numbers from 1 to 500, at most 5, separated by commas. Kept 20, 50.`);
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
  });

  it('refuses on leaving the field too, and says when nothing was drawn before', () => {
    const { onCommit, field } = setup([]);
    fireEvent.change(field, { target: { value: 'xyz' } });
    fireEvent.blur(field);
    expect(onCommit).not.toHaveBeenCalled();
    expect(field.value).toBe('');
    expect(screen.getByRole('alert').textContent).toContain('Kept none.');
  });

  it('applies a valid list as the chart will draw it, and the message goes', () => {
    const { onCommit, field } = setup();
    fireEvent.change(field, { target: { value: 'abc' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.change(field, { target: { value: ' 9 21;55 21 ' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    expect(onCommit).toHaveBeenCalledWith([9, 21, 55]);
    expect(field.value).toBe('9, 21, 55');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('takes the message away when the field is edited again or it is dismissed', () => {
    const { field } = setup();
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    fireEvent.change(field, { target: { value: '2' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.blur(field);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('drops the draft on Escape, and an unchanged list is not applied again', () => {
    const { onCommit, field } = setup();
    fireEvent.change(field, { target: { value: '7' } });
    fireEvent.keyDown(field, { key: 'Escape' });
    expect(field.value).toBe('20, 50');
    fireEvent.change(field, { target: { value: '20 50' } });
    fireEvent.blur(field);
    expect(onCommit).not.toHaveBeenCalled();
  });
});
