/**
 * Where a symbol's ex-factors stand, read from its factors query. A module of its own rather than
 * part of adjust-plan.ts: the boot's workspace prefetch imports planAdjust, and this reading, used
 * only by the app's series and the quote strip, would otherwise ride in the boot chunk.
 */
export type FactorsState = 'not-needed' | 'pending' | 'ready' | 'failed';

/** Where a symbol's factors stand, from whether it needs any and its factors query's state. */
export function factorsStateOf(isStock: boolean, query: { isError: boolean; isSuccess: boolean }): FactorsState {
  return !isStock ? 'not-needed' : query.isError ? 'failed' : query.isSuccess ? 'ready' : 'pending';
}
