import { describe, expect, it } from 'vitest';
import type { Trade } from '../../../api/quote-schemas';
import type { TradePush } from '../../../realtime/types';
import { mergeTape, tradeOfPush } from './live-tape';

const T = 1_795_573_800_000;
const snapshot: Trade[] = [
  { id: 'a', price: '10', quantity: '1', side: 'buy', timestamp: T },
  { id: 'b', price: '10.1', quantity: '2', side: 'sell', timestamp: T + 1_000 },
  { id: 'c', price: '10.2', quantity: '3', side: 'buy', timestamp: T + 2_000 },
];
const pushOf = (trade: Trade): TradePush => ({ ...trade, symbol: 'AAPL.US' });

describe('mergeTape', () => {
  it('puts pushed trades (newest first from the socket) after the snapshot, oldest first like the HTTP answer', () => {
    const d: TradePush = { id: 'd', symbol: 'AAPL.US', price: '10.3', quantity: '4', side: 'buy', timestamp: T + 3_000 };
    const e: TradePush = { id: 'e', symbol: 'AAPL.US', price: '10.4', quantity: '5', side: 'sell', timestamp: T + 4_000 };
    expect(mergeTape([e, d], snapshot, 100).map((trade) => trade.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('keeps each trade once: by id, or by time, price and quantity when the push has no id', () => {
    const again = pushOf(snapshot[2] as Trade);
    const { id: _id, ...withoutId } = pushOf(snapshot[1] as Trade);
    const merged = mergeTape([again, withoutId], snapshot, 100);
    expect(merged.map((trade) => trade.id)).toEqual(['a', `${String(T + 1_000)}_10.1_2`, 'c']);
  });

  it('stays capped at the newest `limit`', () => {
    const pushes: TradePush[] = Array.from({ length: 5 }, (_, i) => ({
      id: `p${String(i)}`,
      symbol: 'X',
      price: '1',
      quantity: '1',
      side: 'buy',
      timestamp: T + 10_000 + i,
    })).reverse();
    const merged = mergeTape(pushes, snapshot, 4);
    expect(merged.map((trade) => trade.id)).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  it('works before the snapshot arrives', () => {
    expect(mergeTape([pushOf(snapshot[0] as Trade)], undefined, 10)).toEqual([snapshot[0]]);
  });
});

describe('tradeOfPush', () => {
  it('keeps futures fields, drops a null open-interest change', () => {
    const base = { id: 'f', symbol: 'AU2612', price: '597.2', quantity: '3', side: 'buy', timestamp: T };
    expect(tradeOfPush({ ...base, open_interest_change: -4, position_effect: 'long_open' })).toEqual({
      id: 'f',
      price: '597.2',
      quantity: '3',
      side: 'buy',
      timestamp: T,
      open_interest_change: -4,
      position_effect: 'long_open',
    });
    expect(tradeOfPush({ ...base, open_interest_change: null })).not.toHaveProperty('open_interest_change');
  });
});
