/**
 * The chart's indicators as the user set them: a list of instances, each a kind with its
 * parameters and, if chosen, its colours and pane (several of one kind: MA 5, 10, 20, 60 are four
 * instances). One exported type (IndicatorList) for wherever the list is kept. Saved settings are
 * untrusted: validIndicators keeps the instances that make sense and drops the rest.
 */
import * as z from '../api/schema';
import { INDICATOR_KINDS, type IndicatorKind } from '#shared/indicators/kinds.ts';

export interface IndicatorInstance {
  /** Unique in its list, stable while it is edited (a colour or a period change keeps it). */
  id: string;
  kind: IndicatorKind;
  /** By the kind's parameter names; missing ones take the kind's defaults. */
  params: Record<string, number>;
  /** A colour per output (#rrggbb), in the indicator's output order; absent: the theme's. */
  colours?: string[];
  /** Over the price or in a pane of its own; absent: where the kind goes. */
  pane?: 'price' | 'own';
  /** Hidden from the chart (its legend's eye), kept in the list. */
  hidden?: boolean;
}

export type IndicatorList = IndicatorInstance[];

/** More would not fit the chart's height (each own-pane indicator takes a pane). */
const MAX_INDICATORS = 20;

export const DEFAULT_INDICATORS: IndicatorList = [
  { id: 'sma-1', kind: 'sma', params: { period: 20 } },
  { id: 'sma-2', kind: 'sma', params: { period: 50 } },
];

const COLOUR = /^#[0-9a-f]{6}$/i;
const numbers = (value: unknown): string | undefined =>
  typeof value === 'object' && value !== null && Object.values(value).every(Number.isFinite) ? undefined : 'expected numbers';

const instanceSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  kind: z.enum(INDICATOR_KINDS),
  params: z.unknown().check(numbers),
  colours: z.optional(z.array(z.string().check((c) => (COLOUR.test(c) ? undefined : 'expected #rrggbb'))).check(z.maxLength(8))),
  pane: z.optional(z.enum(['price', 'own'])),
  hidden: z.optional(z.boolean()),
});

/** The instances of `value` that make sense, ids unique, at most MAX_INDICATORS; `dropped` when any was not. */
export function validIndicators(value: unknown): { list: IndicatorList; dropped: boolean } {
  if (!Array.isArray(value)) return { list: DEFAULT_INDICATORS, dropped: value !== undefined };
  const seen = new Set<string>();
  const list: IndicatorList = [];
  for (const item of value) {
    const parsed = instanceSchema.safeParse(item);
    if (!parsed.success || seen.has(parsed.data.id) || list.length >= MAX_INDICATORS) continue;
    seen.add(parsed.data.id);
    list.push(parsed.data as IndicatorInstance);
  }
  return { list, dropped: list.length !== value.length };
}
