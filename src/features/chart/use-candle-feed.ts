/**
 * Feeds the chart adapter from the candle list: a new dataset (symbol, interval, adjustment, an
 * older page, the display zone) goes through setSeries at once; a live tick that only moves the
 * forming candle (or completes it and opens the next) becomes updateLast calls, coalesced to one
 * batch per animation frame, never a setData and never a React state update.
 */
import { useEffect, useRef } from 'react';
import type { Candle } from '../../lib/candle';
import type { AdjustFactor } from '../../lib/adjust';
import type { ChartAdapter, TimeAxis } from './chart-adapter';
import { diffCandles } from './candle-diff';

interface Fed {
  adapter: ChartAdapter;
  dataset: string;
  axisKey: string;
  candles: readonly Candle[];
}

interface Pending {
  frame: number;
  from: number;
  candles: readonly Candle[];
}

export interface CandleFeed {
  adapter: ChartAdapter | undefined;
  /** Identity of the series (symbol, type, interval): a change opens a fresh view. */
  dataset: string;
  candles: readonly Candle[];
  axis: TimeAxis;
  exFactors: readonly AdjustFactor[];
}

export function useCandleFeed({ adapter, dataset, candles, axis, exFactors }: CandleFeed): void {
  const fed = useRef<Fed | undefined>(undefined);
  const pending = useRef<Pending | undefined>(undefined);
  const { zone, marketTimeZone, intraday, periodic } = axis;
  const axisKey = `${zone}|${marketTimeZone}|${String(intraday)}|${String(periodic)}`;

  useEffect(() => {
    if (adapter) adapter.setMarkers(exFactors);
  }, [adapter, exFactors]);

  useEffect(() => {
    if (!adapter) return;
    const previous = fed.current?.adapter === adapter ? fed.current : undefined;
    const sameDataset = previous?.dataset === dataset;
    const diff = sameDataset && previous.axisKey === axisKey ? diffCandles(previous.candles, candles) : { kind: 'reset' as const };
    if (diff.kind === 'same') return;
    fed.current = { adapter, dataset, axisKey, candles };
    if (diff.kind === 'reset') {
      if (pending.current) cancelAnimationFrame(pending.current.frame);
      pending.current = undefined;
      adapter.setTimeAxis({ zone, marketTimeZone, intraday, periodic });
      adapter.setSeries(candles, { preserveView: sameDataset });
      return;
    }
    if (pending.current) {
      pending.current.from = Math.min(pending.current.from, diff.from);
      pending.current.candles = candles;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const batch = pending.current;
      pending.current = undefined;
      if (!batch) return;
      for (let i = batch.from; i < batch.candles.length; i++) {
        const candle = batch.candles[i];
        if (candle) adapter.updateLast(candle);
      }
    });
    pending.current = { frame, from: diff.from, candles };
  }, [adapter, dataset, axisKey, candles, zone, marketTimeZone, intraday, periodic]);

  useEffect(
    () => () => {
      if (pending.current) cancelAnimationFrame(pending.current.frame);
      pending.current = undefined;
    },
    [],
  );
}
