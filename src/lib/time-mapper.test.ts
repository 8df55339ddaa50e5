import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Candle } from '#shared/candle.ts';
import { browserTimeZone, chartTimeMapper, displayTimeZone, fromChartTime, toChartSeries, toChartTime } from './time-mapper';

const NY = 'America/New_York';
const sec = (ms: number): number => ms / 1000;

function candle(time: number, close = 1): Candle {
  return { time, open: close, high: close, low: close, close, volume: 10 };
}

describe('toChartTime', () => {
  it('shows a US candle at 14:30Z as 09:30 in winter and 10:30 in summer (market time)', () => {
    expect(toChartTime(Date.UTC(2026, 0, 15, 14, 30), 'market', NY)).toBe(sec(Date.UTC(2026, 0, 15, 9, 30)));
    expect(toChartTime(Date.UTC(2026, 6, 15, 14, 30), 'market', NY)).toBe(sec(Date.UTC(2026, 6, 15, 10, 30)));
  });

  it('follows the DST changes of 8 March and 1 November 2026', () => {
    // Friday before spring-forward: the open is 14:30Z; Monday after: 13:30Z.
    expect(toChartTime(Date.UTC(2026, 2, 6, 14, 30), 'market', NY)).toBe(sec(Date.UTC(2026, 2, 6, 9, 30)));
    expect(toChartTime(Date.UTC(2026, 2, 9, 13, 30), 'market', NY)).toBe(sec(Date.UTC(2026, 2, 9, 9, 30)));
    // Friday before fall-back: 13:30Z; Monday after: 14:30Z.
    expect(toChartTime(Date.UTC(2026, 9, 30, 13, 30), 'market', NY)).toBe(sec(Date.UTC(2026, 9, 30, 9, 30)));
    expect(toChartTime(Date.UTC(2026, 10, 2, 14, 30), 'market', NY)).toBe(sec(Date.UTC(2026, 10, 2, 9, 30)));
  });

  it('passes UTC through and uses the given local zone', () => {
    const ms = Date.UTC(2026, 10, 26, 14, 30, 15);
    expect(toChartTime(ms, 'utc', NY)).toBe(sec(ms));
    expect(toChartTime(ms, 'local', NY, 'Asia/Hong_Kong')).toBe(sec(Date.UTC(2026, 10, 26, 22, 30, 15)));
    expect(displayTimeZone('local', NY, 'Europe/Paris')).toBe('Europe/Paris');
    expect(displayTimeZone('market', NY, 'Europe/Paris')).toBe(NY);
    // Without a local zone given, the runtime's own zone is used.
    expect(typeof toChartTime(ms, 'local', NY)).toBe('number');
  });
});

describe('chartTimeMapper', () => {
  it('gives what toChartTime gives, minute by minute across both DST changes, in every zone', () => {
    const days = [Date.UTC(2026, 2, 8, 0), Date.UTC(2026, 10, 1, 0)];
    for (const zone of ['market', 'local', 'utc'] as const) {
      const timeOf = chartTimeMapper(zone, NY, 'Europe/Paris');
      for (const day of days) {
        for (let ms = day; ms < day + 24 * 3_600_000; ms += 60_000 + 1_234) {
          expect(timeOf(ms)).toBe(toChartTime(ms, zone, NY, 'Europe/Paris'));
        }
      }
    }
  });
});

describe('fromChartTime', () => {
  it('inverts toChartTime in every zone, across DST', () => {
    const instants = [Date.UTC(2026, 0, 15, 14, 30), Date.UTC(2026, 2, 9, 13, 30, 45), Date.UTC(2026, 10, 2, 14, 30)];
    for (const ms of instants) {
      for (const zone of ['market', 'local', 'utc'] as const) {
        expect(fromChartTime(toChartTime(ms, zone, NY, 'Asia/Shanghai'), zone, NY, 'Asia/Shanghai')).toBe(ms);
      }
    }
  });

  it('resolves a repeated wall-clock hour to its first occurrence', () => {
    // 01:30 on 1 Nov 2026 happens at 05:30Z (EDT) and again at 06:30Z (EST).
    expect(fromChartTime(sec(Date.UTC(2026, 10, 1, 1, 30)), 'market', NY)).toBe(Date.UTC(2026, 10, 1, 5, 30));
  });
});

