import { describe, expect, it } from 'vitest';
import { screenCsv } from './screen-csv';

describe('a screen as CSV', () => {
  it('writes symbol, name and the columns, numbers plain, unknowns empty, names made safe', () => {
    const csv = screenCsv(
      ['price', 'change-percent', 'board', { kind: 'rsi', period: 14 }],
      [
        { symbol: '700.HK', name: '腾讯控股', values: [320.4, 1.2345, 'Main Board', null] },
        { symbol: 'X.US', name: '=cmd', values: [1234567.5, -0.5, null, 28.1] },
      ],
    );
    expect(csv).toBe("Symbol,Name,Price,Change %,Board,RSI(14)\r\n700.HK,腾讯控股,320.4,1.2345,Main Board,\r\nX.US,'=cmd,1234567.5,-0.5,,28.1\r\n");
  });
});
