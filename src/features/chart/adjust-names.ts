/** What each adjustment is called where a chart says which one it draws (header, export caption). */
import type { MessageKey } from '../../i18n/t';
import type { AdjustMode } from '#shared/contract.ts';

export const ADJUST_NAMES: Record<AdjustMode, MessageKey> = { none: 'not adjusted', forward: 'forward adjusted', backward: 'backward adjusted' };

/** The short names of the toolbar's Adjust group (adjust-toggle.tsx), which the header repeats. */
export const ADJUST_LABELS: Record<AdjustMode, MessageKey> = { none: 'None', forward: 'Forward', backward: 'Backward' };
