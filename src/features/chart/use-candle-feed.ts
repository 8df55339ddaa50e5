/**
 * Feeds the chart adapter from the candle list and the live candle (quotes moving the forming
 * one, see live-candle): a new dataset (symbol, interval, adjustment, an older page, the display
 * zone, a completed bar corrected by the service) goes through setSeries at once; a change that
 * only moves the forming candle (or completes it and opens the next) becomes updateLast calls,
 * coalesced to one batch in the chart's next turn of the animation frames (chart-frames: one chart
 * a frame). Live ticks reach the adapter without any React state update.
 */
import { useEffect, useRef } from 'react';
import type { Candle } from '#shared/candle.ts';
import type { AdjustFactor } from '#shared/adjust.ts';
import type { ChartAdapter, TimeAxis } from './chart-adapter';
import { diffCandles } from './candle-diff';
import { withLive, type LiveCandle } from './live-candle';
import { inChartFrame } from './chart-frames';

interface Inputs {
  dataset: string;
  axisKey: string;
  axis: TimeAxis;
  candles: readonly Candle[];
}

/** What an adapter was last given, so that the next change takes the cheapest path. */
export interface DrawnCandles {
  adapter: ChartAdapter;
  dataset: string;
  axisKey: string;
  /** What the adapter holds: the candles with the live candle applied. */
  candles: readonly Candle[];
}

export interface CandleFeed {
  adapter: ChartAdapter | undefined;
  /** Identity of the series (symbol, type, interval): a change opens a fresh view. */
  dataset: string;
  candles: readonly Candle[];
  axis: TimeAxis;
  exFactors: readonly AdjustFactor[];
  /** The forming candle moved by quotes, drawn over `candles`. */
  live?: LiveCandle | undefined;
  /**
   * What an adopted adapter already shows (the early chart's candles): the same candles again are
   * not drawn again, a moved forming candle is an update.
   */
  drawnBefore?: DrawnCandles | undefined;
}

/** The time axis as one comparable value: a change redraws the whole series. */
export const axisKeyOf = ({ zone, marketTimeZone, intraday, periodic }: TimeAxis): string =>
  `${zone}|${marketTimeZone}|${String(intraday)}|${String(periodic)}`;

export function useCandleFeed({ adapter, dataset, candles, axis, exFactors, live, drawnBefore }: CandleFeed): void {
  const inputs = useRef<Inputs | undefined>(undefined);
  const drawn = useRef<DrawnCandles | undefined>(undefined);
  const cancelTurn = useRef<(() => void) | undefined>(undefined);
  const sync = useRef<(inFrame: boolean) => void>(() => undefined);
  const { zone, marketTimeZone, intraday, periodic } = axis;
  const axisKey = axisKeyOf(axis);

  useEffect(() => {
    if (adapter) adapter.setMarkers(exFactors);
  }, [adapter, exFactors]);

  // One drawing step for both sources: a reset at once, a tail in the chart's next frame turn.
  useEffect(() => {
    if (drawnBefore?.adapter === adapter) drawn.current ??= drawnBefore;
    const cancelFrame = () => {
      cancelTurn.current?.();
      cancelTurn.current = undefined;
    };
    sync.current = (inFrame) => {
      const wanted = inputs.current;
      if (!adapter || !wanted) return;
      const next = withLive(wanted.candles, live?.get(), wanted.dataset);
      const previous = drawn.current?.adapter === adapter ? drawn.current : undefined;
      const sameDataset = previous?.dataset === wanted.dataset;
      const diff = sameDataset && previous.axisKey === wanted.axisKey ? diffCandles(previous.candles, next) : { kind: 'reset' as const };
      if (diff.kind === 'same') return;
      if (diff.kind === 'tail' && !inFrame) {
        cancelTurn.current ??= inChartFrame(() => {
          cancelTurn.current = undefined;
          sync.current(true);
        });
        return;
      }
      cancelFrame();
      drawn.current = { adapter, dataset: wanted.dataset, axisKey: wanted.axisKey, candles: next };
      if (diff.kind === 'reset') {
        adapter.setTimeAxis(wanted.axis);
        adapter.setSeries(next, { preserveView: sameDataset });
        return;
      }
      for (let i = diff.from; i < next.length; i++) {
        const candle = next[i];
        if (candle) adapter.updateLast(candle);
      }
    };
    const off = live?.subscribe(() => {
      sync.current(false);
    });
    return () => {
      off?.();
      cancelFrame();
    };
  }, [adapter, live, drawnBefore]);

  useEffect(() => {
    inputs.current = { dataset, axisKey, axis: { zone, marketTimeZone, intraday, periodic }, candles };
    sync.current(false);
  }, [adapter, live, dataset, axisKey, candles, zone, marketTimeZone, intraday, periodic]);
}
