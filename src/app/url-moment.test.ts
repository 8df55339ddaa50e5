// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { chartMomentRequest } from '../features/chart/chart-moment';
import { useAppStore } from '../store/app-store';
import { askMoment, instantOf, momentOfLink, showMomentOfLink, showMomentOfLinkAtLoad } from './url-moment';
import { parseWorkspace } from './url-state';

const initial = useAppStore.getState();
const NOON = Date.parse('2026-11-20T12:00:00Z');

/** The notices' words as shown. */
const noticeTexts = (): string[] =>
  useAppStore.getState().notices.map(({ text }) => (typeof text === 'function' ? text() : typeof text === 'string' ? text : text.key));

beforeEach(() => {
  localStorage.clear();
  useAppStore.setState(initial, true);
  chartMomentRequest.set(undefined);
});

describe('instantOf', () => {
  it('reads epoch milliseconds and ISO 8601 date-times with their offset', () => {
    expect(instantOf(String(NOON))).toBe(NOON);
    expect(instantOf('2026-11-20T12:00:00Z')).toBe(NOON);
    expect(instantOf('2026-11-20T12:00Z')).toBe(NOON);
    expect(instantOf('2026-11-20T12:00:00.250Z')).toBe(NOON + 250);
    expect(instantOf('2026-11-20T20:00:00+08:00')).toBe(NOON);
    expect(instantOf('2026-11-20T07:00:00-05:00')).toBe(NOON);
    expect(instantOf(' 0 ')).toBe(0);
  });

  it('takes back a `+` of an offset that the query string read as a space', () => {
    expect(instantOf('2026-11-20T20:00:00 08:00')).toBe(NOON);
  });

  it('refuses anything that is not one instant', () => {
    for (const text of [
      '',
      'yesterday',
      '2026-11-20',
      '2026-11-20T12:00:00',
      '2026-11-20 12:00:00Z',
      '2026-02-31T12:00:00Z',
      '2026-11-20T24:00:00Z',
      '2026-11-20T12:60:00Z',
      '2026-11-20T12:00:00+24:00',
      '-1',
      '1e12',
      '12.5',
      '99999999999999',
      '2200-01-01T00:00:00Z',
    ]) {
      expect(instantOf(text), text).toBeUndefined();
    }
  });
});

describe('momentOfLink', () => {
  it('reads `at=` of a query string, as url-state names a bad value', () => {
    expect(momentOfLink('?symbol=NVDA.US&interval=1h&at=2026-11-20T12:00:00Z')).toEqual({ time: NOON });
    expect(momentOfLink('?at=2026-11-20T20%3A00%3A00%2B08%3A00')).toEqual({ time: NOON });
    expect(momentOfLink('?symbol=NVDA.US')).toEqual({});
    expect(momentOfLink('?at=')).toEqual({});
    expect(momentOfLink('?at=2026-11-20T12:00:00Z-and-a-long-tail-of-nonsense')).toEqual({ problem: 'at “2026-11-20T12:00:00Z-and”' });
  });

  it('is none of the workspace’s bad values: url-state reads past it', () => {
    expect(parseWorkspace('?symbol=NVDA.US&at=nonsense').problems).toEqual([]);
  });
});

describe('showMomentOfLink', () => {
  it('asks the active chart for the moment on the link’s series', () => {
    useAppStore.getState().openSymbol('NVDA.US');
    useAppStore.getState().setInterval('1h');
    showMomentOfLink('?symbol=NVDA.US&interval=1h&at=2026-11-20T12:00:00Z', useAppStore.getState().workspace);
    expect(chartMomentRequest.get()).toEqual({ dataset: 'NVDA.US||1h', time: NOON });
    expect(useAppStore.getState().notices).toEqual([]);
  });

  it('reports a bad value with the link’s notice, and asks nothing', () => {
    showMomentOfLink('?symbol=NVDA.US&at=tuesday', useAppStore.getState().workspace);
    expect(chartMomentRequest.get()).toBeUndefined();
    expect(noticeTexts()).toEqual(['Ignored at “tuesday” in the link; showing defaults instead.']);
  });

  it('at load: on the series the link opened', () => {
    useAppStore.getState().openSymbol('AAPL.US');
    useAppStore.getState().setInterval('1h');
    showMomentOfLinkAtLoad('?symbol=AAPL.US&interval=1h&at=2026-11-20T12:00:00Z');
    expect(chartMomentRequest.get()).toEqual({ dataset: 'AAPL.US||1h', time: NOON });
  });
});

describe('askMoment', () => {
  it('is dropped once the active chart moves to another series before taking it', () => {
    const store = useAppStore.getState();
    store.openSymbol('NVDA.US');
    askMoment(useAppStore.getState().workspace, NOON);
    expect(chartMomentRequest.get()?.time).toBe(NOON);
    // Another tab or the adjustment: the same series, still asked for.
    useAppStore.getState().setTab('trades');
    useAppStore.getState().setAdjust('none');
    expect(chartMomentRequest.get()?.time).toBe(NOON);
    useAppStore.getState().setInterval('1w');
    expect(chartMomentRequest.get()).toBeUndefined();
    // Back on that series: it does not come back.
    useAppStore.getState().setInterval(initial.workspace.interval);
    expect(chartMomentRequest.get()).toBeUndefined();
  });

  it('is not asked at all when the active chart already shows another series (the trader moved on before the first candle)', () => {
    useAppStore.getState().openSymbol('NVDA.US');
    askMoment({ ...useAppStore.getState().workspace, symbol: 'AAPL.US' }, NOON);
    expect(chartMomentRequest.get()).toBeUndefined();
  });

  it('a newer moment replaces it, and the older one’s watch no longer drops the newer', () => {
    useAppStore.getState().openSymbol('NVDA.US');
    askMoment(useAppStore.getState().workspace, NOON);
    useAppStore.getState().openSymbol('AAPL.US');
    askMoment(useAppStore.getState().workspace, NOON + 1);
    useAppStore.getState().setTab('trades');
    expect(chartMomentRequest.get()).toEqual({ dataset: expect.stringMatching(/^AAPL\.US\|/) as unknown, time: NOON + 1 });
  });
});
