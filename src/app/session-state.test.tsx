// @vitest-environment happy-dom
// The header's session state follows the app services' clock, not the browser's.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { recordUnansweredFetches, TestServices, testServices } from '../queries/query-test-support';
import { useAppStore } from '../store/app-store';
import { createTestClock } from '../time/test-clock.test-support';
import { SessionState } from './session-state';

const initial = useAppStore.getState();
// Forex trades from Sunday 22:00 to Friday 22:00 UTC (shared/venue-sessions.ts).
const FRIDAY_EVENING = Date.parse('2026-11-27T21:00:00Z');
const HOUR = 3_600_000;

beforeEach(() => {
  useAppStore.setState(initial, true);
  useAppStore.setState((state) => ({ workspace: { ...state.workspace, symbol: 'EURUSD', type: 'forex' } }));
  recordUnansweredFetches();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const phase = () => screen.getByTestId('header-session').dataset.phase;

describe('the header session state', () => {
  it('shows the market at the clock’s instant, and moves when the clock is stepped', () => {
    const clock = createTestClock(FRIDAY_EVENING);
    render(
      <TestServices services={testServices({ clock })}>
        <SessionState />
      </TestServices>,
    );
    expect(phase()).toBe('open');

    act(() => {
      clock.advance(2 * HOUR);
    });
    expect(phase()).toBe('closed');

    act(() => {
      clock.set(FRIDAY_EVENING - 2 * 24 * HOUR);
    });
    expect(phase()).toBe('open');
  });
});
