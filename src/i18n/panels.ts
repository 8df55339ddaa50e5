/**
 * The English messages of the panels that load on demand (stock info, trades, HK market, order
 * book, intraday, alerts, drawings, export) and their `t`: a lazy panel brings its own words.
 */
import { CORE, type CoreKey } from './core';
import { translate, type Message, type Params } from './translate';

export const PANELS = {
  'x.placeholder': 'x',
} as const satisfies Record<string, Message>;

export type PanelKey = keyof typeof PANELS;

/** A panel's message, or one of the first screen's (errors, Retry, Loading…). */
export function t(key: PanelKey | CoreKey, params?: Params): string {
  return key in PANELS ? translate(PANELS, key as PanelKey, params) : translate(CORE, key as CoreKey, params);
}
