/**
 * A translation catalog: every key of the English messages (core.ts: the first page; beside.ts:
 * what loads beside the chart after its first candle; panels.ts: the panels that load on demand),
 * no other. The Chinese catalogs `satisfies Catalog`, so a key
 * missing from one, or one the English no longer has, is a type error.
 */
import type { BESIDE } from './beside';
import type { CORE } from './core';
import type { PANELS } from './panels';
import type { Message } from './translate';

export type MessageKey = keyof typeof CORE | keyof typeof BESIDE | keyof typeof PANELS;
export type Catalog = { readonly [K in MessageKey]: Message };
