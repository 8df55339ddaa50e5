/**
 * The intraday tab's 1-day / 5-day choice, kept by the (on-demand) intraday feature itself so it
 * survives switching tabs and symbols; for the page's life, not persisted or put in the URL. A
 * module-level cell (lib/observable): no store library code is shared with the first
 * page for it.
 */
import { createCell, useObservable } from '../../lib/observable';

export type IntradayDays = 1 | 5;

const current = createCell<IntradayDays>(1);

export const setIntradayDays: (days: IntradayDays) => void = current.set;

export function useIntradayDays(): IntradayDays {
  return useObservable(current);
}
