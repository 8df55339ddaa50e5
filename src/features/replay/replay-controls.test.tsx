// @vitest-environment happy-dom
// The replay's controls: the jump field shows where the clock stands still, not each bar of a play.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { testServices, wrapperFor } from '../../queries/query-test-support';
import { createTestClock } from '../../time/test-clock.test-support';
import { ReplayControls, replayTimeText } from './replay-controls';
import { currentReplayRun, startReplay } from './replay-runtime';

const NOW = Date.parse('2026-11-25T08:00:00Z');
const START = Date.parse('2026-11-24T02:00:00Z');

afterEach(() => {
  cleanup();
  currentReplayRun()?.stop();
  window.history.replaceState(null, '', '/');
});

/** A 700.HK replay paused at START, its controls rendered; the jump field. */
function renderControls() {
  const services = testServices({ clock: createTestClock(NOW) });
  const run = startReplay(services, { symbol: '700.HK', start: START, position: START, blind: false });
  if (!run) throw new Error('no replay');
  render(<ReplayControls run={run} />, { wrapper: wrapperFor(services) });
  return { run, field: screen.getByTestId<HTMLInputElement>('replay-jump-time') };
}

describe('the replay controls', () => {
  it('keep the jump field at the instant play started from while it plays, and show the clock again at a pause', () => {
    const { run, field } = renderControls();
    const position = screen.getByTestId('replay-position');
    act(() => {
      run.clock.step('1h', 1);
    });
    const paused = field.value;
    expect(new Date(paused).getTime()).toBe(run.clock.now());
    act(() => {
      run.clock.play();
      run.clock.step('1h', 1);
    });
    // The position follows every bar; the field (whose every new value lays the page out) does not.
    expect(position.textContent).toBe(replayTimeText(run.clock.now()));
    expect(field.value).toBe(paused);
    act(() => {
      run.clock.pause();
    });
    expect(field.value).not.toBe(paused);
    expect(new Date(field.value).getTime()).toBe(run.clock.now());
  });

  it('show where a jump landed, not the text typed, paused or playing', () => {
    const { run, field } = renderControls();
    const form = field.closest('form');
    if (!form) throw new Error('no jump form');
    const jumpTo = (typed: string): void => {
      fireEvent.change(field, { target: { value: typed } });
      fireEvent.submit(form);
    };
    // Past the live clock: the replay stops at the limit, and the field says so.
    act(() => {
      jumpTo('2027-01-05T10:00');
    });
    expect(run.clock.now()).toBe(NOW);
    expect(new Date(field.value).getTime()).toBe(NOW);
    act(() => {
      run.clock.seek(START);
      run.clock.play();
    });
    act(() => {
      jumpTo('2030-01-01T00:00');
    });
    expect(run.clock.now()).toBe(NOW);
    expect(new Date(field.value).getTime()).toBe(NOW);
  });
});
