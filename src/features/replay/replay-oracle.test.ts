// The oracle of bar replay (issue 35): a 700.HK day and an AAPL.US day recorded from the real
// simulator, then replayed step by step. At every step each chart (1m, 5m, 1h, 1d, asked as the
// app asks) equals the recorded bars before the current period plus the current bar folded from
// the recorded minutes ended by then; no bar lies past the current period; RSI(14) and MA(20) on
// the replayed series equal them on the recorded series so truncated; ticker and intraday line
// stand at the step; and stepping through a day asks the source for nothing new.
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchIntraday, fetchTickers } from '../../api/quote-endpoints';
import type { Candle } from '#shared/candle.ts';
import type { Interval } from '#shared/contract.ts';
import { computeIndicator } from '#shared/indicators/fold.ts';
import { rsi } from '#shared/indicators/rsi.ts';
import { sma } from '#shared/indicators/sma.ts';
import { startSimulator, type SimHandle } from '../../api/sim-fetch.test-support';
import { toCandle } from '../../lib/candles';
import { createTestClock, type TestClock } from '../../time/test-clock.test-support';
import { klines, type KlineJson } from '../../../server/sim/test-support.ts';
import { chartSeries } from './chart-series.test-support';
import { createReplayApi, type ReplayApi } from './replay-api';
import { countedSource, recordBars } from './sim-record.test-support';

const MINUTE = 60_000;
const SIM_NOW = Date.parse('2026-11-25T22:00:00Z');
const INTERVALS: Interval[] = ['1m', '5m', '1h', '1d'];

interface Day {
  symbol: string;
  zone: string;
  /** The replayed day and the trading day before it. */
  day: string;
  previous: string;
  /** Local times of the steps besides every 13 minutes of the session. */
  extra: string[];
}

const DAYS: Day[] = [
  { symbol: '700.HK', zone: '+08:00', day: '2026-11-24', previous: '2026-11-23', extra: ['11:59:59', '12:00', '12:15', '13:00', '13:00:30', '13:01', '13:59'] },
  { symbol: 'AAPL.US', zone: '-05:00', day: '2026-11-24', previous: '2026-11-23', extra: ['15:29', '15:30', '15:31', '15:59:30'] },
];

/** The steps of a day: before the open, at it, through the session every 13 minutes, after the close. */
function stepsOf({ day, zone, extra }: Day): number[] {
  const local = (clock: string): number => Date.parse(`${day}T${clock}${zone}`);
  const steps = ['08:00', '09:30', '09:30:30', '09:31', '09:32', ...extra, '16:00', '16:30', '23:59'].map(local);
  for (let t = local('09:31'); t <= local('16:00'); t += 13 * MINUTE) steps.push(t);
  return [...new Set(steps)].sort((a, b) => a - b);
}

interface Recording {
  /** 1-minute bars of the previous day and the replayed day. */
  minutes: KlineJson[];
  /** The newest 1,000 bars of each interval up to the end of the replayed day. */
  bars: Record<string, KlineJson[]>;
}

async function record(sim: SimHandle, { symbol, zone, day, previous }: Day): Promise<Recording> {
  const end = Date.parse(`${day}T23:59:59.999${zone}`);
  const minutes = await recordBars(sim, symbol, '1m', Date.parse(`${previous}T00:00${zone}`), end + 1);
  const bars: Record<string, KlineJson[]> = {};
  for (const interval of INTERVALS) bars[interval] = await klines(sim, `symbol=${symbol}&interval=${interval}&end_time=${end}&limit=1000`);
  return { minutes, bars };
}

/** What a chart must show at `at`, from the recording alone: bars before the current one, and the current one folded from its minutes ended by `at`. */
function expected(recording: Recording, interval: Interval, at: number) {
  const ended = recording.minutes.filter((minute) => minute.time + MINUTE <= at);
  const last = ended.at(-1);
  const own = recording.bars[interval] ?? [];
  // The simulator's own bars say where the current bar begins.
  const current = last && own.filter((bar) => bar.time <= last.time).at(-1);
  if (!last || !current) throw new Error('the recording does not reach this step');
  const parts = ended.filter((minute) => minute.time >= current.time).map(toCandle);
  const forming: Candle = {
    time: current.time,
    open: parts[0]?.open ?? Number.NaN,
    high: Math.max(...parts.map((part) => part.high)),
    low: Math.min(...parts.map((part) => part.low)),
    close: Number(last.close),
    volume: parts.reduce((sum, part) => sum + part.volume, 0),
    quoteVolume: parts.reduce((sum, part) => sum + (part.quoteVolume ?? 0), 0),
  };
  const complete =
    recording.minutes.filter((minute) => minute.time >= current.time && minute.time < (own[own.indexOf(current) + 1]?.time ?? Infinity)).length ===
    parts.length;
  return { history: own.filter((bar) => bar.time < current.time).map(toCandle), forming, current: toCandle(current), complete, day: ended };
}

