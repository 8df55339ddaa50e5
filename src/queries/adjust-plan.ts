/**
 * How a series gets its adjusted prices. Stocks with ex-factors: raw K-lines from the service,
 * adjusted here (switching adjust costs no request). Without them (plan lacks ex-factors, 1004, or
 * any other failure): the service adjusts (`adjust=` on both K-line endpoints). Other products have
 * no corporate actions: nothing to adjust, and no `adjust=` sent.
 */
import type { AdjustMode } from '#shared/contract.ts';
import type { FactorsState } from './factors-state';

export type AdjustSource = 'none' | 'local' | 'server';

export interface AdjustPlan {
  /** `adjust=` for the K-line requests; undefined: not sent. */
  requestAdjust: AdjustMode | undefined;
  source: AdjustSource;
  /** True while the factors needed to show anything are still loading. */
  waitingForFactors: boolean;
}

export function planAdjust(isStock: boolean, adjust: AdjustMode, factors: FactorsState): AdjustPlan {
  if (!isStock) return { requestAdjust: undefined, source: 'none', waitingForFactors: false };
  if (adjust === 'none') return { requestAdjust: 'none', source: 'none', waitingForFactors: false };
  if (factors === 'failed') return { requestAdjust: adjust, source: 'server', waitingForFactors: false };
  return { requestAdjust: 'none', source: 'local', waitingForFactors: factors !== 'ready' };
}
