import { describe, expect, it } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import { nextReconcileMs, RECONCILE_DELAY_MS, SLOW_RECONCILE_MS } from './use-latest-kline';

const MINUTE = 60_000;
const T = Date.UTC(2026, 10, 25, 15, 0);
const forming = (time: number): Candle => ({ time, open: 1, high: 1, low: 1, close: 1, volume: 0 });

describe('nextReconcileMs: the latest K-line is a reconcile, not a poll', () => {
  it('up to 1h: once, right after the forming bar completes', () => {
    expect(nextReconcileMs('1m', forming(T), T + 20_000)).toBe(40_000 + RECONCILE_DELAY_MS);
    expect(nextReconcileMs('5m', forming(T), T + MINUTE)).toBe(4 * MINUTE + RECONCILE_DELAY_MS);
    // A US 1h bar from 09:30 New York ends at 10:30, not on the epoch hour.
    const open = Date.UTC(2026, 10, 25, 14, 30);
    expect(nextReconcileMs('1h', forming(open), Date.UTC(2026, 10, 25, 15, 0))).toBe(30 * MINUTE + RECONCILE_DELAY_MS);
  });

  it('just after the end, before the service was asked again: still that reconcile, never a tight loop', () => {
    expect(nextReconcileMs('1m', forming(T), T + MINUTE + 200)).toBe(RECONCILE_DELAY_MS - 200);
    expect(nextReconcileMs('1m', forming(T), T + MINUTE + 1_400)).toBeGreaterThanOrEqual(1_000);
  });

  it('no bar forming now (market closed, none yet): the next boundary of the interval, at most a minute away', () => {
    const yesterday = forming(T - 20 * 3_600_000);
    expect(nextReconcileMs('1m', yesterday, T + 30_000)).toBe(30_000 + RECONCILE_DELAY_MS);
    expect(nextReconcileMs('30m', yesterday, T + MINUTE)).toBe(SLOW_RECONCILE_MS);
    expect(nextReconcileMs('15m', null, T + 14.5 * MINUTE)).toBe(30_000 + RECONCILE_DELAY_MS);
    expect(nextReconcileMs('1m', undefined, T)).toBe(SLOW_RECONCILE_MS);
  });

  it('longer intervals: every minute', () => {
    for (const interval of ['2h', '4h', '1d', '1w', '1M'] as const) {
      expect(nextReconcileMs(interval, forming(T), T + 1_000)).toBe(SLOW_RECONCILE_MS);
    }
  });

  it('costs one request a minute or less for the default 1d chart, one per bar for 1m', () => {
    const requestsPerHour = (interval: '1m' | '1d') => {
      let now = T + 1;
      let count = 0;
      while (now < T + 3_600_000) {
        const bar = interval === '1m' ? Math.floor(now / MINUTE) * MINUTE : Date.UTC(2026, 10, 25, 5);
        now += nextReconcileMs(interval, forming(bar), now);
        count++;
      }
      return count;
    };
    expect(requestsPerHour('1d')).toBe(60);
    expect(requestsPerHour('1m')).toBe(60);
  });
});
