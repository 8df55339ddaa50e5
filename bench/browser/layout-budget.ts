/**
 * The layout's request budgets (issue 14 §6), pure: over HTTP polling the 2 × 2 layout may cost at
 * most 4 × what one chart costs in the same minute; with the socket up, at most 5 a minute.
 */
export const POLLING_RATIO_TARGET = 4;
export const SOCKET_PER_MINUTE_TARGET = 5;

export interface RequestBudget {
  /** The figure judged: the ratio over polling, requests a minute over the socket. */
  value: number;
  unit: string;
  target: string;
  pass: boolean;
}

/** `single` and `layout`: upstream requests a minute of the one-chart and the 2 × 2 screen, same socket state, same minute. */
export function layoutRequestBudget(socket: 'up' | 'refused', single: number, layout: number): RequestBudget {
  const ratio = layout / single;
  const ratioText = Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : 'no ratio: one chart made none';
  if (socket === 'refused') {
    return {
      value: ratio,
      unit: `× one chart (${layout.toFixed(1)} /min vs ${single.toFixed(1)} /min)`,
      target: `≤ ${String(POLLING_RATIO_TARGET)}×`,
      // A layout with no requests at all passes whatever one chart made.
      pass: layout === 0 || ratio <= POLLING_RATIO_TARGET,
    };
  }
  return {
    value: layout,
    unit: `/min (one chart ${single.toFixed(1)} /min; ${ratioText})`,
    target: `≤ ${String(SOCKET_PER_MINUTE_TARGET)} /min`,
    pass: layout <= SOCKET_PER_MINUTE_TARGET,
  };
}
