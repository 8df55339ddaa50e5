// @vitest-environment happy-dom
// The replay session: its services (the page's, with the replay's clock and feed), the URL that
// names it at its position, starting from a link, a random blind start, and back to live.
import { afterEach, describe, expect, it } from 'vitest';
import { queryKeys } from '../../queries/query-keys';
import { LIVE_SOURCE } from '../../queries/market-feed/market-feed';
import { testServices } from '../../queries/query-test-support';
import { useAppStore } from '../../store/app-store';
import { createTestClock } from '../../time/test-clock.test-support';
import { isKeyOf } from './replay-market-feed';
import { currentReplayRun, randomStart, startFromLink, startReplay } from './replay-runtime';
import { currentReplay } from './replay-switch';
import { parseReplayParam, replayParam, withReplayParam } from './replay-url';

const NOW = Date.parse('2026-11-25T08:00:00Z');
const START = Date.parse('2026-11-24T02:00:00Z');

function services() {
  return testServices({ clock: createTestClock(NOW) });
}

afterEach(() => {
  currentReplayRun()?.stop();
  window.history.replaceState(null, '', '/');
});

describe('the replay link', () => {
  it('reads and writes start~position[~blind]', () => {
    expect(parseReplayParam(`${String(START)}~${String(START + 60_000)}`)).toEqual({ start: START, position: START + 60_000, blind: false });
    expect(parseReplayParam(`${String(START)}~${String(START)}~blind`)?.blind).toBe(true);
    expect(parseReplayParam(String(START))).toEqual({ start: START, position: START, blind: false });
    for (const bad of ['', 'x~1', `${String(START)}~${String(START - 1)}`, '12~13']) expect(parseReplayParam(bad)).toBeUndefined();
    expect(replayParam({ start: START, position: START + 0.4, blind: true })).toBe(`${String(START)}~${String(START)}~blind`);
    expect(withReplayParam('?symbol=700.HK', { start: START, position: START, blind: false })).toBe(`?symbol=700.HK&replay=${String(START)}~${String(START)}`);
    expect(withReplayParam(`?symbol=700.HK&replay=1~2`, undefined)).toBe('?symbol=700.HK');
  });

  it('carries a speed other than the default: bars a second or a real-time factor; a bad one falls back to the default', () => {
    const fast = { kind: 'bars', interval: '1m', perSecond: 10 } as const;
    expect(replayParam({ start: START, position: START, blind: true, speed: fast })).toBe(`${String(START)}~${String(START)}~10b~blind`);
    expect(parseReplayParam(`${String(START)}~${String(START)}~10b~blind`)).toEqual({ start: START, position: START, blind: true, speed: fast });
    expect(parseReplayParam(`${String(START)}~${String(START)}~60x`)?.speed).toEqual({ kind: 'realtime', factor: 60 });
    for (const bad of ['0b', '61b', '9999x', 'fast', '4']) {
      const link = parseReplayParam(`${String(START)}~${String(START)}~${bad}`);
      expect(link, bad).toEqual({ start: START, position: START, blind: false });
    }
  });
});

