/**
 * The clock of a replay: a Clock (src/time/clock.ts) the user drives. It starts at an instant,
 * plays and pauses, steps one bar of an interval forward or back, seeks, and plays at a speed:
 * a number of bars of an interval a second (jumping from bar close to bar close), or real time
 * ×1, ×10, ×60 (gliding). It never passes `limit` (the live clock): playing stops there.
 *
 * Bars are cut by a venue's sessions (shared/replay/session-bars.ts), so a step of 1h from HK's
 * 11:30 bar lands at the close of the 13:00 bar, not in the lunch break. Wall time comes from
 * injected timers, so tests drive it without waiting.
 */
import type { Interval } from '#shared/contract.ts';
import { INTERVAL_MS } from '#shared/interval-length.ts';
import { sessionBarOf } from '#shared/replay/session-bars.ts';
import { firstMinuteFrom, lastMinuteBefore, type SessionCalendar } from '#shared/replay/session-calendar.ts';
import { clockListeners, wallClock, type Clock } from '../../time/clock';
import type { InstantMs } from '../../time/time-types';

export type ReplaySpeed =
  /** `perSecond` bars of `interval` a second, each a jump to the next bar's close. */
  | { kind: 'bars'; interval: Interval; perSecond: number }
  /** Real time times `factor` (1, 10, 60…). */
  | { kind: 'realtime'; factor: number };

/** Wall time and timers: the browser's, or a test's. */
export interface ReplayTimers {
  now(): number;
  /** Calls `callback` once after `ms`; returns the cancel. */
  schedule(callback: () => void, ms: number): () => void;
}

export const browserTimers: ReplayTimers = {
  now: () => wallClock.now(),
  schedule(callback, ms) {
    const id = setTimeout(callback, ms);
    return () => {
      clearTimeout(id);
    };
  },
};

export interface ReplayClockOptions {
  /** Where the replay starts. */
  start: number;
  /** The sessions whose bars a step moves by (the replayed instrument's venue). */
  calendar: SessionCalendar;
  speed?: ReplaySpeed;
  /** The latest instant the replay may reach (the live clock's now); no limit by default. */
  limit?: () => number;
  timers?: ReplayTimers;
}

export interface ReplayClock extends Clock {
  playing(): boolean;
  speed(): ReplaySpeed;
  play(): void;
  pause(): void;
  setSpeed(speed: ReplaySpeed): void;
  /** One bar of `interval` forward (to the close of the next bar to complete) or back (to the close of the bar before the current one). */
  step(interval: Interval, direction: 1 | -1): void;
  /** Jumps to `instant` (at most the limit), playing on if it was. */
  seek(instant: number): void;
}

/** A month, for the pace of monthly bars. */
const MONTH_MS = 30 * 86_400_000;

/** The instant one bar of `interval` from `at`: see ReplayClock.step. */
export function stepFrom(calendar: SessionCalendar, interval: Interval, at: number, direction: 1 | -1): number {
  if (direction === 1) {
    const minute = firstMinuteFrom(calendar, at);
    const bar = minute === undefined ? undefined : sessionBarOf(calendar, interval, minute);
    return bar?.close ?? at;
  }
  const minute = lastMinuteBefore(calendar, at);
  const current = minute === undefined ? undefined : sessionBarOf(calendar, interval, minute);
  const before = current && lastMinuteBefore(calendar, current.time);
  const previous = before === undefined ? undefined : sessionBarOf(calendar, interval, before);
  return previous?.close ?? at;
}

export function createReplayClock(options: ReplayClockOptions): ReplayClock {
  const { calendar, timers = browserTimers } = options;
  const limit = options.limit ?? (() => Number.POSITIVE_INFINITY);
  const { subscribe, notify } = clockListeners();
  let speed: ReplaySpeed = options.speed ?? { kind: 'bars', interval: '1m', perSecond: 1 };
  let isPlaying = false;
  /** The replay's instant at wall time `wallBase`; it glides from there only in real-time play. */
  let base = Math.min(options.start, limit());
  let wallBase = timers.now();
  let cancel: (() => void) | undefined;

  function read(): number {
    if (!isPlaying || speed.kind !== 'realtime') return base;
    return Math.min(limit(), base + (timers.now() - wallBase) * speed.factor);
  }

  /** Holds the current reading as the new base (before a change of pace or position). */
  function rebase(at = read()): void {
    base = Math.min(at, limit());
    wallBase = timers.now();
  }

  function stopTimer(): void {
    cancel?.();
    cancel = undefined;
  }

  function tick(): void {
    cancel = undefined;
    if (!isPlaying) return;
    if (speed.kind === 'bars') {
      const next = Math.min(stepFrom(calendar, speed.interval, base, 1), limit());
      if (next <= base) {
        stop();
        return;
      }
      rebase(next);
      notify();
    } else if (read() >= limit()) {
      stop();
      return;
    }
    schedule();
  }

  function schedule(): void {
    stopTimer();
    if (!isPlaying) return;
    // Real time checks when it would reach the limit (the limit moves: checked again then).
    const ms = speed.kind === 'bars' ? 1_000 / speed.perSecond : Math.max(1_000, (limit() - read()) / speed.factor);
    cancel = timers.schedule(tick, Math.min(ms, 2 ** 31 - 1));
  }

  function stop(): void {
    rebase();
    isPlaying = false;
    stopTimer();
    notify();
  }

  return {
    now: () => read() as InstantMs,
    rate: () => {
      if (!isPlaying) return 0;
      if (speed.kind === 'realtime') return speed.factor;
      return ((INTERVAL_MS[speed.interval] ?? MONTH_MS) * speed.perSecond) / 1_000;
    },
    known: () => true,
    subscribe,
    playing: () => isPlaying,
    speed: () => speed,
    play() {
      if (isPlaying || read() >= limit()) return;
      rebase();
      isPlaying = true;
      schedule();
      notify();
    },
    pause() {
      if (isPlaying) stop();
    },
    setSpeed(next) {
      rebase();
      speed = next;
      schedule();
      notify();
    },
    step(interval, direction) {
      rebase(stepFrom(calendar, interval, read(), direction));
      schedule();
      notify();
    },
    seek(instant) {
      rebase(instant);
      schedule();
      notify();
    },
  };
}
