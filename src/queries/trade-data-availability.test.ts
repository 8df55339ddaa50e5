import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { isNoTradeDataAnswer, tradeDataAvailability } from './trade-data-availability';

describe('tradeDataAvailability', () => {
  it('knows stocks by their suffix', () => {
    expect(tradeDataAvailability('700.HK', undefined)).toBe('available');
    expect(tradeDataAvailability('600519.SH', undefined)).toBe('available');
  });
  it('knows forex and indices have none', () => {
    expect(tradeDataAvailability('EURUSD', 'forex')).toBe('unavailable');
    expect(tradeDataAvailability('HSI', 'indices')).toBe('unavailable');
  });
  it('knows crypto and futures have them', () => {
    expect(tradeDataAvailability('BTCUSDT', 'crypto')).toBe('available');
    expect(tradeDataAvailability('AU2612', 'futures')).toBe('available');
  });
  it('cannot tell a bare code without its type', () => {
    expect(tradeDataAvailability('EURUSD', undefined)).toBe('unknown');
  });
});

describe('isNoTradeDataAnswer', () => {
  const answer = (rawCode: number, errorName?: string) =>
    new ApiError({ kind: 'api', path: '/v1/market/trades', status: 400, rawCode, message: 'x', ...(errorName !== undefined && { errorName }) });

  it("reads a bare code's 2001 as a market without trades or a book", () => {
    expect(isNoTradeDataAnswer('EURUSD', answer(2001))).toBe(true);
  });
  it('not for an ambiguous code, a stock, or another error', () => {
    expect(isNoTradeDataAnswer('BTCUSD', answer(2001, 'AMBIGUOUS_SYMBOL'))).toBe(false);
    expect(isNoTradeDataAnswer('AAPL.US', answer(2001))).toBe(false);
    expect(isNoTradeDataAnswer('EURUSD', answer(5001))).toBe(false);
  });
});
