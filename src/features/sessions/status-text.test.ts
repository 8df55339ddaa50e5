import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage } from '../../i18n/load-language';
import type { MarketStatus } from '../../lib/market-status';
import { nextChangeText } from './status-text';

const NOW = Date.UTC(2026, 10, 25, 2, 30);
const MINUTE = 60_000;

function status(phase: MarketStatus['phase'], nextPhase: MarketStatus['phase'] | undefined, inMs: number): MarketStatus {
  return { phase, label: phase, ...(nextPhase && { nextChange: { at: NOW + inMs, phase: nextPhase } }) };
}

describe('nextChangeText', () => {
  it('counts down to the close while open, and to the open while shut', () => {
    expect(nextChangeText(status('open', 'lunch', 65 * MINUTE), NOW)).toBe('closes in 1 h 05 m');
    expect(nextChangeText(status('open', 'after-hours', 5 * MINUTE), NOW)).toBe('closes in 5 m 00 s');
    expect(nextChangeText(status('closed', 'open', (14 * 60 + 20) * MINUTE), NOW)).toBe('opens in 14 h 20 m');
    expect(nextChangeText(status('holiday', 'open', 3 * 24 * 60 * MINUTE), NOW)).toBe('opens in 3 d 0 h');
    expect(nextChangeText(status('pre-market', 'open', 30 * MINUTE), NOW)).toBe('opens in 30 m 00 s');
  });

  it('says the lunch break ends with a reopening', () => {
    expect(nextChangeText(status('lunch', 'open', 60 * MINUTE), NOW)).toBe('reopens in 1 h 00 m');
  });

  it('names the next extended session, and the end of one that leads to a shut market', () => {
    expect(nextChangeText(status('after-hours', 'overnight', 2 * 60 * MINUTE), NOW)).toBe('overnight in 2 h 00 m');
    expect(nextChangeText(status('closed', 'pre-market', 90 * MINUTE), NOW)).toBe('pre-market in 1 h 30 m');
    expect(nextChangeText(status('after-hours', 'closed', 30 * MINUTE), NOW)).toBe('after-hours ends in 30 m 00 s');
    expect(nextChangeText(status('overnight', 'weekend', 30 * MINUTE), NOW)).toBe('overnight ends in 30 m 00 s');
  });

  it('says nothing without a next change', () => {
    expect(nextChangeText(status('closed', undefined, 0), NOW)).toBeUndefined();
  });
});

describe('next change in Chinese', () => {
  const opening: MarketStatus = { phase: 'closed', label: 'Closed', nextChange: { at: (3 * 60 + 12) * 60_000, phase: 'open' } };
  afterEach(async () => {
    await loadLanguage('en');
  });

  it('reads "opens in 3 h 12 m" in each script', async () => {
    expect(nextChangeText(opening, 0)).toBe('opens in 3 h 12 m');
    await loadLanguage('zh-CN');
    expect(nextChangeText(opening, 0)).toBe('3小时12分后开盘');
    await loadLanguage('zh-HK');
    expect(nextChangeText(opening, 0)).toBe('3小時12分後開盤');
  });
});
