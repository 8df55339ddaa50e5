// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { IntradayPoint as IntradayLine } from '../../api/quote-schemas';
import type { TickerPush } from '../../realtime/types';
import { useLiveLines } from './use-live-lines';

const MINUTE = 60_000;
const T = Date.UTC(2026, 10, 25, 15, 0);
const polled: IntradayLine[] = [{ timestamp: T, price: '100', volume: 10, turnover: '1000', avg_price: '100' }];
const push = (price: string, time: number, volume: string): TickerPush => ({ symbol: 'AAPL.US', last_price: price, timestamp: time, volume_24h: volume });

describe('useLiveLines', () => {
  it('folds each push once (same minute: update, next minute: append) until the next poll replaces them', () => {
    const { result, rerender } = renderHook(({ lines, ticker }: { lines: IntradayLine[]; ticker: TickerPush | undefined }) => useLiveLines(lines, ticker), {
      initialProps: { lines: polled, ticker: undefined as TickerPush | undefined },
    });
    expect(result.current).toBe(polled);
    const first = push('100.5', T + 10_000, '5000');
    rerender({ lines: polled, ticker: first });
    expect(result.current?.map((line) => line.price)).toEqual(['100.5']);
    rerender({ lines: polled, ticker: first });
    expect(result.current).toHaveLength(1);
    rerender({ lines: polled, ticker: push('101', T + MINUTE + 1, '5020') });
    expect(result.current?.map((line) => [line.price, line.volume])).toEqual([
      ['100.5', 10],
      ['101', 20],
    ]);

    const next: IntradayLine[] = [...polled, { timestamp: T + MINUTE, price: '101.2', volume: 30, turnover: '3036', avg_price: '100.9' }];
    rerender({ lines: next, ticker: push('101', T + MINUTE + 1, '5020') });
    expect(result.current?.at(-1)?.price).toBe('101');
    expect(result.current).toHaveLength(2);
  });

  it('without pushes: the polled lines as they are', () => {
    const { result } = renderHook(() => useLiveLines(polled, undefined));
    expect(result.current).toBe(polled);
  });
});
