import { describe, expect, it } from 'vitest';
import { placeOrder } from '#shared/paper/paper-engine.ts';
import { newPaperAccount } from '#shared/paper/paper-model.ts';
import { paperAccountOf, paperRecordValues } from './paper-records';
import { parsePaperAccount } from './paper-store';

const T = Date.parse('2026-11-20T02:00:00Z');

function traded() {
  let n = 0;
  const result = placeOrder(
    newPaperAccount(T),
    { symbol: '700.HK', type: 'stock', side: 'buy', kind: 'market', quantity: 1_000, lotSize: 100 },
    385.2,
    T,
    (prefix) => `${prefix}-${String((n += 1))}`,
  );
  if (!result.ok) throw new Error('refused');
  return result.account;
}

describe('the paper account as records', () => {
  it('is no record while pristine', () => {
    expect(paperRecordValues(newPaperAccount(T)).size).toBe(0);
  });

  it('is one account record and one record per fill, read back as it was', () => {
    const account = traded();
    const values = paperRecordValues(account);
    expect([...values.keys()]).toEqual(['paper-account', 'paper-fill:fill-2']);
    expect(paperAccountOf(values, T)).toEqual(account);
  });

  it('leaves a damaged fill out, and starts afresh from a damaged account', () => {
    const values = paperRecordValues(traded());
    values.set('paper-fill:bad', { kind: 'paper-fill', value: { id: 'bad', price: -1 } });
    expect(paperAccountOf(values, T).fills).toHaveLength(1);
    values.set('paper-account', { kind: 'paper-account', value: { cash: 'lots' } });
    expect(paperAccountOf(values, T).positions).toEqual([]);
  });

  it('reads a saved store back, checked', () => {
    const account = traded();
    expect(parsePaperAccount(JSON.parse(JSON.stringify({ account })), T)).toEqual(account);
    expect(parsePaperAccount({ account: { cash: 1 } }, T)).toEqual(newPaperAccount(T));
  });
});
