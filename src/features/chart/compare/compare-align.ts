/**
 * A compared symbol's closes laid on the chart's bars, one value per bar (undefined: a gap).
 *
 * Daily and longer intervals align by calendar date, each candle's date read in its own market's
 * zone: a 1d candle is stamped at its market's local midnight (a US day at 05:00 UTC, a Hong Kong
 * day at 16:00 UTC the evening before), so the same trading date of two markets is two instants
 * apart, and only the dates meet. Weeks and months are stamped at their first calendar day, so
 * they meet the same way. Where the compared market had no candle on a bar's date (a holiday of
 * its own) the bar has a gap.
 *
 * Intraday intervals align by real time: a bar takes the compared candle whose period (start to
 * start + period) holds the bar's start, so a 10:30 bar meets the other market's 10:00–11:00 one;
 * none: a gap (that market was closed).
 *
 * Both lists ascending by time (the chart's bars and the query's candles are).
 */
import type { Candle } from '#shared/candle.ts';
import type { Interval } from '#shared/contract.ts';
import { INTRADAY_INTERVAL_MS } from '#shared/interval-length.ts';
import { ymdInZone } from '#shared/time-zone.ts';

export type Alignment =
  /** By local calendar date: the chart's in `mainZone`, the compared symbol's in `otherZone`. */
  | { by: 'date'; mainZone: string; otherZone: string }
  /** By real time: the compared candle whose period of `periodMs` holds the bar's start. */
  | { by: 'time'; periodMs: number };

export type Aligned = (number | undefined)[];

/** How an interval's bars of two markets meet. */
export function alignmentOf(interval: Interval, mainZone: string, otherZone: string): Alignment {
  const periodMs = INTRADAY_INTERVAL_MS[interval];
  return periodMs === undefined ? { by: 'date', mainZone, otherZone } : { by: 'time', periodMs };
}

/** The compared closes on the bars at `mainTimes` (ms UTC, ascending). */
export function alignCloses(mainTimes: readonly number[], other: readonly Candle[], alignment: Alignment): Aligned {
  return alignment.by === 'date' ? byDate(mainTimes, other, alignment) : byTime(mainTimes, other, alignment.periodMs);
}

/**
 * Dates already read, per alignment and side: a live tick aligns a whole line again, and a zone
 * without a fixed offset asks Intl for every date (the alignment object lives as long as its line).
 */
const datesSeen = new WeakMap<Alignment, { main: Map<number, string>; other: Map<number, string> }>();

function dateReaders(alignment: Alignment & { by: 'date' }): { main: (ms: number) => string; other: (ms: number) => string } {
  let seen = datesSeen.get(alignment);
  if (!seen) {
    seen = { main: new Map<number, string>(), other: new Map<number, string>() };
    datesSeen.set(alignment, seen);
  }
  return { main: reader(seen.main, alignment.mainZone), other: reader(seen.other, alignment.otherZone) };
}

function reader(known: Map<number, string>, zone: string): (ms: number) => string {
  return (ms) => {
    let date = known.get(ms);
    if (date === undefined) known.set(ms, (date = ymdInZone(ms, zone)));
    return date;
  };
}

function byDate(mainTimes: readonly number[], other: readonly Candle[], alignment: Alignment & { by: 'date' }): Aligned {
  const { main: mainDate, other: otherDate } = dateReaders(alignment);
  const closes = new Map<string, number>();
  // A later candle of the same date (a fresher copy) wins.
  for (const candle of other) closes.set(otherDate(candle.time), candle.close);
  return mainTimes.map((time) => closes.get(mainDate(time)));
}

function byTime(mainTimes: readonly number[], other: readonly Candle[], periodMs: number): Aligned {
  const out: Aligned = [];
  let j = -1;
  for (const time of mainTimes) {
    while (j + 1 < other.length && (other[j + 1] as Candle).time <= time) j += 1;
    const candle = other[j];
    out.push(candle !== undefined && time < candle.time + periodMs ? candle.close : undefined);
  }
  return out;
}
