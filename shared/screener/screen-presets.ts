/**
 * The screens Chartroom ships, for any universe: data only (their titles are the app's words).
 */
import type { Screen, ScreenUniverse } from './screen-model.ts';

export const SCREEN_PRESETS = ['top-gainers', 'most-active', 'new-52w-highs', 'oversold-rsi', 'golden-cross'] as const;
export type ScreenPreset = (typeof SCREEN_PRESETS)[number];

/** "Top" lists stop here; the others list every match. */
const TOP = 100;

const PRESETS: Readonly<Record<ScreenPreset, Omit<Screen, 'version' | 'universe'>>> = {
  'top-gainers': {
    where: { kind: 'group', join: 'and', conditions: [{ kind: 'field', field: 'change-percent', compare: { op: 'above', value: 0 } }] },
    sort: { column: 'change-percent', direction: 'desc' },
    limit: TOP,
  },
  'most-active': {
    where: { kind: 'group', join: 'and', conditions: [{ kind: 'field', field: 'turnover', compare: { op: 'above', value: 0 } }] },
    sort: { column: 'turnover', direction: 'desc' },
    limit: TOP,
  },
  'new-52w-highs': {
    where: { kind: 'group', join: 'and', conditions: [{ kind: 'new-extreme', side: 'high', days: '52w' }] },
    sort: { column: 'change-percent', direction: 'desc' },
  },
  'oversold-rsi': {
    where: { kind: 'group', join: 'and', conditions: [{ kind: 'rsi', period: 14, op: 'below', value: 30 }] },
    sort: { column: { kind: 'rsi', period: 14 }, direction: 'asc' },
  },
  'golden-cross': {
    where: { kind: 'group', join: 'and', conditions: [{ kind: 'ma-cross', fast: 50, slow: 200, direction: 'up', within: 5 }] },
    sort: { column: 'turnover', direction: 'desc' },
  },
};

/** The preset over `universe`: a fresh value, the caller's to edit. */
export function presetScreen(preset: ScreenPreset, universe: ScreenUniverse): Screen {
  return structuredClone({ version: 1, universe, ...PRESETS[preset] });
}
