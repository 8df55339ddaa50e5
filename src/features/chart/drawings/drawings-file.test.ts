import { describe, expect, it } from 'vitest';
import type { Drawing } from './drawing-model';
import { drawingsFileName, drawingsFileText, readDrawingsFile } from './drawings-file';

const drawing: Drawing = {
  id: 'a',
  kind: 'horizontal-line',
  anchors: [{ time: 1_700_000_000_000, price: 190.5 }],
  style: { color: '#ff0000', width: 1, line: 'dashed' },
  locked: true,
};

describe('drawings file', () => {
  it('reads back what it wrote', () => {
    expect(readDrawingsFile(drawingsFileText('AAPL.US', [drawing]), 'AAPL.US')).toEqual({ ok: true, drawings: [drawing], skipped: 0 });
  });

  it('refuses files that are not JSON, not ours, of another version or another symbol, with a reason', () => {
    const refused = (text: string) => {
      const result = readDrawingsFile(text, 'AAPL.US');
      return result.ok ? undefined : result.message;
    };
    expect(refused('{oops')).toMatch(/not JSON/);
    expect(refused('{"format":"other"}')).toMatch(/not a Chartroom drawings file/);
    expect(refused(JSON.stringify({ format: 'chartroom.drawings', version: 9, symbol: 'AAPL.US', drawings: [] }))).toMatch(/version 9/);
    expect(refused(drawingsFileText('TSLA.US', [drawing]))).toMatch(/drawings of TSLA.US, not AAPL.US/);
    expect(refused(JSON.stringify({ format: 'chartroom.drawings', version: 1, symbol: 'AAPL.US', drawings: [{ bad: 1 }] }))).toMatch(/No drawing/);
  });

  it('skips a bad drawing of a good file', () => {
    const text = JSON.stringify({ format: 'chartroom.drawings', version: 1, symbol: 'AAPL.US', drawings: [drawing, { id: 'x' }] });
    expect(readDrawingsFile(text, 'AAPL.US')).toEqual({ ok: true, drawings: [drawing], skipped: 1 });
  });

  it('names the file after the symbol', () => {
    expect(drawingsFileName('AU2612/SHFE')).toBe('AU2612_SHFE-drawings.json');
  });
});
