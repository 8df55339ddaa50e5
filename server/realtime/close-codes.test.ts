import { describe, expect, it } from 'vitest';
import { browserCloseCode, closeReason, MAX_CLOSE_REASON_BYTES } from './close-codes.ts';

describe('browserCloseCode', () => {
  it('passes on the codes a server may send', () => {
    for (const code of [1000, 1001, 1008, 1011, 1012, 1013, 4000, 4321, 4999]) expect(browserCloseCode(code)).toBe(code);
  });

  it('turns codes about the relay link itself, reserved and out-of-range codes into 1011', () => {
    for (const code of [1002, 1003, 1005, 1006, 1007, 1009, 1010, 1014, 1015, 2999, 3000, 3999, 5000, 0, -1, 4000.5]) {
      expect(browserCloseCode(code)).toBe(1011);
    }
  });
});

describe('closeReason', () => {
  it('keeps short reasons and cuts long ones to 123 bytes without splitting a character', () => {
    expect(closeReason('service restart')).toBe('service restart');
    expect(Buffer.byteLength(closeReason('x'.repeat(500)))).toBe(MAX_CLOSE_REASON_BYTES);
    const cut = closeReason('é'.repeat(100));
    expect(Buffer.byteLength(cut)).toBe(122);
    expect(cut).toBe('é'.repeat(61));
    expect(closeReason('')).toBe('');
  });
});
