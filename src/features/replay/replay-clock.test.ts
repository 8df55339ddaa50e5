// The replay's clock, driven by the user: play at a speed, pause, step, seek, never past live.
import { describe, expect, it, vi } from 'vitest';
import { sessionCalendar } from '#shared/replay/session-calendar.ts';
import { manualTimers } from './manual-timers.test-support';
import { createReplayClock, stepFrom, type ReplayClockOptions } from './replay-clock';

const hk = (local: string): number => Date.parse(`2026-11-24T${local}+08:00`);
const HK = sessionCalendar('HK');

function clockAt(local: string, options: Partial<ReplayClockOptions> = {}) {
  const timers = manualTimers(1_000_000);
  const clock = createReplayClock({ start: hk(local), calendar: HK, timers, ...options });
  return { clock, timers };
}

describe('a replay step', () => {
  it('moves forward to the close of the next bar to complete, across the lunch break', () => {
    expect(stepFrom(HK, '1h', hk('10:30'), 1)).toBe(hk('11:30'));
    expect(stepFrom(HK, '1h', hk('10:45'), 1)).toBe(hk('11:30'));
    expect(stepFrom(HK, '1h', hk('11:30'), 1)).toBe(hk('12:00'));
    expect(stepFrom(HK, '1h', hk('12:00'), 1)).toBe(hk('14:00'));
    expect(stepFrom(HK, '1m', hk('10:45:30'), 1)).toBe(hk('10:46'));
    expect(stepFrom(HK, '1d', hk('16:00'), 1)).toBe(Date.parse('2026-11-25T16:00+08:00'));
  });

  it('moves back to the close of the bar before the current one', () => {
    expect(stepFrom(HK, '1h', hk('10:45'), -1)).toBe(hk('10:30'));
    expect(stepFrom(HK, '1h', hk('10:30'), -1)).toBe(Date.parse('2026-11-23T16:00+08:00'));
    expect(stepFrom(HK, '1h', hk('12:15'), -1)).toBe(hk('11:30'));
    expect(stepFrom(HK, '1h', hk('14:00'), -1)).toBe(hk('12:00'));
    expect(stepFrom(HK, '5m', hk('13:00'), -1)).toBe(hk('11:55'));
  });
});

describe('the replay clock', () => {
  it('stands still until played, reads its start, and is known', () => {
    const { clock, timers } = clockAt('10:00');
    timers.advance(60_000);
    expect(clock.now()).toBe(hk('10:00'));
    expect(clock.rate()).toBe(0);
    expect(clock.known()).toBe(true);
    expect(clock.playing()).toBe(false);
  });

  it('plays bars a second at an interval, each a jump its listeners hear, and pauses', () => {
    const { clock, timers } = clockAt('11:00', { speed: { kind: 'bars', interval: '1h', perSecond: 2 } });
    const heard = vi.fn();
    clock.subscribe(heard);
    clock.play();
    expect(clock.rate()).toBe(7_200);
    timers.advance(499);
    expect(clock.now()).toBe(hk('11:00'));
    timers.advance(1);
    expect(clock.now()).toBe(hk('11:30'));
    timers.advance(500);
    expect(clock.now()).toBe(hk('12:00'));
    timers.advance(500);
    expect(clock.now()).toBe(hk('14:00'));
    // Playing (a change of pace), then three jumps.
    expect(heard).toHaveBeenCalledTimes(4);
    clock.pause();
    timers.advance(5_000);
    expect(clock.now()).toBe(hk('14:00'));
    expect(clock.rate()).toBe(0);
    expect(timers.pending()).toBe(0);
  });

  it('glides in real time ×60 and changes pace without a jump', () => {
    const { clock, timers } = clockAt('10:00', { speed: { kind: 'realtime', factor: 60 } });
    clock.play();
    timers.advance(30_000);
    expect(clock.now()).toBe(hk('10:30'));
    expect(clock.rate()).toBe(60);
    clock.setSpeed({ kind: 'realtime', factor: 1 });
    timers.advance(60_000);
    expect(clock.now()).toBe(hk('10:31'));
  });

  it('steps and seeks while paused or playing', () => {
    const { clock, timers } = clockAt('10:45', { speed: { kind: 'bars', interval: '5m', perSecond: 1 } });
    clock.step('1h', 1);
    expect(clock.now()).toBe(hk('11:30'));
    clock.step('1h', -1);
    expect(clock.now()).toBe(hk('10:30'));
    clock.seek(hk('13:02:10'));
    expect(clock.now()).toBe(hk('13:02:10'));
    clock.play();
    timers.advance(1_000);
    expect(clock.now()).toBe(hk('13:05'));
    // A seek while playing restarts the bar's second.
    timers.advance(400);
    clock.seek(hk('15:00'));
    timers.advance(999);
    expect(clock.now()).toBe(hk('15:00'));
    timers.advance(1);
    expect(clock.now()).toBe(hk('15:05'));
  });

  it('stops at its limit (the live clock)', () => {
    const live = hk('11:10');
    const { clock, timers } = clockAt('10:00', { speed: { kind: 'bars', interval: '1h', perSecond: 1 }, limit: () => live });
    const heard = vi.fn();
    clock.subscribe(heard);
    clock.play();
    timers.advance(1_000);
    expect(clock.now()).toBe(hk('10:30'));
    timers.advance(1_000);
    expect(clock.now()).toBe(live);
    timers.advance(1_000);
    expect(clock.playing()).toBe(false);
    expect(clock.now()).toBe(live);
    clock.seek(hk('15:00'));
    expect(clock.now()).toBe(live);
    clock.play();
    expect(clock.playing()).toBe(false);
    expect(heard.mock.calls.length).toBeGreaterThan(0);
  });

  it('stops a real-time play at the limit', () => {
    const { clock, timers } = clockAt('10:00', { speed: { kind: 'realtime', factor: 10 }, limit: () => hk('10:10') });
    clock.play();
    timers.advance(60_000);
    expect(clock.now()).toBe(hk('10:10'));
    expect(clock.playing()).toBe(false);
  });
});
