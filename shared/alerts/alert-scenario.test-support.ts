/**
 * One scripted alert scenario for both runtimes: a few alerts, the ticker pushes in the order they
 * arrive, and the triggers the rules (crossing.ts, alert-monitor.ts) make of them, worked out by
 * hand below. e2e/alerts-two-runtimes.spec.ts runs it through the app in Chromium and the
 * server's evaluator in Node; src/features/alerts/two-runtimes.test.tsx through the app's feed and
 * store in happy-dom and the evaluator; server/alerts/evaluate-alerts.test.ts through the
 * evaluator alone, in Node.
 */
import type { Alert, AlertStatus, Crossing } from './alert-model.ts';

const T0 = 1_795_618_800_000;
const at = (seconds: number) => T0 + seconds * 1_000;

/** An armed, once-only crossing alert unless `fields` say otherwise. */
const armed = (fields: Pick<Alert, 'id' | 'symbol' | 'condition' | 'direction'> & Partial<Alert>): Alert => ({
  repeat: 'once',
  cooldownMs: 0,
  sound: false,
  createdAt: T0,
  status: 'armed',
  triggers: [],
  ...fields,
});

export const SCENARIO_ALERTS: Alert[] = [
  armed({ id: 'up-200', symbol: 'NFLX.US', condition: { kind: 'cross', level: 200 }, direction: 'up' }),
  armed({ id: 'down-190', symbol: 'NFLX.US', condition: { kind: 'cross', level: 190 }, direction: 'down' }),
  armed({ id: 'either-195-every', symbol: 'NFLX.US', condition: { kind: 'cross', level: 195 }, direction: 'either', repeat: 'every', cooldownMs: 10_000 }),
  // 5 % from 200: the levels 210 (up) and 190 (down).
  armed({ id: 'move-5', symbol: 'NFLX.US', condition: { kind: 'move', percent: 5, base: 200 }, direction: 'either' }),
  armed({ id: 'up-198-expiring', symbol: 'NFLX.US', condition: { kind: 'cross', level: 198 }, direction: 'up', expiresAt: at(4) }),
  armed({ id: 'hk-400', symbol: '1810.HK', type: 'stock', condition: { kind: 'cross', level: 400 }, direction: 'up' }),
];

/** A ticker push's data as the server's feed fans it out and the browser receives it. */
export interface ScenarioPush {
  symbol: string;
  type: string;
  last_price: string;
  timestamp: number;
  trade_session?: string;
}

const us = (seconds: number, price: string): ScenarioPush => ({ symbol: 'NFLX.US', type: 'stock', last_price: price, timestamp: at(seconds) });
const hk = (seconds: number, price: string): ScenarioPush => ({ symbol: '1810.HK', type: 'stock', last_price: price, timestamp: at(seconds) });

export const SCENARIO_PUSHES: ScenarioPush[] = [
  us(1, '196'), //   the first price only sets the sides: above 195, below 198 and 200
  hk(1.5, '380'), //   the first price of 1810.HK: below 400
  us(2, '194'), //   195 crossed down: either-195-every fires
  { ...hk(2.5, '420'), trade_session: 'post_market' }, // an extended session's price: not the regular price, ignored
  us(3, '196'), //   195 crossed up, 1 s after its last trigger: inside the 10 s cooldown, consumed
  hk(3.5, '379'), //   still below 400
  us(4, '199'), //   198 crossed up, but at its expiry: up-198-expiring expires instead
  hk(4.5, '421'), //   a jump over 400 between two prices: hk-400 fires
  us(5, '201'), //   200 crossed up: up-200 fires (once)
  us(6, '199'), //   200 crossed down: up-200 has triggered, and counts only up
  us(7, '189'), //   190 crossed down: down-190 and move-5 fire; 195 down is inside either-195-every's cooldown
  us(6.5, '210'), // older than the price before it: ignored (the price did not go back)
  us(13, '196'), //  195 crossed up, 11 s after its last trigger: either-195-every fires again
];

export interface ScenarioTrigger {
  alertId: string;
  time: number;
  price: number;
  crossing: Crossing;
}

export const EXPECTED_TRIGGERS: ScenarioTrigger[] = [
  { alertId: 'either-195-every', time: at(2), price: 194, crossing: 'down' },
  { alertId: 'hk-400', time: at(4.5), price: 421, crossing: 'up' },
  { alertId: 'up-200', time: at(5), price: 201, crossing: 'up' },
  { alertId: 'down-190', time: at(7), price: 189, crossing: 'down' },
  { alertId: 'move-5', time: at(7), price: 189, crossing: 'down' },
  { alertId: 'either-195-every', time: at(13), price: 196, crossing: 'up' },
];

export const EXPECTED_STATUSES: Record<string, AlertStatus> = {
  'up-200': 'triggered',
  'down-190': 'triggered',
  'either-195-every': 'armed',
  'move-5': 'triggered',
  'up-198-expiring': 'expired',
  'hk-400': 'triggered',
};
