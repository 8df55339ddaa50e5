import { describe, expect, it } from 'vitest';
import { localClockText } from './local-clock';

const AT = Date.UTC(2026, 11, 1, 15, 4, 5);

describe('localClockText', () => {
  it('writes the wall clock of the offset, 24-hour, with the offset named as the app names zones', () => {
    expect(localClockText(AT, 0)).toBe('15:04:05 UTC');
    expect(localClockText(AT, -60)).toBe('16:04:05 UTC+1');
    expect(localClockText(AT, 300)).toBe('10:04:05 UTC\u22125');
    expect(localClockText(AT, -330)).toBe('20:34:05 UTC+5:30');
    expect(localClockText(Date.UTC(2026, 11, 1, 20, 0, 0), -480)).toBe('04:00:00 UTC+8');
  });

  it('reads the browser’s offset by default', () => {
    expect(localClockText(AT)).toBe(localClockText(AT, new Date(AT).getTimezoneOffset()));
  });
});
