import { describe, expect, it } from 'vitest';
import { parseYmd, weekdayOfYmd } from '#shared/time-zone.ts';
import { dayKind } from './closures.ts';
import { HKEX_PUBLISHED, NYSE_PUBLISHED, SSE_PUBLISHED, type PublishedYear } from './holidays.ts';
import { must } from './test-helpers.ts';
import { VENUE_IDS } from './venue-specs.ts';

const lists: Array<[string, Readonly<Partial<Record<number, PublishedYear>>>]> = [
  ['NYSE', NYSE_PUBLISHED],
  ['HKEX', HKEX_PUBLISHED],
  ['SSE', SSE_PUBLISHED],
];

describe('published holiday data', () => {
  it.each(lists)('%s lists real, ascending, unique weekdays of their year', (_name, byYear) => {
    for (const [year, published] of Object.entries(byYear)) {
      const { closed, half } = must(published);
      for (const days of [closed, half]) {
        expect([...days].sort()).toEqual(days);
        expect(new Set(days).size).toBe(days.length);
        for (const day of days) {
          expect(parseYmd(day), day).toBeDefined();
          expect(day.slice(0, 4)).toBe(year);
          expect([0, 6], day).not.toContain(weekdayOfYmd(day));
        }
      }
      expect(closed.filter((day) => half.includes(day))).toEqual([]);
    }
  });

  it('holds the known 2026 closure counts', () => {
    expect(NYSE_PUBLISHED[2026]?.closed).toHaveLength(10);
    expect(HKEX_PUBLISHED[2026]?.closed).toHaveLength(14);
    expect(HKEX_PUBLISHED[2026]?.half).toEqual(['20260216', '20261224', '20261231']);
    expect(SSE_PUBLISHED[2026]?.closed).toHaveLength(19);
    expect(SSE_PUBLISHED[2025]?.closed).toHaveLength(18);
  });
});

describe('dayKind', () => {
  it('closes weekends everywhere but CRYPTO', () => {
    for (const venue of VENUE_IDS) {
      expect(dayKind(venue, '20261128'), venue).toBe(venue === 'CRYPTO' ? 'full' : 'closed');
      expect(dayKind(venue, '20261129'), venue).toBe(venue === 'CRYPTO' ? 'full' : 'closed');
    }
  });

  it('uses the published lists for US, HK and CN', () => {
    expect(dayKind('US', '20250109')).toBe('closed');
    expect(dayKind('US', '20261127')).toBe('half');
    expect(dayKind('HK', '20250128')).toBe('half');
    expect(dayKind('HK', '20260407')).toBe('closed');
    expect(dayKind('CN', '20260925')).toBe('closed');
    expect(dayKind('CN_FUTURES', '20260925')).toBe('closed');
    expect(dayKind('CN', '20260924')).toBe('full');
  });

  it('falls back to the fixed-date approximations for 2027 in HK and CN', () => {
    expect(dayKind('HK', '20270101')).toBe('closed');
    expect(dayKind('CN', '20270101')).toBe('closed');
    expect(dayKind('HK', '20271224')).toBe('half');
    expect(dayKind('HK', '20271231')).toBe('half');
    expect(dayKind('CN', '20271001')).toBe('closed');
    expect(dayKind('CN', '20270104')).toBe('full');
    expect(dayKind('HK', '20270104')).toBe('full');
  });

  it('closes the approximate year-end holidays of FOREX, JP, UK and EU', () => {
    expect(dayKind('FOREX', '20261225')).toBe('closed');
    expect(dayKind('FOREX', '20270101')).toBe('closed');
    expect(dayKind('FOREX', '20261224')).toBe('full');
    expect(dayKind('JP', '20270101')).toBe('closed');
    expect(dayKind('JP', '20260102')).toBe('closed');
    expect(dayKind('JP', '20261231')).toBe('closed');
    expect(dayKind('JP', '20261230')).toBe('full');
    expect(dayKind('UK', '20251226')).toBe('closed');
    expect(dayKind('UK', '20261224')).toBe('full');
    expect(dayKind('EU', '20261224')).toBe('closed');
    expect(dayKind('EU', '20261231')).toBe('closed');
    expect(dayKind('EU', '20261230')).toBe('full');
  });

  it('treats malformed dates as closed', () => {
    expect(dayKind('CRYPTO', '20260230')).toBe('closed');
    expect(dayKind('US', 'yesterday')).toBe('closed');
  });
});