function closes(candles: readonly Candle[]) {
  const bars = candles.map(({ open, high, low, close, volume }) => ({ open, high, low, close, volume }));
  return { rsi: computeIndicator(rsi(14), bars)[0], ma: computeIndicator(sma(20), bars)[0] };
}

describe.each(DAYS)('replaying $symbol on $day', (day) => {
  let sim: SimHandle;
  let recording: Recording;
  let clock: TestClock;
  let replay: ReplayApi;
  let calls: string[];
  const steps = stepsOf(day);
  /** Source requests made by each step, in order. */
  const cost: { at: number; requests: number }[] = [];

  beforeAll(async () => {
    sim = startSimulator(new Date(SIM_NOW).toISOString());
    recording = await record(sim, day);
    const source = countedSource(sim);
    calls = source.calls;
    clock = createTestClock(steps[0] ?? 0);
    replay = createReplayApi({ api: source.api, clock, sourceNow: () => sim.clock.now() });
  });

  it('shows at every step the recorded bars cut at the step, the current one folded from its minutes', async () => {
    let checkedComplete = 0;
    for (const at of steps) {
      clock.set(at);
      const before = calls.length;
      for (const interval of INTERVALS) {
        const series = await chartSeries(replay, day.symbol, interval, at);
        const want = expected(recording, interval, at);
        const label = `${interval} at ${new Date(at).toISOString()}`;
        const first = want.history[0]?.time ?? want.current.time;
        const shown = series.candles.filter((candle) => candle.time >= first);
        const forming = shown.at(-1);

        expect(shown.slice(0, -1), label).toEqual(want.history);
        expect(forming?.time, label).toBe(want.current.time);
        expect([forming?.open, forming?.high, forming?.low, forming?.close], label).toEqual([
          want.forming.open,
          want.forming.high,
          want.forming.low,
          want.forming.close,
        ]);
        expect(forming?.volume, label).toBeCloseTo(want.forming.volume, 6);
        expect(forming?.quoteVolume, label).toBeCloseTo(want.forming.quoteVolume ?? 0, 2);
        if (want.complete) {
          // A bar whose minutes have all ended reads exactly as the simulator's own bar.
          expect(forming, label).toEqual(want.current);
          checkedComplete++;
        }
        // Nothing past the current period, nothing at or after the step.
        expect(
          series.candles.every((candle) => candle.time <= want.current.time && candle.time < at),
          label,
        ).toBe(true);
        expect(series.history, label).toHaveLength(1_000);

        const replayed = closes(shown);
        const truncated = closes([...want.history, want.forming]);
        expect(replayed.rsi?.at(-1), label).toBeDefined();
        expect(replayed, label).toEqual(truncated);
      }

      const ended = recording.minutes.filter((minute) => minute.time + MINUTE <= at);
      const last = ended.at(-1);
      const dayMinutes = ended.filter((minute) => new Date(minute.time).toISOString().slice(0, 10) === new Date(last?.time ?? 0).toISOString().slice(0, 10));
      const [ticker] = await fetchTickers(replay, { symbols: [day.symbol] });
      expect(ticker?.last_price).toBe(last?.close);
      expect(ticker?.open).toBe(dayMinutes[0]?.open);
      expect(Number(ticker?.volume_24h)).toBe(dayMinutes.reduce((sum, minute) => sum + Number(minute.volume), 0));
      expect(ticker?.timestamp).toBeLessThan(at);
      const previousClose = recording.bars['1d']?.filter((bar) => bar.time < (last?.time ?? 0)).at(-2)?.close;
      expect(ticker?.prev_close).toBe(previousClose);
      const [line] = await fetchIntraday(replay, { symbols: [day.symbol] });
      expect(line?.lines.map((point) => [point.timestamp, point.price])).toEqual(dayMinutes.map((minute) => [minute.time, minute.close]));

      cost.push({ at, requests: calls.length - before });
    }
    expect(checkedComplete).toBeGreaterThan(20);
  });

  it('asks the source for each window once: per trading day its windows before the day, its minutes and its day windows', () => {
    expect(new Set(calls).size).toBe(calls.length);
    const perStep = cost.map((step) => step.requests);
    // Entering a trading day: the windows up to it (1m, 5m, 1h, 1d) and its minutes; then each
    // intraday interval's window of the day once its first bar has completed. The ticker's
    // previous close and every tail come out of windows already kept.
    expect(perStep.filter((requests) => requests > 0).length).toBeLessThanOrEqual(6);
    expect(perStep.reduce((sum, requests) => sum + requests, 0)).toBe(14);
  });

  it('steps back over the day with no request at all', async () => {
    const before = calls.length;
    for (const at of [...steps].reverse()) {
      clock.set(at);
      for (const interval of INTERVALS) {
        const series = await chartSeries(replay, day.symbol, interval, at);
        expect(series.candles.every((candle) => candle.time < at)).toBe(true);
      }
    }
    expect(calls.length - before).toBe(0);
  });
});