describe('a replay run', () => {
  it('runs on the page’s services with its own clock and feed, names itself in the URL, and steps', () => {
    const base = services();
    const run = startReplay(base, { symbol: '700.HK', start: START, position: START, blind: false });
    expect(run).toBeDefined();
    if (!run) return;
    expect(currentReplay()).toBe(run);
    expect(run.services.queryClient).toBe(base.queryClient);
    expect(run.services.feed.source).toEqual({ kind: 'replay', id: run.id });
    expect(run.services.clock.now()).toBe(START);
    expect(new URLSearchParams(window.location.search).get('replay')).toBe(`${String(START)}~${String(START)}`);
    run.clock.step('1h', 1);
    expect(run.clock.now()).toBeGreaterThan(START);
    expect(new URLSearchParams(window.location.search).get('replay')).toBe(`${String(START)}~${String(run.clock.now())}`);
  });

  it('writes a new speed into the URL at once, even while playing, and opens at the speed a link names', () => {
    const base = services();
    const run = startReplay(base, { symbol: '700.HK', start: START, position: START, blind: false });
    if (!run) throw new Error('no run');
    run.clock.play();
    run.clock.setSpeed({ kind: 'realtime', factor: 10 });
    expect(new URLSearchParams(window.location.search).get('replay')).toMatch(/~10x$/);
    run.clock.setSpeed({ kind: 'bars', interval: '1m', perSecond: 4 });
    expect(new URLSearchParams(window.location.search).get('replay')).toMatch(/^\d+~\d+$/);
    run.stop();
    const reopened = startFromLink(base, `?symbol=700.HK&replay=${String(START)}~${String(START)}~60x`);
    expect(reopened?.clock.speed()).toEqual({ kind: 'realtime', factor: 60 });
  });

  it('hides dates on a blind run’s services until revealed; the page’s own services never do', () => {
    const base = services();
    expect(base.dates).toBeUndefined();
    const run = startReplay(base, { symbol: '700.HK', start: START, position: START, blind: true });
    if (!run) throw new Error('no run');
    const dates = run.services.dates;
    let told = 0;
    dates?.subscribe(() => {
      told += 1;
    });
    expect(dates?.hidden()).toBe(true);
    run.revealDates();
    run.revealDates();
    expect(dates?.hidden()).toBe(false);
    expect(told).toBe(1);
    expect(startReplay(base, { symbol: '700.HK', start: START, position: START, blind: false })?.services.dates?.hidden()).toBe(false);
  });

  it('never runs past the live clock', () => {
    const base = services();
    const run = startReplay(base, { symbol: '700.HK', start: START, position: NOW + 86_400_000, blind: false });
    expect(run?.clock.now()).toBe(NOW);
  });

  it('back to live: the live services again, no replay query in the cache, no replay in the URL', () => {
    const base = services();
    const run = startReplay(base, { symbol: '700.HK', start: START, position: START, blind: false });
    if (!run) throw new Error('no run');
    base.queryClient.setQueryData(queryKeys.tickers.one(run.feed.source, '700.HK'), { symbol: '700.HK' });
    base.queryClient.setQueryData(queryKeys.tickers.one(LIVE_SOURCE, '700.HK'), { symbol: '700.HK' });
    run.stop();
    expect(currentReplay()).toBeUndefined();
    const keys = base.queryClient
      .getQueryCache()
      .getAll()
      .map((query) => query.queryKey);
    expect(keys.some((key) => isKeyOf(run.feed.source, key))).toBe(false);
    expect(keys.some((key) => isKeyOf(LIVE_SOURCE, key))).toBe(true);
    expect(window.location.search).not.toContain('replay=');
  });

  it('a replay started inside a replay starts from the page’s own services, ending the first', () => {
    const base = services();
    const first = startReplay(base, { symbol: '700.HK', start: START, position: START, blind: false });
    if (!first) throw new Error('no run');
    const second = startReplay(first.services, { symbol: '700.HK', start: START + 3_600_000, position: START + 3_600_000, blind: false });
    expect(second?.base).toBe(base);
    expect(currentReplay()).toBe(second);
  });

  it('opens from a link at its position, on the link’s symbol', () => {
    const base = services();
    useAppStore.getState().replaceWorkspace({ ...useAppStore.getState().workspace, symbol: '700.HK' });
    const position = START + 90 * 60_000;
    const run = startFromLink(base, `?symbol=700.HK&replay=${String(START)}~${String(position)}~blind`);
    expect(run?.start).toMatchObject({ symbol: '700.HK', start: START, blind: true });
    expect(run?.clock.now()).toBe(position);
    // The same link again (StrictMode's second effect) keeps the run.
    expect(startFromLink(base, `?symbol=700.HK&replay=${String(START)}~${String(position)}~blind`)).toBe(run);
  });

  it('refuses an instrument whose sessions are unknown', () => {
    expect(startReplay(services(), { symbol: 'NOPE', start: START, position: START, blind: false })).toBeUndefined();
  });
});

describe('a random start', () => {
  it('falls on a weekday of the last year, at least a day back, on a whole minute', () => {
    for (const draw of [0, 0.1, 0.5, 0.77, 0.999]) {
      const at = randomStart(NOW, () => draw);
      expect(at).toBeLessThanOrEqual(NOW - 86_400_000);
      expect(at).toBeGreaterThan(NOW - 368 * 86_400_000);
      expect(at % 60_000).toBe(0);
      expect([0, 6]).not.toContain(new Date(at).getUTCDay());
    }
  });
});
