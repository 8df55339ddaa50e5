import { describe, expect, it } from 'vitest';
import { unavailableSentence } from './trade-availability';

describe('unavailableSentence', () => {
  it('says why', () => {
    expect(unavailableSentence('EURUSD', 'forex')).toBe('Trades are not published for forex and metals, so EURUSD has no time-and-sales tape.');
    expect(unavailableSentence('XYZ', undefined)).toBe('Trades are not available for XYZ.');
  });
});
