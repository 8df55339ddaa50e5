import { describe, expect, it } from 'vitest';
import { placeOrder } from '#shared/paper/paper-engine.ts';
import { newPaperAccount, type PaperAccount } from '#shared/paper/paper-model.ts';
import { paperLines } from './paper-lines';

const T = Date.parse('2026-11-20T02:00:00Z');
let n = 0;
const newId = (prefix: string) => `${prefix}-${String((n += 1))}`;

function place(account: PaperAccount, side: 'buy' | 'sell', kind: 'market' | 'limit', price?: number): PaperAccount {
  const result = placeOrder(account, { symbol: '700.HK', type: 'stock', side, kind, quantity: 1_000, lotSize: 100, price }, 385.2, T, newId);
  if (!result.ok) throw new Error('refused');
  return result.account;
}

describe('the paper lines of the chart', () => {
  it('draw the position’s average and each working order of the charted instrument only', () => {
    const account = place(place(newPaperAccount(T), 'buy', 'market'), 'sell', 'limit', 392);
    expect(paperLines(account, '700.HK', 'stock').map(({ title, price }) => ({ title, price }))).toEqual([
      { title: 'Long 1,000', price: 385.2 },
      { title: 'Sell Limit 1,000', price: 392 },
    ]);
    // A chart opened without a type shows them too; another instrument none.
    expect(paperLines(account, '700.HK', undefined)).toHaveLength(2);
    expect(paperLines(account, '5.HK', 'stock')).toEqual([]);
  });
});
