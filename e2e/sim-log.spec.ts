/** The evidence checkers of sim-log.ts, on made-up logs (no browser): they must be able to fail. */
import { expect, test } from '@playwright/test';
import { busiestMinute, checkRateLimits, newEntries, type ReceivedLimit, type SimLogEntry } from './sim-log.ts';

function entry(at: number, path = '/v1/market/ticker', code = 0): SimLogEntry {
  return { at, key: 'demo-enterprise', path, status: code === 0 ? 200 : code === 3001 ? 429 : 500, code };
}

test.describe('newEntries', () => {
  const log = [entry(1), entry(2), entry(2), entry(3), entry(5)];

  test('keeps what follows the overlap, with repeated entries, and everything after an empty start', () => {
    expect(newEntries(log.slice(0, 3), log)).toEqual(log.slice(3));
    expect(newEntries(log, log)).toEqual([]);
    expect(newEntries([], log)).toEqual(log);
    // The window slid: the new read starts inside the old one.
    expect(newEntries(log.slice(0, 4), [...log.slice(2), entry(8)])).toEqual([entry(5), entry(8)]);
  });

  test('refuses to guess when the log overflowed between two reads', () => {
    expect(() => newEntries(log.slice(0, 2), [entry(9), entry(10)])).toThrow(/overflowed/);
  });
});

test.describe('checkRateLimits', () => {
  const limited = entry(10_000, '/v1/market/trades', 3001);
  const receipt: ReceivedLimit = { path: '/v1/market/trades', receivedAt: 10_302, retryAfterMs: 2_000 };
  const options = { inFlightMs: 100, answerDelayMs: 300 };

  test('flags a request inside the window and excuses those already on their way', () => {
    const entries = [entry(9_990), limited, entry(10_150), entry(10_330), entry(11_000, '/v1/market/kline'), entry(12_300)];
    const report = checkRateLimits(entries, [receipt], options);
    expect(report).toMatchObject({ logged: 1, delivered: 1, inFlight: 1, maxInFlightMs: 30 });
    expect(report.violations).toEqual([
      { limitedAt: 10_000, limitedPath: '/v1/market/trades', arrivedAt: 11_000, arrivedPath: '/v1/market/kline', afterAnswerMs: 700 },
    ]);
  });

  test('passes when the next request waits out Retry-After', () => {
    expect(checkRateLimits([limited, entry(12_300), entry(12_301)], [receipt], options).violations).toEqual([]);
  });

  test('ignores a 3001 the page never received (its request was cancelled)', () => {
    const report = checkRateLimits([limited, entry(11_000)], [], options);
    expect(report).toMatchObject({ logged: 1, delivered: 0, violations: [] });
  });
});

test('busiestMinute counts the most requests within any 60 s', () => {
  expect(busiestMinute([entry(0), entry(30_000), entry(59_999), entry(60_000), entry(200_000)])).toBe(3);
  expect(busiestMinute([])).toBe(0);
});
