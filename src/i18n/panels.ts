/**
 * The English messages of the panels that load on demand (stock info, trades, HK market, order
 * book, intraday, alerts, drawings, export) and their `t`: a lazy panel brings its own words.
 */
import { translate, type Message, type Params } from './translate';

export const PANELS = {
  'x.placeholder': 'x',
} as const satisfies Record<string, Message>;

export type PanelKey = keyof typeof PANELS;

export function t(key: PanelKey, params?: Params): string {
  return translate(PANELS, key, params);
}
