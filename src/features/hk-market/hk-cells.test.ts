import { describe, expect, it } from 'vitest';
import { cellText, decimalPad, priceDecimals } from './hk-cells';
import { toHkRow } from './hk-row';
import { hkEntry } from './hk-test-data';

const stock = (prevClose: string, last: string, change: string) =>
  toHkRow(hkEntry('1', { prev_close: prevClose, last_price: last, open: last, high_24h: last, low_24h: last, price_change_24h: change }), 0);

describe('priceDecimals', () => {
  it("is the instrument's: the spread-table tick of its previous close, whatever the last price's string", () => {
    expect(priceDecimals(stock('509.5', '505.5', '-4'))).toBe(1);
    expect(priceDecimals(stock('93.65', '93.7', '0.05'))).toBe(2);
    expect(priceDecimals(stock('0.12', '0.117', '-0.003'))).toBe(3);
    // One precision all day: crossing into the 0.1 band (100.1) keeps the day's two decimals.
    expect(priceDecimals(stock('99.95', '100.1', '0.15'))).toBe(2);
    expect(priceDecimals(stock('1520', '1500', '-20'))).toBe(0);
  });

  it('keeps more decimals when the prices carry them, and an index as sent', () => {
    expect(priceDecimals(stock('509.5', '505.55', '-3.95'))).toBe(2);
    expect(priceDecimals(toHkRow(hkEntry('HSI', { type: 'indices', last_price: '24109.16', prev_close: '23930.1' }), 0))).toBe(2);
  });

  it('gives the change the price decimals: "−4.0" beside 505.5, "+0.05" beside 93.70', () => {
    const row = stock('509.5', '505.5', '-4');
    expect(cellText(row, 'last', priceDecimals(row))).toBe('505.5');
    expect(cellText(row, 'change', priceDecimals(row))).toBe('\u22124.0');
    const other = stock('93.65', '93.7', '0.05');
    expect(cellText(other, 'last', priceDecimals(other))).toBe('93.70');
  });
});

describe('decimalPad', () => {
  it('fills up to three decimals, with the point when there is none', () => {
    expect([3, 2, 1, 0].map(decimalPad)).toEqual(['', '0', '00', '.000']);
  });
});
