// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServerClock } from '../time/server-clock';
import type { Clock } from '../time/clock';
import { useClockAt } from './use-clock-at';

const OPEN = Date.UTC(2026, 10, 25, 14, 30);

function OrderText({ clock }: { clock: Clock }) {
  const now = useClockAt(clock, OPEN > clock.now() ? OPEN : undefined);
  return <p>{now < OPEN ? 'fills at the open' : 'fills now'}</p>;
}

describe('a text that changes at a known instant', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(OPEN - 5 * 60_000);
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('changes when the clock reaches it, with no render before', () => {
    const clock = createServerClock();
    let renders = 0;
    render(
      <Profiler id="order" onRender={() => (renders += 1)}>
        <OrderText clock={clock} />
      </Profiler>,
    );
    expect(screen.getByText('fills at the open')).toBeTruthy();
    const before = renders;
    act(() => {
      vi.advanceTimersByTime(4 * 60_000);
    });
    expect(screen.getByText('fills at the open')).toBeTruthy();
    expect(renders).toBe(before);
    act(() => {
      vi.advanceTimersByTime(60_000 + 10);
    });
    expect(screen.getByText('fills now')).toBeTruthy();
  });

  it('reads the clock again when it jumps (the data’s clock corrected)', () => {
    const clock = createServerClock();
    render(<OrderText clock={clock} />);
    act(() => {
      clock.note(OPEN + 1_000, Date.now());
    });
    expect(screen.getByText('fills now')).toBeTruthy();
  });
});
