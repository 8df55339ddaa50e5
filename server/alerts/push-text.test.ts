import { describe, expect, it } from 'vitest';
import type { RecordedTrigger } from './delivery-outbox.ts';
import { pushTexts } from './push-text.ts';

const trigger: RecordedTrigger = {
  user: 'ann',
  triggerId: 't@1',
  alertId: 't',
  symbol: '700.HK',
  time: Date.parse('2026-11-30T02:15:00Z'),
  price: 401.2,
  condition: { kind: 'cross', level: 400 },
  crossing: 'up',
};

describe('a notification in the device’s language', () => {
  it('writes the crossing and the price in English, Simplified and Traditional Chinese', () => {
    expect(pushTexts(trigger, 'en')).toEqual({ title: '700.HK crosses above 400', body: 'Price 401.2 at 2026-11-30 02:15 UTC' });
    expect(pushTexts(trigger, 'zh-CN')).toEqual({ title: '700.HK 向上突破 400', body: '价格 401.2（2026-11-30 02:15 UTC）' });
    expect(pushTexts({ ...trigger, crossing: 'down' }, 'zh-HK').title).toBe('700.HK 向下跌破 400');
    expect(pushTexts({ ...trigger, condition: { kind: 'move', percent: 5, base: 380 } }, 'zh-TW')).toEqual({
      title: '700.HK 較 380 變動 5%',
      body: '價格 401.2（2026-11-30 02:15 UTC）',
    });
  });

  it('says a day move as the day’s rise or fall', () => {
    const dayMove = { ...trigger, condition: { kind: 'dayMove' as const, percent: 3 } };
    expect(pushTexts(dayMove, 'en').title).toBe('700.HK rises 3% within the day');
    expect(pushTexts({ ...dayMove, crossing: 'down' }, 'en').title).toBe('700.HK falls 3% within the day');
    expect(pushTexts(dayMove, 'zh-CN').title).toBe('700.HK 日内上涨 3%');
    expect(pushTexts({ ...dayMove, crossing: 'down' }, 'zh-HK').title).toBe('700.HK 日內下跌 3%');
  });

  it('falls back to English for a language it does not know', () => {
    expect(pushTexts(trigger, 'fr').title).toBe('700.HK crosses above 400');
  });
});
