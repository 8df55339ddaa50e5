import { describe, expect, it } from 'vitest';
import { zoneLabel } from './zone-label';

const WINTER = Date.UTC(2026, 0, 15, 12);
const SUMMER = Date.UTC(2026, 6, 15, 12);

describe('zoneLabel', () => {
  it('names a zone by its offset at the instant', () => {
    expect(zoneLabel(WINTER, 'Asia/Shanghai')).toBe('UTC+8');
    expect(zoneLabel(WINTER, 'America/New_York')).toBe('UTC\u22125');
    expect(zoneLabel(SUMMER, 'America/New_York')).toBe('UTC\u22124');
    expect(zoneLabel(WINTER, 'UTC')).toBe('UTC');
  });

  it('keeps the minutes of a zone off the hour', () => {
    expect(zoneLabel(WINTER, 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(zoneLabel(WINTER, 'America/St_Johns')).toBe('UTC\u22123:30');
  });
});
