/**
 * Drawings as they come back from storage or an imported file, checked one by one: a drawing that
 * fails is dropped and counted, the others are kept.
 */
import * as z from '../../../api/schema';
import { ANCHOR_COUNT, LINE_STYLES, TOOL_KINDS, type Drawing } from './drawing-model';

const anchorSchema = z.object({ time: z.number(), price: z.number() });

export const drawingSchema: z.Schema<Drawing> = z
  .object({
    id: z.string().check(z.minLength(1), z.maxLength(64)),
    kind: z.enum(TOOL_KINDS),
    anchors: z.array(anchorSchema).check(z.minLength(1), z.maxLength(3)),
    style: z.object({
      color: z.string().check(z.regex(/^#[0-9a-f]{6}$/i, 'expected a #rrggbb colour')),
      width: z.number().check(z.minimum(1), z.maximum(8)),
      line: z.enum(LINE_STYLES),
    }),
    locked: z.boolean(),
    text: z.optional(z.string().check(z.maxLength(500))),
    levels: z.optional(z.array(z.number().check(z.minimum(-10), z.maximum(10))).check(z.maxLength(24))),
  })
  .check((drawing) =>
    drawing.anchors.length === ANCHOR_COUNT[drawing.kind] ? undefined : `a ${drawing.kind} takes ${String(ANCHOR_COUNT[drawing.kind])} anchors`,
  );

export interface ParsedDrawings {
  drawings: Drawing[];
  dropped: number;
}

/** The valid drawings of `value` (expected an array) and how many were dropped; ids made unique. */
export function parseDrawings(value: unknown): ParsedDrawings {
  if (!Array.isArray(value)) return { drawings: [], dropped: value === undefined ? 0 : 1 };
  const drawings: Drawing[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  for (const item of value) {
    const result = drawingSchema.safeParse(item);
    if (!result.success || seen.has(result.data.id)) dropped++;
    else {
      seen.add(result.data.id);
      drawings.push(result.data);
    }
  }
  return { drawings, dropped };
}

export interface ParsedStore {
  bySymbol: Record<string, Drawing[]>;
  dropped: number;
}

/** The saved drawings of every symbol, each validated; anything unreadable counts as dropped. */
export function parseSavedDrawings(value: unknown): ParsedStore {
  const bySymbol: Record<string, Drawing[]> = {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { bySymbol, dropped: value === undefined ? 0 : 1 };
  const source = (value as { bySymbol?: unknown }).bySymbol;
  if (source === undefined) return { bySymbol, dropped: 0 };
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return { bySymbol, dropped: 1 };
  let dropped = 0;
  for (const [symbol, list] of Object.entries(source)) {
    const parsed = parseDrawings(list);
    dropped += parsed.dropped;
    if (parsed.drawings.length > 0) bySymbol[symbol] = parsed.drawings;
  }
  return { bySymbol, dropped };
}
