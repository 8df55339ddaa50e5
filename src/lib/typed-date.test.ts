import { describe, expect, it } from 'vitest';
import { dateTimeText, dayMonthOrder, readTypedDate, readTypedLocalTime, typedDateText } from './typed-date';

const at = (year: number, month: number, day: number, hour = 0, minute = 0) => ({ year, month, day, hour, minute });

describe('readTypedDate', () => {
  it('reads a date typed year first, however it is separated', () => {
    for (const text of ['2025-11-25', ' 2025/11/25 ', '2025.11.25', '20251125', '2025年11月25日', '2025 - 11 - 25'])
      expect(readTypedDate(text, 'month-first'), text).toEqual(at(2025, 11, 25));
    expect(readTypedDate('2025-1-5', 'day-first')).toEqual(at(2025, 1, 5));
  });

  it('reads a date typed year last in the order of the browser’s language, as its own date field does', () => {
    expect(readTypedDate('11/12/2025', 'month-first')).toEqual(at(2025, 11, 12));
    expect(readTypedDate('11/12/2025', 'day-first')).toEqual(at(2025, 12, 11));
    expect(readTypedDate('25/11/2025', 'month-first')).toBeUndefined();
    expect(dayMonthOrder('en-US')).toBe('month-first');
    expect(dayMonthOrder('en-GB')).toBe('day-first');
    expect(dayMonthOrder('de-DE')).toBe('day-first');
  });

  it('reads a time after the date: 24-hour, am/pm, ISO’s T, Chinese', () => {
    expect(readTypedDate('2025-11-25 09:30', 'month-first')).toEqual(at(2025, 11, 25, 9, 30));
    expect(readTypedDate('2025-11-25T21:05', 'month-first')).toEqual(at(2025, 11, 25, 21, 5));
    expect(readTypedDate('2025-11-25T21:05:40', 'month-first')).toEqual(at(2025, 11, 25, 21, 5));
    expect(readTypedDate('11/25/2025 9:30 pm', 'month-first')).toEqual(at(2025, 11, 25, 21, 30));
    expect(readTypedDate('11/25/2025 12:10 AM', 'month-first')).toEqual(at(2025, 11, 25, 0, 10));
    expect(readTypedDate('2025年11月25日 9時30分', 'month-first')).toEqual(at(2025, 11, 25, 9, 30));
  });

  it('refuses what is no date or no time', () => {
    for (const text of [
      '',
      '2025-02-30',
      '2025-13-01',
      '2025-11',
      '2025-11-25-1',
      '2025-11-25 24:00',
      '2025-11-25 9:60',
      '2025-11-25 13:00 pm',
      'tomorrow',
      '25.11.25',
    ])
      expect(readTypedDate(text, 'day-first'), text).toBeUndefined();
  });
});

describe('typed local times', () => {
  it('reads and writes an instant in the browser’s zone, the text read back to the same minute', () => {
    const ms = new Date(2025, 10, 25, 9, 30).getTime();
    expect(typedDateText(ms)).toBe('2025-11-25 09:30');
    expect(typedDateText(ms, false)).toBe('2025-11-25');
    expect(readTypedLocalTime(typedDateText(ms))).toBe(ms);
    expect(readTypedLocalTime('nothing')).toBeUndefined();
  });
});

describe('the picker’s value', () => {
  it('is what was typed, written with a T as the browser’s own picker takes it', () => {
    const typed = readTypedDate('25/11/2025 9:05 pm', 'day-first');
    expect(typed && dateTimeText(typed, true, 'T')).toBe('2025-11-25T21:05');
    expect(typed && dateTimeText(typed, false)).toBe('2025-11-25');
  });
});
