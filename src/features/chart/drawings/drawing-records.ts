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

/**
 * A record's drawing, checked as the saved store is; undefined for one this build cannot draw (a
 * kind of a later build, or damaged), met through another tab or device.
 */
function drawingOf({ kind, value }: RecordValue): DrawingValue | undefined {
  if (kind !== 'drawing') return undefined;
  const { symbol, drawing } = (value ?? {}) as Partial<DrawingValue>;
  const parsed = drawingSchema.safeParse(drawing);
  if (typeof symbol !== 'string' || symbol === '' || symbol.length > 40 || !parsed.success) return undefined;
  return { symbol, drawing: parsed.data };
}

/** The drawings by symbol, in the records' order (a symbol's own drawings keep theirs). */
export function drawingsByRecord(values: ReadonlyMap<string, RecordValue>): Record<string, Drawing[]> {
  const bySymbol: Record<string, Drawing[]> = {};
  for (const record of values.values()) {
    const read = drawingOf(record);
    if (read) (bySymbol[read.symbol] ??= []).push(read.drawing);
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
  // Left out of the chart, kept as records: a later build's drawing is not deleted for it.
  readable: (record) => drawingOf(record) !== undefined,
};
