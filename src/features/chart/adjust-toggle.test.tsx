// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdjustToggle } from './adjust-toggle';

afterEach(cleanup);

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });

describe('AdjustToggle', () => {
  it('is a radio group named Adjust with None, Forward and Backward, one checked', () => {
    render(<AdjustToggle value="forward" onChange={() => undefined} source="local" />);
    const group = screen.getByRole('radiogroup', { name: 'Adjust' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['none', 'forward', 'backward']);
    expect(radio('Forward').checked).toBe(true);
    expect(radio('None').checked).toBe(false);
    expect(radio('Backward').checked).toBe(false);
    // Native radios sharing a name: arrow keys move the choice within the group.
    expect(
      new Set(
        within(group)
          .getAllByRole('radio')
          .map((r) => r.getAttribute('name')),
      ).size,
    ).toBe(1);
  });

  it('reports the chosen mode', () => {
    const onChange = vi.fn();
    render(<AdjustToggle value="none" onChange={onChange} source="none" />);
    fireEvent.click(radio('Backward'));
    expect(onChange).toHaveBeenCalledWith('backward');
  });

  it('says when the server adjusts because the plan lacks ex-factors', () => {
    const { rerender } = render(<AdjustToggle value="forward" onChange={() => undefined} source="local" />);
    expect(screen.queryByRole('note')).toBeNull();
    rerender(<AdjustToggle value="forward" onChange={() => undefined} source="server" />);
    expect(screen.getByRole('note').textContent).toMatch(/ex-factors are not on this plan/);
  });
});
