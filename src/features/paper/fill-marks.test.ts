import { describe, expect, it } from 'vitest';
import { placeOrder } from '#shared/paper/paper-engine.ts';
import { newPaperAccount, type PaperAccount } from '#shared/paper/paper-model.ts';
import { fillMarks } from './fill-marks';

const T = Date.parse('2026-11-20T02:00:00Z');
let n = 0;
const newId = (prefix: string) => `${prefix}-${String((n += 1))}`;

function trade(account: PaperAccount, symbol: string, side: 'buy' | 'sell', price: number, at: number): PaperAccount {
  const result = placeOrder(account, { symbol, type: 'stock', side, kind: 'market', quantity: 100, lotSize: 100 }, price, at, newId);
  if (!result.ok) throw new Error('refused');
  return result.account;
}

describe('the fill marks of the chart', () => {
  it('mark each fill of the charted instrument at its own moment, side and price', () => {
    let account = trade(newPaperAccount(T), '700.HK', 'buy', 385.2, T);
    account = trade(account, '5.HK', 'buy', 60.5, T + 60_000);
    account = trade(account, '700.HK', 'sell', 391.4, T + 120_000);
    expect(fillMarks(account.fills, '700.HK', 'stock')).toEqual([
      { side: 'buy', time: T, price: account.fills[0]?.price },
      { side: 'sell', time: T + 120_000, price: account.fills[2]?.price },
    ]);
    // A chart opened without a type shows them too; an instrument never traded none.
    expect(fillMarks(account.fills, '700.HK', undefined)).toHaveLength(2);
    expect(fillMarks(account.fills, 'AAPL.US', 'stock')).toEqual([]);
  });

  it('keep the newest 500 of a busy account', () => {
    let account = newPaperAccount(T);
    for (let i = 0; i < 502; i++) account = trade(account, '700.HK', i % 2 === 0 ? 'buy' : 'sell', 385, T + i * 1_000);
    const marks = fillMarks(account.fills, '700.HK', 'stock');
    expect(marks).toHaveLength(500);
    expect(marks[0]?.time).toBe(T + 2_000);
  });
});
