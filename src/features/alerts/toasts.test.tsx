// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOAST_MS, Toaster, useToasts } from './toasts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useToasts.setState({ toasts: [] });
});

describe('Toaster', () => {
  it('announces a toast in a live region and takes it away after a few seconds', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    const region = screen.getByRole('status', { name: 'Alert toasts' });
    act(() => {
      useToasts.getState().push('Alert: AAPL.US', 'AAPL.US crossed above 100: 100.5');
    });
    expect(region.textContent).toContain('AAPL.US crossed above 100');
    act(() => {
      vi.advanceTimersByTime(TOAST_MS - 1);
    });
    expect(screen.queryAllByTestId('alert-toast')).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryAllByTestId('alert-toast')).toHaveLength(0);
  });

  it('is dismissed by its button', () => {
    render(<Toaster />);
    act(() => {
      useToasts.getState().push('Alert: AAPL.US', 'text');
    });
    act(() => {
      screen.getByRole('button', { name: 'Dismiss alert' }).click();
    });
    expect(screen.queryAllByTestId('alert-toast')).toHaveLength(0);
  });
});