describe('toChartSeries', () => {
  it('sorts ascending and keeps the later of two candles with the same time', () => {
    const t0 = Date.UTC(2026, 10, 25, 14, 30);
    const t1 = t0 + 60_000;
    const t2 = t0 + 120_000;
    const series = toChartSeries([candle(t2, 3), candle(t0, 1), candle(t1, 2), candle(t1, 22)], 'utc', NY);
    expect(series.map((c) => c.time)).toEqual([sec(t0), sec(t1), sec(t2)]);
    expect(series.map((c) => c.close)).toEqual([1, 22, 3]);
    expect(series[0]).toEqual({ time: sec(t0), open: 1, high: 1, low: 1, close: 1, volume: 10 });
  });

  it('shifts into the market zone and leaves its input alone', () => {
    const input = [candle(Date.UTC(2026, 10, 25, 14, 30)), candle(Date.UTC(2026, 10, 25, 14, 31))];
    const series = toChartSeries(input, 'market', NY);
    expect(series.map((c) => c.time)).toEqual([sec(Date.UTC(2026, 10, 25, 9, 30)), sec(Date.UTC(2026, 10, 25, 9, 31))]);
    expect(input[0]?.time).toBe(Date.UTC(2026, 10, 25, 14, 30));
  });

  it('keeps chart times strictly increasing through a repeated DST hour', () => {
    // Hourly candles through the fall-back night: 05:00Z and 06:00Z both read 01:00 in New York.
    const times = [4, 5, 6, 7].map((h) => Date.UTC(2026, 10, 1, h));
    const series = toChartSeries(
      times.map((t) => candle(t)),
      'local',
      NY,
      NY,
    );
    expect(series.map((c) => c.time)).toEqual([0, 1, 2].map((h) => sec(Date.UTC(2026, 10, 1, h))));
  });

  it('returns an empty series for no candles', () => {
    expect(toChartSeries([], 'market', NY)).toEqual([]);
  });
});

describe('browserTimeZone', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('asks Intl once a minute at most, and sees a zone change after that', () => {
    vi.useFakeTimers({ now: Date.UTC(2030, 0, 1), toFake: ['Date'] });
    const zones = ['Europe/Paris', 'Asia/Tokyo'];
    const resolved = vi
      .spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions')
      .mockImplementation(() => ({ timeZone: zones[0] }) as Intl.ResolvedDateTimeFormatOptions);
    vi.setSystemTime(Date.UTC(2030, 0, 1, 0, 2)); // past any reading cached by earlier tests
    expect(browserTimeZone()).toBe('Europe/Paris');
    zones.shift();
    for (let i = 0; i < 100; i++) expect(browserTimeZone()).toBe('Europe/Paris');
    expect(resolved).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.UTC(2030, 0, 1, 0, 3));
    expect(browserTimeZone()).toBe('Asia/Tokyo');
    expect(resolved).toHaveBeenCalledTimes(2);
  });
});

describe('the time types', () => {
  it('keep instants and chart seconds apart at compile time', () => {
    const seconds = toChartTime(Date.UTC(2026, 0, 5, 14, 30), 'utc', 'UTC');
    const ms = fromChartTime(seconds, 'utc', 'UTC');
    expect(ms).toBe(Date.UTC(2026, 0, 5, 14, 30));
    // @ts-expect-error chart seconds are not an instant
    toChartTime(seconds, 'utc', 'UTC');
    // @ts-expect-error an instant is not chart seconds
    fromChartTime(ms, 'utc', 'UTC');
  });
});
