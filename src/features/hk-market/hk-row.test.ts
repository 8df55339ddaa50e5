import { describe, expect, it } from 'vitest';
import { codeKeyOf, toHkRow, toHkRows } from './hk-row';
import { hkEntry } from './hk-test-data';

describe('toHkRow', () => {
  it('parses the decimal strings once and resolves the chart symbol', () => {
    const row = toHkRow(hkEntry('00700', { name: 'Tencent', last_price: '527.5', volume_24h: '6427800', quote_volume_24h: '3400020037.5' }), 4);
    expect(row).toMatchObject({
      index: 4,
      code: '00700',
      symbol: '700.HK',
      codeKey: '700',
      codeNumber: 700,
      nameKey: 'tencent',
      last: 527.5,
      volume: 6_427_800,
      turnover: 3_400_020_037.5,
      isIndex: false,
    });
  });

  it('keeps index codes as they are', () => {
    const row = toHkRow(hkEntry('HSI', { type: 'indices' }), 0);
    expect(row).toMatchObject({ symbol: 'HSI', codeKey: 'HSI', isIndex: true });
    expect(row.codeNumber).toBeNaN();
  });

  it('marks omitted fields as NaN and derives a missing change from the previous close', () => {
    const row = toHkRow(
      hkEntry('5', { open: undefined, price_change_24h: undefined, price_change_percent_24h: undefined, last_price: '11', prev_close: '10' }),
      0,
    );
    expect(row.open).toBeNaN();
    expect(row.change).toBe(1);
    expect(row.changePercent).toBeCloseTo(10);
    const noPrev = toHkRow(hkEntry('6', { prev_close: undefined, price_change_24h: undefined, price_change_percent_24h: undefined }), 0);
    expect(noPrev.change).toBeNaN();
    expect(noPrev.changePercent).toBeNaN();
  });

  it('shows the code as Hong Kong writes it, however the feed sends it; an index as sent', () => {
    expect(toHkRows([hkEntry('700'), hkEntry('00005'), hkEntry('9988'), hkEntry('HSI', { type: 'indices' })]).map((row) => row.shownCode)).toEqual([
      '00700',
      '00005',
      '09988',
      'HSI',
    ]);
  });

  it('names a row in the language’s script where the catalogue has a name, and matches the filter on it', () => {
    const nameOf = (symbol: string) => (symbol === '700.HK' ? '騰訊控股' : undefined);
    const [tencent, hsbc] = toHkRows([hkEntry('700', { name: '腾讯控股' }), hkEntry('5', { name: '汇丰控股' })], nameOf);
    expect(tencent).toMatchObject({ name: '騰訊控股', nameKey: '騰訊控股' });
    expect(hsbc).toMatchObject({ name: '汇丰控股' });
  });

  it('numbers the rows in feed order', () => {
    expect(toHkRows([hkEntry('1'), hkEntry('2')]).map((row) => row.index)).toEqual([0, 1]);
  });
});

describe('codeKeyOf', () => {
  it('strips leading zeros of numeric codes and upper-cases the rest', () => {
    expect(codeKeyOf('00700')).toBe('700');
    expect(codeKeyOf('0000')).toBe('0');
    expect(codeKeyOf(' hsi ')).toBe('HSI');
  });
});
