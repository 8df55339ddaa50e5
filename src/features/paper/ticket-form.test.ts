import { describe, expect, it } from 'vitest';
import { readTicket, refusalText } from './ticket-form';

const HK = { symbol: '700.HK', type: 'stock' as const, lotSize: 100 };

describe('the order ticket', () => {
  it('reads lots into shares of the board lot', () => {
    expect(readTicket({ side: 'buy', kind: 'market', lots: ' 10 ', price: '' }, HK)).toEqual({
      ok: true,
      request: { symbol: '700.HK', type: 'stock', side: 'buy', kind: 'market', quantity: 1_000, lotSize: 100 },
    });
    expect(readTicket({ side: 'sell', kind: 'limit', lots: '1,000', price: '392.4' }, HK)).toMatchObject({
      ok: true,
      request: { quantity: 100_000, price: 392.4 },
    });
  });

  it('explains every bad value', () => {
    expect(readTicket({ side: 'buy', kind: 'market', lots: '', price: '' }, HK)).toEqual({ ok: false, errors: { lots: 'Enter how many lots, like 1.' } });
    expect(readTicket({ side: 'buy', kind: 'market', lots: '2.5', price: '' }, HK)).toEqual({
      ok: false,
      errors: { lots: 'Lots must be a whole number above 0, not “2.5”.' },
    });
    expect(readTicket({ side: 'buy', kind: 'limit', lots: '0', price: 'abc' }, HK)).toEqual({
      ok: false,
      errors: { lots: 'Lots must be a whole number above 0, not “0”.', price: '“abc” is not a price: type it like 385.2.' },
    });
    expect(readTicket({ side: 'buy', kind: 'stop', lots: '1', price: '' }, HK)).toEqual({ ok: false, errors: { price: 'Enter the stop price.' } });
    expect(readTicket({ side: 'buy', kind: 'limit', lots: '1', price: '385.3' }, HK)).toEqual({
      ok: false,
      errors: { price: '385.3 is not on the price step here: try 385.4.' },
    });
  });

  it('says the engine’s refusals', () => {
    expect(refusalText({ code: 'cash', needed: 1_155_346.5, cash: 1_000_000, currency: 'HKD' }, 2)).toBe(
      'Not enough cash: this order needs HK$1,155,346.50, the account has HK$1,000,000.00.',
    );
    expect(refusalText({ code: 'stop-side', side: 'buy', last: 385.2 }, 2)).toBe('A buy stop must be above the price now (385.20).');
  });
});
