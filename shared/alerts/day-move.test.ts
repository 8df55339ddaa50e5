import { describe, expect, it } from 'vitest';
import type { Alert } from './alert-model.ts';
import { AlertMonitor } from './alert-monitor.ts';
import { alertSchema } from './alert-schema.ts';
import { dayReferenceOf, holdsAt, type DayReference } from './day-reference.ts';
import { recordObservation } from './record-observation.ts';

// 700.HK: Hong Kong days (UTC+8). 2026-11-30 09:30 HKT is 01:30 UTC.
const MONDAY_OPEN = Date.UTC(2026, 10, 30, 1, 30);
const TUESDAY_OPEN = MONDAY_OPEN + 86_400_000;
const MINUTE = 60_000;

function dayMove(overrides: Partial<Alert> = {}): Alert {
  return {
    id: 'd1',
    symbol: '700.HK',
    type: 'stock',
    condition: { kind: 'dayMove', percent: 3 },
    direction: 'either',
    repeat: 'once',
    cooldownMs: 0,
    sound: false,
    createdAt: 0,
    status: 'armed',
    triggers: [],
    ...overrides,
  };
}

function reference(prevClose: string, time: number): DayReference {
  const found = dayReferenceOf({ last_price: prevClose, prev_close: prevClose, timestamp: time }, '700.HK', 'stock');
  if (!found) throw new Error('no reference');
  return found;
}

/** Feeds [time, price, reference?] in order; returns the prices that fired. */
function run(monitor: AlertMonitor, subject: Alert, steps: readonly [number, number, DayReference?][]): number[] {
  let alerts = [subject];
  const fired: number[] = [];
  for (const [time, price, given] of steps) {
    const recording = recordObservation(alerts, monitor.observe(subject.symbol, subject.type, price, time, alerts, given));
    alerts = recording.alerts;
    fired.push(...recording.recorded.map(({ trigger }) => trigger.price));
  }
  return fired;
}

describe('day reference', () => {
  it('is the previous close, or the last price less its change, for the ticker’s market day', () => {
    const fromClose = dayReferenceOf({ last_price: '400', prev_close: '380', timestamp: MONDAY_OPEN }, '700.HK', 'stock');
    expect(fromClose?.price).toBe(380);
    const fromChange = dayReferenceOf({ last_price: '95000', price_change_24h: '-2000', timestamp: MONDAY_OPEN }, 'BTCUSDT', 'crypto');
    expect(fromChange?.price).toBe(97_000);
    expect(dayReferenceOf({ last_price: '400', timestamp: MONDAY_OPEN }, '700.HK', 'stock')).toBeUndefined();
    expect(dayReferenceOf({ last_price: '400', prev_close: '0', timestamp: MONDAY_OPEN }, '700.HK', 'stock')).toBeUndefined();
  });

  it('holds from the market’s midnight to the next, in its zone', () => {
    const monday = reference('380', MONDAY_OPEN);
    // 00:00 HKT Monday is 16:00 UTC Sunday.
    expect(monday.from).toBe(Date.UTC(2026, 10, 29, 16, 0));
    expect(holdsAt(monday, MONDAY_OPEN + 6 * 3_600_000)).toBe(true);
    expect(holdsAt(monday, TUESDAY_OPEN)).toBe(false);
    expect(holdsAt(monday, monday.from - 1)).toBe(false);
  });
});

describe('day move alerts', () => {
  it('fire when the day’s change crosses the percent, either way as asked', () => {
    const prev = reference('100', MONDAY_OPEN);
    expect(
      run(new AlertMonitor(), dayMove({ direction: 'up' }), [
        [MONDAY_OPEN, 101, prev],
        [MONDAY_OPEN + MINUTE, 102.5],
        [MONDAY_OPEN + 2 * MINUTE, 103.2],
      ]),
    ).toEqual([103.2]);
    expect(
      run(new AlertMonitor(), dayMove({ direction: 'up' }), [
        [MONDAY_OPEN, 99, prev],
        [MONDAY_OPEN + MINUTE, 96.9],
      ]),
    ).toEqual([]);
    expect(
      run(new AlertMonitor(), dayMove({ direction: 'down' }), [
        [MONDAY_OPEN, 99, prev],
        [MONDAY_OPEN + MINUTE, 96.9],
      ]),
    ).toEqual([96.9]);
  });

  it('keeps "the first price only sets the side": a first price already past the level fires nothing', () => {
    const prev = reference('100', MONDAY_OPEN);
    expect(
      run(new AlertMonitor(), dayMove(), [
        [MONDAY_OPEN, 105, prev],
        [MONDAY_OPEN + MINUTE, 106],
      ]),
    ).toEqual([]);
  });

  it('waits while no reference holds, then counts a new day from its reference: a gap past the level fires', () => {
    const monitor = new AlertMonitor();
    const subject = dayMove({ repeat: 'every' });
    const fired = run(monitor, subject, [
      [MONDAY_OPEN, 100, reference('100', MONDAY_OPEN)],
      [MONDAY_OPEN + MINUTE, 101],
      // Tuesday's first push comes without a reference: Monday's no longer holds, nothing fires.
      [TUESDAY_OPEN, 106],
      // The ticker then tells Tuesday's previous close (Monday's close, 101): 106 is +4.95 %.
      [TUESDAY_OPEN + 5_000, 106.1, reference('101', TUESDAY_OPEN)],
    ]);
    expect(fired).toEqual([106.1]);
  });

  it('moves its levels with the day: Monday’s crossing memory does not carry into Tuesday', () => {
    const monitor = new AlertMonitor();
    const subject = dayMove({ direction: 'up', repeat: 'every' });
    const fired = run(monitor, subject, [
      [MONDAY_OPEN, 100, reference('100', MONDAY_OPEN)],
      [MONDAY_OPEN + MINUTE, 103.5],
      // Tuesday from 103.5: +3 % is 106.605; 105 is below it.
      [TUESDAY_OPEN, 105, reference('103.5', TUESDAY_OPEN)],
      [TUESDAY_OPEN + MINUTE, 106.7],
    ]);
    expect(fired).toEqual([103.5, 106.7]);
  });

  it('reports the reference it holds only for its day', () => {
    const monitor = new AlertMonitor();
    monitor.observe('700.HK', 'stock', 100, MONDAY_OPEN, [dayMove()], reference('99', MONDAY_OPEN));
    expect(monitor.dayReference('700.HK', 'stock', MONDAY_OPEN + MINUTE)?.price).toBe(99);
    expect(monitor.dayReference('700.HK', 'stock', TUESDAY_OPEN)).toBeUndefined();
  });

  it('is a condition the schema reads, between 0 and 100 %', () => {
    expect(alertSchema.safeParse(dayMove()).success).toBe(true);
    expect(alertSchema.safeParse(dayMove({ condition: { kind: 'dayMove', percent: 0 } })).success).toBe(false);
    expect(alertSchema.safeParse(dayMove({ condition: { kind: 'dayMove', percent: 150 } })).success).toBe(false);
  });
});
