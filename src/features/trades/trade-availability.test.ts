import { describe, expect, it } from 'vitest';
import { tradesAvailability, unavailableSentence } from './trade-availability';

describe('tradesAvailability', () => {
  it('knows stocks by their suffix', () => {
    expect(tradesAvailability('700.HK', undefined)).toBe('available');
    expect(tradesAvailability('600519.SH', undefined)).toBe('available');
  });
  it('knows forex and indices have none', () => {
    expect(tradesAvailability('EURUSD', 'forex')).toBe('unavailable');
    expect(tradesAvailability('HSI', 'indices')).toBe('unavailable');
  });
  it('knows crypto and futures have trades', () => {
    expect(tradesAvailability('BTCUSDT', 'crypto')).toBe('available');
    expect(tradesAvailability('AU2612', 'futures')).toBe('available');
  });
  it('cannot tell a bare code without its type', () => {
    expect(tradesAvailability('EURUSD', undefined)).toBe('unknown');
  });
});

describe('unavailableSentence', () => {
  it('says why', () => {
    expect(unavailableSentence('EURUSD', 'forex')).toBe('Trades are not published for forex and metals, so EURUSD has no time-and-sales tape.');
    expect(unavailableSentence('XYZ', undefined)).toBe('Trades are not available for XYZ.');
  });
});
