/**
 * The indicators' panes as their legends handle them: where a pane's legend goes (the library's
 * cell of that pane), moving a pane (the list's order is the panes' order), the heights the user
 * dragged kept for the session (every change of the list builds the panes again) and one pane
 * maximised over the others, then restored.
 */
import { useEffect, useRef, useState } from 'react';
import type { IndicatorList } from '../../store/preferences-slice';
import type { IChartApi } from 'lightweight-charts';
import type { DrawnIndicator, IndicatorReadout } from './chart-indicators';

/**
 * The table cell the library draws the indicator's own pane in (its row holds the left scale's cell,
 * the pane's and the right scale's); null before the library has laid the pane out.
 */
export function paneCellOf(item: DrawnIndicator): HTMLElement | null {
  const cell = item.series[0]?.getPane().getHTMLElement()?.children[1];
  return cell instanceof HTMLElement ? cell : null;
}

/** `list` with the instances `id` and `other` in each other's place. */
export function movedInList(list: IndicatorList, id: string, other: string): IndicatorList {
  const from = list.findIndex((instance) => instance.id === id);
  const to = list.findIndex((instance) => instance.id === other);
  const a = list[from];
  const b = list[to];
  if (!a || !b) return list;
  const next = [...list];
  next[from] = b;
  next[to] = a;
  return next;
}

/** Gives the panes, top to bottom, the stretch factors `factors` (as many as there are). */
function restorePanes(chart: IChartApi, factors: readonly number[]): void {
  chart.panes().forEach((pane, i) => {
    const factor = factors[i];
    if (factor !== undefined) pane.setStretchFactor(factor);
  });
}

/** What the others shrink to while one pane is maximised, against its 1: a strip each. */
const MINIMISED = 0.02;

export interface PaneLayout {
  /** The instance whose pane is maximised. */
  maximised: string | undefined;
  toggle(id: string): void;
}

/**
 * Keeps the heights the user gives the indicators' panes (by dragging a border) for the session:
 * read at the end of each pointer gesture, given back to the panes built again. Maximising a pane
 * shrinks the others to a strip; restoring gives every pane its height back (so does any change of
 * the list while one is maximised). What runs later than this render (the document's listener, a
 * press) reads the series drawn at that moment: the chart builds them again on its own (new
 * decimals, a new palette) and removes the old ones, which then throw ("Value is null").
 */
export function usePaneLayout(chart: IChartApi, readout: Pick<IndicatorReadout, 'drawn'>): PaneLayout {
  const drawn = readout.drawn();
  const heights = useRef(new Map<string, number>());
  const [maximised, setMaximised] = useState<{ id: string; factors: number[]; drawn: readonly DrawnIndicator[] } | undefined>(undefined);
  // A maximised pane holds for the panes it was maximised among.
  const current = maximised?.drawn === drawn ? maximised : undefined;

  useEffect(() => {
    if (current) return undefined;
    const record = (): void => {
      for (const item of readout.drawn()) {
        const pane = item.series[0]?.getPane();
        if (pane && item.indicator.pane.kind === 'own') heights.current.set(item.indicator.id, pane.getStretchFactor());
      }
    };
    document.addEventListener('pointerup', record);
    return () => {
      document.removeEventListener('pointerup', record);
    };
  }, [readout, current]);

  // Panes built again: each indicator's own takes back its height of the session.
  useEffect(() => {
    for (const item of readout.drawn()) {
      const saved = heights.current.get(item.indicator.id);
      if (saved !== undefined && item.indicator.pane.kind === 'own') item.series[0]?.getPane().setStretchFactor(saved);
    }
  }, [readout, drawn]);

  // The list changed under a maximised pane (its panes are built again): the price and volume
  // panes, which stay, get their heights back, once.
  const restoredAfterChange = useRef<object | undefined>(undefined);
  useEffect(() => {
    if (!maximised || maximised.drawn === drawn || restoredAfterChange.current === maximised) return;
    restoredAfterChange.current = maximised;
    restorePanes(chart, maximised.factors.slice(0, 2));
  }, [chart, drawn, maximised]);

  return {
    maximised: current?.id,
    toggle(id) {
      if (current) {
        restorePanes(chart, current.factors);
        setMaximised(undefined);
        if (current.id === id) return;
      }
      const target = readout
        .drawn()
        .find((item) => item.indicator.id === id)
        ?.series[0]?.getPane()
        .paneIndex();
      if (target === undefined) return;
      const panes = chart.panes();
      const factors = panes.map((pane) => pane.getStretchFactor());
      panes.forEach((pane, i) => {
        pane.setStretchFactor(i === target ? 1 : MINIMISED);
      });
      setMaximised({ id, factors, drawn });
    },
  };
}
