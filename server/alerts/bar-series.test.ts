/**
 * When a series of bars closes a bar and with what (bar-series.ts): on the first push of a later
 * bar, with the endpoint's candle, once for all its members; the pushes meanwhile held; a bar the
 * endpoint lags on asked again; members caught up; a re-adjusted history restarting them. And the
 * periods it counts with (bar-periods.ts).
 */
import { describe, expect, it } from 'vitest';
import { flatBar, HOUR_MS, START_MS } from '#shared/alerts/indicator-condition.test-support.ts';
import type { Candle } from '#shared/candle.ts';
import { zonedTimeToUtc } from '#shared/time-zone.ts';
import { BarPeriods } from './bar-periods.ts';
import { BarSeries, type SeriesMember } from './bar-series.ts';

/** Hour `index`'s bar, closing at `100 + index` (× `scale`: a re-adjusted history). */
const bar = (index: number, scale = 1): Candle => ({ ...flatBar(START_MS + index * HOUR_MS, (100 + index) * scale), volume: 1_000 + index });
const bars = (from: number, to: number, scale = 1): Candle[] => Array.from({ length: to - from + 1 }, (_, offset) => bar(from + offset, scale));
/** `seconds` into hour `index`. */
const at = (index: number, seconds = 1): number => START_MS + index * HOUR_MS + seconds * 1_000;

/** A member noting what it is told, in order. */
class Member implements SeriesMember {
  readonly heard: string[] = [];
  readonly closed: Candle[] = [];
  constructor(readonly historyBars = 50) {}
  restart(history: readonly Candle[]): void {
    this.heard.push(`restart ${String(history.length)} to ${String(history.at(-1)?.close)}`);
  }
  closeBar(candle: Candle): void {
    this.heard.push(`close ${String(candle.close)}`);
    this.closed.push(candle);
  }
  tick(price: number): void {
    this.heard.push(`tick ${String(price)}`);
  }
}

/** The microtasks queued so far run (a request goes out on the one after the push). */
const turn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** An endpoint the test answers: each request waits for `answer`. */
function endpoint() {
  const asked: { count: number; answer: (bars: Candle[]) => void }[] = [];
  return {
    asked,
    loadBars: (_symbol: string, _type: unknown, _interval: string, count: number) =>
      new Promise<Candle[]>((resolve) => {
        asked.push({ count, answer: resolve });
      }),
    /** Answers the newest request and waits for the series to take it. */
    async answer(answer: Candle[], series: BarSeries): Promise<void> {
      await turn();
      asked.at(-1)?.answer(answer);
      while (series.pending) await series.pending;
    },
  };
}

function hourly(source: ReturnType<typeof endpoint>): BarSeries {
  return new BarSeries({ symbol: 'BTCUSDT', type: 'crypto', interval: '1h', timeZone: 'UTC', loadBars: source.loadBars });
}

function started(series: BarSeries, history: Candle[], member = new Member()): Member {
  series.add(member);
  series.start(member, history);
  member.heard.length = 0;
  return member;
}

