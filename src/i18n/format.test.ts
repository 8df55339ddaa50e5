/** Words, numbers and durations in each language, through the catalogs the app loads. */
import { afterEach, describe, expect, it } from 'vitest';
import { describeError } from '../components/ui/describe-error';
import { formatCompact, formatPrice } from '../lib/format';
import { formatCountdown } from '../lib/market-status';
import { loadLanguage } from './load-language';
import type { Language } from './locales';
import { t } from './t';

async function inLanguage<T>(language: Language, read: () => T): Promise<T> {
  await loadLanguage(language);
  return read();
}

afterEach(async () => {
  await loadLanguage('en');
});

const HOUR = 3_600_000;

describe('formatting in each language', () => {
  it('writes large numbers the way each language reads them', async () => {
    expect(await inLanguage('en', () => formatCompact(1_234_567_890))).toBe('1.23B');
    expect(await inLanguage('zh-CN', () => formatCompact(1_234_567_890))).toBe('12.3亿');
    expect(await inLanguage('zh-TW', () => formatCompact(1_234_567_890))).toBe('12.3億');
    expect(await inLanguage('zh-HK', () => formatCompact(1_234_567_890))).toBe('12.3億');
    expect(await inLanguage('zh-CN', () => formatCompact(-45_600))).toBe('−4.56万');
    // Below a thousand, and prices, are the same everywhere: each symbol keeps its precision.
    expect(await inLanguage('zh-CN', () => formatCompact(999.5))).toBe('999.5');
    expect(await inLanguage('zh-HK', () => formatPrice(1234.5, 3))).toBe('1,234.500');
  });

  it('writes 10^12 as each region reads it: 万亿 in zh-CN, 兆 in Taiwan, 萬億 in Hong Kong (as Futu HK and the HKEX write it)', async () => {
    expect(await inLanguage('zh-CN', () => formatCompact(1_234_000_000_000))).toBe('1.23万亿');
    expect(await inLanguage('zh-TW', () => formatCompact(1_234_000_000_000))).toBe('1.23兆');
    expect(await inLanguage('zh-HK', () => formatCompact(1_234_000_000_000))).toBe('1.23萬億');
    expect(await inLanguage('zh-HK', () => formatCompact(-45_600_000_000_000))).toBe('−45.6萬億');
    expect(await inLanguage('zh-HK', () => formatCompact(4_620_000_000))).toBe('46.2億');
  });

  it('counts down in each language', async () => {
    expect(await inLanguage('en', () => formatCountdown(3 * HOUR + 12 * 60_000))).toBe('3 h 12 m');
    expect(await inLanguage('zh-CN', () => formatCountdown(3 * HOUR + 12 * 60_000))).toBe('3小时12分');
    expect(await inLanguage('zh-TW', () => formatCountdown(2 * 86_400_000 + 5 * HOUR))).toBe('2天5小時');
    expect(await inLanguage('en', () => formatCountdown(65_000))).toBe('1 m 05 s');
  });

  it('takes the English singular where English needs one, and fills parameters', async () => {
    expect(t('{count} failed requests in a row', { count: 1 })).toBe('1 failed request in a row');
    expect(t('{count} failed requests in a row', { count: 3 })).toBe('3 failed requests in a row');
    expect(t('{count} minutes', { count: 1 })).toBe('1 minute');
    expect(t('Open|verb')).toBe('Open');
    expect(await inLanguage('zh-CN', () => t('{count} failed requests in a row', { count: 1 }))).toBe('连续 1 次请求失败');
    expect(await inLanguage('zh-TW', () => t('Open|verb'))).toBe('開啟');
  });

  it('names contract errors in the language', async () => {
    const denied = { code: 1004, kind: 'api', message: 'Permission denied' };
    expect(describeError(denied).title).toBe('Your plan does not include this data.');
    expect(await inLanguage('zh-HK', () => describeError(denied).title)).toBe('您的方案不包含此數據。');
    expect(await inLanguage('zh-CN', () => describeError({ code: 3001, kind: 'api', retryAfterMs: 4200 }).action)).toBe('5 秒后重试。');
  });

  it('speaks English without a catalog', async () => {
    await loadLanguage('en');
    expect(t('Retry')).toBe('Retry');
  });
});
