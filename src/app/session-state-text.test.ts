import { describe, expect, it } from 'vitest';
import type { MarketStatus } from '../lib/market-status';
import { marketClock } from '../lib/market-clock';
import { sessionStateText } from './session-state-text';

const SHANGHAI = 'Asia/Shanghai';
const NEW_YORK = 'America/New_York';
/** 2026-11-25 (a Wednesday) at hh:mm in Shanghai (UTC+8). */
const shanghai = (day: number, hour: number, minute = 0): number => Date.UTC(2026, 10, day, hour - 8, minute);

const text = (status: MarketStatus, now: number, zone = SHANGHAI) => sessionStateText(status, now, zone).text;

describe('sessionStateText', () => {
  it('says when a closed market opens, at the market’s clock', () => {
    const now = shanghai(25, 15, 30);
    expect(text({ phase: 'closed', label: 'Closed', nextChange: { at: shanghai(25, 21), phase: 'night' } }, now)).toBe('Closed · opens 21:00');
    expect(sessionStateText({ phase: 'closed', label: 'Closed', nextChange: { at: shanghai(25, 21), phase: 'night' } }, now, SHANGHAI).tone).toBe('shut');
  });

  it('says when a session closes, and when a break or lunch ends', () => {
    const now = shanghai(25, 21, 30);
    expect(text({ phase: 'night', label: 'Night session', nextChange: { at: shanghai(25, 23), phase: 'closed' } }, now)).toBe('Night session · closes 23:00');
    expect(text({ phase: 'open', label: 'Open', nextChange: { at: shanghai(25, 11, 30), phase: 'lunch' } }, now)).toBe('Open · closes 11:30');
    expect(text({ phase: 'lunch', label: 'Lunch break', nextChange: { at: shanghai(25, 13, 30), phase: 'open' } }, now)).toBe('Lunch break · reopens 13:30');
    expect(text({ phase: 'break', label: 'Break', nextChange: { at: shanghai(25, 10, 30), phase: 'open' } }, now)).toBe('Break · reopens 10:30');
  });

  it('names the next extended session of a US evening', () => {
    const now = Date.UTC(2026, 10, 25, 22); // 17:00 in New York
    const at = Date.UTC(2026, 10, 26, 1); // 20:00
    expect(text({ phase: 'after-hours', label: 'After-hours', nextChange: { at, phase: 'overnight' } }, now, NEW_YORK)).toBe(
      'After-hours · overnight from 20:00',
    );
    expect(text({ phase: 'pre-market', label: 'Pre-market', nextChange: { at, phase: 'open' } }, now, NEW_YORK)).toBe('Pre-market · opens 20:00');
  });

  it('has only the phase without a next change (crypto), and says when holidays were not checked', () => {
    expect(sessionStateText({ phase: 'open', label: 'Open 24/7' }, 0, 'UTC')).toEqual({
      text: 'Open 24/7',
      phase: 'Open 24/7',
      title: 'Open 24/7',
      tone: 'open',
    });
    const estimated = sessionStateText(
      { phase: 'closed', label: 'Closed', estimated: true, nextChange: { at: shanghai(26, 9), phase: 'open' } },
      shanghai(25, 23, 30),
      SHANGHAI,
    );
    expect(estimated.title).toContain('holidays not checked');
    expect(estimated.title).toContain('in 9 h 30 m');
  });
});

describe('marketClock', () => {
  it('gives the time alone the same market day, the weekday within a week, the date beyond', () => {
    const now = shanghai(25, 23, 30); // Wednesday
    expect(marketClock(shanghai(25, 23, 45), now, SHANGHAI)).toBe('23:45');
    expect(marketClock(shanghai(26, 9), now, SHANGHAI)).toBe('Thu 09:00');
    expect(marketClock(shanghai(30, 9), now, SHANGHAI)).toBe('Mon 09:00');
    expect(marketClock(Date.UTC(2026, 11, 8, 1), now, SHANGHAI)).toBe('8 Dec 09:00');
  });
});