describe('BarSeries', () => {
  it('closes a bar with the endpoint’s candle on the first push of the next bar, one request for all its members, the pushes meanwhile after it', async () => {
    const source = endpoint();
    const series = hourly(source);
    const [a, b] = [started(series, bars(0, 9)), started(series, bars(0, 9))];
    series.push(1, at(10));
    series.push(2, at(10, 3_599));
    expect(source.asked).toHaveLength(0);
    series.push(3, at(11));
    series.push(4, at(11, 2));
    await turn();
    expect(source.asked.map(({ count }) => count)).toEqual([4]);
    expect(a.heard).toEqual(['tick 1', 'tick 2']);
    await source.answer(bars(8, 10), series);
    for (const member of [a, b]) {
      expect(member.heard).toEqual(['tick 1', 'tick 2', 'close 110', 'tick 3', 'tick 4']);
      // The endpoint's bar, its volume included, not one drawn from the ticks.
      expect(member.closed).toEqual([bar(10)]);
    }
  });

  it('asks again 5 s and 30 s later while the endpoint lags, then waits for the next bar', async () => {
    const source = endpoint();
    const series = hourly(source);
    const member = started(series, bars(0, 9));
    series.push(1, at(10));
    series.push(2, at(11));
    await source.answer(bars(7, 9), series);
    series.push(3, at(11, 4));
    await turn();
    expect(source.asked).toHaveLength(1);
    series.push(4, at(11, 7));
    await source.answer(bars(7, 9), series);
    series.push(5, at(11, 37));
    await source.answer(bars(7, 9), series);
    series.push(6, at(11, 600));
    await turn();
    expect(source.asked).toHaveLength(3);
    series.push(7, at(12));
    await source.answer(bars(8, 11), series);
    expect(source.asked).toHaveLength(4);
    expect(member.closed.map(({ close }) => close)).toEqual([110, 111]);
  });

  it('gives a member the bars closed after its history was read, and the others those of a newer history', async () => {
    const source = endpoint();
    const series = hourly(source);
    const early = started(series, bars(0, 9));
    series.push(1, at(10));
    series.push(2, at(12));
    await source.answer(bars(8, 11), series);
    expect(early.closed.map(({ close }) => close)).toEqual([110, 111]);
    const late = new Member();
    series.add(late);
    series.start(late, bars(0, 9));
    expect(late.heard).toEqual(['restart 10 to 109', 'close 110', 'close 111']);
    const newest = new Member();
    series.add(newest);
    series.start(newest, bars(0, 12));
    expect(newest.heard).toEqual(['restart 13 to 112']);
    expect([early, late].map((member) => member.closed.at(-1)?.close)).toEqual([112, 112]);
  });

  it('starts every member again from a fresh history when a bar it closed comes back re-adjusted', async () => {
    const source = endpoint();
    const series = hourly(source);
    const member = started(series, bars(0, 9), new Member(40));
    series.push(1, at(10));
    series.push(2, at(11));
    // A 2-for-1 split: every bar before it is halved.
    await turn();
    source.asked[0]?.answer(bars(8, 10, 0.5));
    await turn();
    expect(source.asked.map(({ count }) => count)).toEqual([4, 40]);
    await source.answer(bars(0, 10, 0.5), series);
    expect(member.heard).toEqual(['tick 1', 'restart 10 to 54.5', 'close 55', 'tick 2']);
  });
});

describe('BarPeriods', () => {
  it('steps intraday bars from a known bar, as sessions open off the epoch grid', () => {
    const periods = new BarPeriods('1h', 'Asia/Hong_Kong');
    const open = zonedTimeToUtc(2026, 3, 2, 9, 30, 'Asia/Hong_Kong');
    expect(periods.startOf(open + 2 * HOUR_MS + 10 * 60_000, open)).toBe(open + 2 * HOUR_MS);
    expect(periods.nextStart(open)).toBe(open + HOUR_MS);
  });

  it('opens daily and monthly bars at the market’s midnights, across a daylight-saving change', () => {
    const zone = 'America/New_York';
    const daily = new BarPeriods('1d', zone);
    const saturday = zonedTimeToUtc(2026, 3, 7, 0, 0, zone);
    const sunday = zonedTimeToUtc(2026, 3, 8, 0, 0, zone);
    const monday = zonedTimeToUtc(2026, 3, 9, 0, 0, zone);
    expect(daily.nextStart(saturday)).toBe(sunday);
    // Sunday has 23 hours there.
    expect(daily.nextStart(sunday)).toBe(monday);
    expect(monday - sunday).toBe(23 * HOUR_MS);
    expect(daily.startOf(monday - 1, 0)).toBe(sunday);
    const monthly = new BarPeriods('1M', zone);
    expect(monthly.nextStart(zonedTimeToUtc(2026, 2, 1, 0, 0, zone))).toBe(zonedTimeToUtc(2026, 3, 1, 0, 0, zone));
  });
});
