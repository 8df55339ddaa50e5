import { describe, expect, it } from 'vitest';
import { CSV_MIME, csvBlob, csvField, csvNumber, csvRecords, csvText } from './csv';

describe('csvField (RFC 4180)', () => {
  it('leaves plain text alone', () => {
    expect(csvField('AAPL.US')).toBe('AAPL.US');
    expect(csvField('')).toBe('');
    expect(csvField('腾讯控股')).toBe('腾讯控股');
  });

  it('quotes a comma, a line break, edge spaces, and doubles a quote inside', () => {
    expect(csvField('Apple, Inc.')).toBe('"Apple, Inc."');
    expect(csvField('two\r\nlines')).toBe('"two\r\nlines"');
    expect(csvField('one\nline')).toBe('"one\nline"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField(' padded')).toBe('" padded"');
  });
});

describe('csvText', () => {
  it('defuses text a spreadsheet would run as a formula', () => {
    expect(csvText('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(csvText('+1')).toBe("'+1");
    expect(csvText('-SUM(A1)')).toBe("'-SUM(A1)");
    expect(csvText('@cmd')).toBe("'@cmd");
    expect(csvText('Tencent')).toBe('Tencent');
    expect(csvText(undefined)).toBe('');
  });
});

describe('csvNumber', () => {
  it('writes a fixed number of decimals when given', () => {
    expect(csvNumber(187.5, 2)).toBe('187.50');
    expect(csvNumber(1.07485, 5)).toBe('1.07485');
    expect(csvNumber(-4.5, 1)).toBe('-4.5');
    expect(csvNumber(100, 0)).toBe('100');
  });

  it('writes as few decimals as the value needs otherwise, never an exponent or grouping', () => {
    expect(csvNumber(12345678)).toBe('12345678');
    expect(csvNumber(0.00000015)).toBe('0.00000015');
    expect(csvNumber(1e21)).toBe('1000000000000000000000');
    expect(csvNumber(2.5)).toBe('2.5');
  });

  it('drops the minus of a value that rounds to zero', () => {
    expect(csvNumber(-0.001, 2)).toBe('0.00');
    expect(csvNumber(-0, 0)).toBe('0');
  });

  it('leaves a missing or non-finite value empty', () => {
    expect(csvNumber(undefined)).toBe('');
    expect(csvNumber(Number.NaN, 2)).toBe('');
    expect(csvNumber(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('csvRecords', () => {
  it('ends every record with CRLF and quotes the fields that need it', () => {
    expect(
      csvRecords([
        ['a', 'b,c'],
        ['1', ''],
      ]),
    ).toBe('a,"b,c"\r\n1,\r\n');
    expect(csvRecords([])).toBe('');
  });
});

describe('csvBlob', () => {
  it('is UTF-8 CSV with a byte order mark', async () => {
    const blob = csvBlob('名,1\r\n');
    expect(blob.type).toBe(CSV_MIME);
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('名,1\r\n');
  });
});
