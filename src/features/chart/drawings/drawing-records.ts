/**
 * The drawings as records, one per drawing (`drawing:<symbol>/<id>`), so two tabs drawing at once
 * keep both. Another tab's drawings come in without an undo step: undo walks this tab's edits.
 */
import type { StoreApi } from 'zustand';
import type { RecordValue } from '#shared/records.ts';
import type { RecordAdapter } from '../../../store/records/tab-sync';
import type { Drawing } from './drawing-model';
import { drawingSchema } from './drawing-schema';
import type { DrawingsState } from './drawings-store';

interface DrawingValue {
  symbol: string;
  drawing: Drawing;
}

export function drawingRecordValues(state: Pick<DrawingsState, 'bySymbol'>): Map<string, RecordValue> {
  const values = new Map<string, RecordValue>();
  for (const [symbol, drawings] of Object.entries(state.bySymbol)) {
    for (const drawing of drawings) values.set(`drawing:${symbol}/${drawing.id}`, { kind: 'drawing', value: { symbol, drawing } satisfies DrawingValue });
  }
  return values;
}

/** The drawings by symbol, in the records' order (a symbol's own drawings keep theirs). */
export function drawingsByRecord(values: ReadonlyMap<string, RecordValue>): Record<string, Drawing[]> {
  const bySymbol: Record<string, Drawing[]> = {};
  for (const { kind, value } of values.values()) {
    if (kind !== 'drawing') continue;
    // Checked as the saved store is: a damaged drawing from another tab or device is left out.
    const { symbol, drawing } = (value ?? {}) as Partial<DrawingValue>;
    const parsed = drawingSchema.safeParse(drawing);
    if (typeof symbol !== 'string' || symbol === '' || symbol.length > 40 || !parsed.success) continue;
    (bySymbol[symbol] ??= []).push(parsed.data);
  }
  return bySymbol;
}

export const drawingRecords: RecordAdapter<DrawingsState> = {
  store: 'drawings',
  sources: (state) => [state.bySymbol],
  values: drawingRecordValues,
  apply: (store: StoreApi<DrawingsState>, values) => {
    store.setState({ bySymbol: drawingsByRecord(values) });
  },
};
