import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Alert } from './alert-model.ts';
import { AlertMonitor } from './alert-monitor.ts';
import { recordObservation } from './record-observation.ts';

function alert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 'a1',
    symbol: 'AAPL.US',
    condition: { kind: 'cross', level: 100 },
    direction: 'up',
    repeat: 'once',
    cooldownMs: 0,
    sound: false,
    createdAt: 0,
    status: 'armed',
    triggers: [],
    ...overrides,
  };
}

/** Feeds prices one second apart; records fires on the alert as the store and the server do. */
function feed(monitor: AlertMonitor, subject: Alert, prices: readonly number[], start = 1_000): { fired: { price: number; time: number }[]; alert: Alert } {
  let current = [subject];
  const fired: { price: number; time: number }[] = [];
  prices.forEach((price, index) => {
    const time = start + index * 1_000;
    const recording = recordObservation(current, monitor.observe(subject.symbol, subject.type, price, time, current));
    current = recording.alerts;
    for (const { trigger } of recording.recorded) fired.push({ price: trigger.price, time: trigger.time });
  });
  return { fired, alert: current[0] ?? subject };
}

describe('AlertMonitor', () => {
  it('never fires on the first price seen, even beyond the level', () => {
    expect(feed(new AlertMonitor(), alert(), [150]).fired).toEqual([]);
  });

  it('fires a once-only alert exactly once, then it is triggered', () => {
    const { fired, alert: after } = feed(new AlertMonitor(), alert(), [99, 101, 99, 101, 102]);
    expect(fired).toEqual([{ price: 101, time: 2_000 }]);
    expect(after.status).toBe('triggered');
  });

  it('counts the crossing direction: a crossing-down alert ignores the way up', () => {
    const { fired } = feed(new AlertMonitor(), alert({ direction: 'down' }), [99, 101, 98]);
    expect(fired).toEqual([{ price: 98, time: 3_000 }]);
  });

  it('fires on a jump over the level between two prices far apart', () => {
    const monitor = new AlertMonitor();
    const subject = alert();
    monitor.observe('AAPL.US', undefined, 90, 1_000, [subject]);
    expect(monitor.observe('AAPL.US', undefined, 130, 600_000, [subject]).fired).toHaveLength(1);
  });

  it('accepts another spelling of the symbol', () => {
    const monitor = new AlertMonitor();
    const subject = alert({ symbol: '700.HK' });
    monitor.observe('00700.HK', undefined, 90, 1, [subject]);
    expect(monitor.observe('700.HK', undefined, 110, 2, [subject]).fired).toHaveLength(1);
  });

  it('ignores a price older than one already seen (a snapshot arriving after a push)', () => {
    const monitor = new AlertMonitor();
    const subject = alert();
    monitor.observe('AAPL.US', undefined, 101, 5_000, [subject]);
    expect(monitor.observe('AAPL.US', undefined, 99, 4_000, [subject]).fired).toEqual([]);
    // The stale price did not set the side below: the next price above is no crossing.
    expect(monitor.observe('AAPL.US', undefined, 102, 6_000, [subject]).fired).toEqual([]);
  });

  it('after a reset (reconnect) the next price only sets the side', () => {
    const monitor = new AlertMonitor();
    const subject = alert();
    monitor.observe('AAPL.US', undefined, 99, 1_000, [subject]);
    monitor.reset('AAPL.US', undefined, [subject]);
    expect(monitor.observe('AAPL.US', undefined, 101, 2_000, [subject]).fired).toEqual([]);
    expect(monitor.observe('AAPL.US', undefined, 99, 3_000, [subject]).fired).toEqual([]);
    expect(monitor.observe('AAPL.US', undefined, 101, 4_000, [subject]).fired).toHaveLength(1);
  });

  it('a new alert takes its side from the previous price, so the next crossing counts', () => {
    const monitor = new AlertMonitor();
    monitor.observe('AAPL.US', undefined, 99, 1_000, []);
    expect(monitor.observe('AAPL.US', undefined, 101, 2_000, [alert()]).fired).toHaveLength(1);
  });

  it('a dragged level starts from the previous price too (no stale side of the old level)', () => {
    const monitor = new AlertMonitor();
    const subject = alert();
    monitor.observe('AAPL.US', undefined, 99, 1_000, [subject]);
    const moved = alert({ condition: { kind: 'cross', level: 98 } });
    // 99 was above 98: going to 99.5 crosses nothing.
    expect(monitor.observe('AAPL.US', undefined, 99.5, 2_000, [moved]).fired).toEqual([]);
    expect(monitor.observe('AAPL.US', undefined, 97, 3_000, [{ ...moved, direction: 'either' }]).fired).toHaveLength(1);
  });

  it('a repeating alert fires on each crossing, but not within its cooldown', () => {
    const subject = alert({ repeat: 'every', cooldownMs: 2_500, direction: 'either' });
    // Crossings at t=2s (up), 3s (down), 4s (up), 6s (down).
    const { fired } = feed(new AlertMonitor(), subject, [99, 101, 99, 101, 101, 99]);
    expect(fired.map((fire) => fire.time)).toEqual([2_000, 6_000]);
  });

  it('repeating alerts: fires are never closer than the cooldown, and every crossing after it fires (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 60 }), fc.integer({ min: 0, max: 10 }), (prices, cooldownSteps) => {
        const cooldownMs = cooldownSteps * 1_000;
        const level = 10.5;
        const { fired } = feed(new AlertMonitor(), alert({ repeat: 'every', cooldownMs, direction: 'either', condition: { kind: 'cross', level } }), prices);
        for (let i = 1; i < fired.length; i += 1) expect((fired[i]?.time ?? 0) - (fired[i - 1]?.time ?? 0)).toBeGreaterThanOrEqual(cooldownMs);
        // Reference: walk the crossings, keeping those past the cooldown.
        let expected = 0;
        let lastFire: number | undefined;
        for (let i = 1; i < prices.length; i += 1) {
          if ((prices[i] ?? 0) > level === (prices[i - 1] ?? 0) > level) continue;
          const time = 1_000 + i * 1_000;
          if (lastFire !== undefined && time - lastFire < cooldownMs) continue;
          expected += 1;
          lastFire = time;
        }
        expect(fired).toHaveLength(expected);
      }),
    );
  });

  it('a move alert fires on a move of N % from its base, either way', () => {
    const either = alert({ condition: { kind: 'move', percent: 5, base: 100 }, direction: 'either', repeat: 'every' });
    expect(feed(new AlertMonitor(), either, [100, 104, 104.9]).fired).toEqual([]);
    expect(feed(new AlertMonitor(), either, [100, 105.2]).fired).toEqual([{ price: 105.2, time: 2_000 }]);
    expect(feed(new AlertMonitor(), either, [100, 94]).fired).toEqual([{ price: 94, time: 2_000 }]);
    const up = alert({ condition: { kind: 'move', percent: 5, base: 100 }, direction: 'up' });
    expect(feed(new AlertMonitor(), up, [100, 94, 90]).fired).toEqual([]);
    expect(feed(new AlertMonitor(), up, [100, 94, 106]).fired).toEqual([{ price: 106, time: 3_000 }]);
  });

  it('past its expiry an alert fires nothing and is answered as expired', () => {
    const monitor = new AlertMonitor();
    const subject = alert({ expiresAt: 1_500 });
    monitor.observe('AAPL.US', undefined, 99, 1_000, [subject]);
    expect(monitor.observe('AAPL.US', undefined, 101, 2_000, [subject])).toEqual({ fired: [], expired: ['a1'] });
  });

  it('ignores alerts not armed and alerts of other symbols', () => {
    const monitor = new AlertMonitor();
    const alerts = [alert({ id: 't', status: 'triggered' }), alert({ id: 'x', status: 'expired' }), alert({ id: 'o', symbol: 'MSFT.US' })];
    monitor.observe('AAPL.US', undefined, 99, 1, alerts);
    expect(monitor.observe('AAPL.US', undefined, 101, 2, alerts).fired).toEqual([]);
  });
});
