/**
 * Inline styles of the drawing UI's few uncommon looks (positions over the chart, the pressed
 * tool). Tailwind writes every class found in the sources into the first page's one stylesheet:
 * classes used only here would make the first page bigger for code that loads after it.
 */
import type { CSSProperties } from 'react';

export const PRESSED: CSSProperties = { background: '#2563eb', color: '#ffffff' };

/** In the column the chart stage keeps free left of the chart (`.chart-stage[data-tools]`, src/app/layout.css). */
export const TOOL_COLUMN: CSSProperties = { top: 0, left: 0, maxHeight: '100%', padding: 2 };
export const PHONE_MENU_BUTTON: CSSProperties = { top: 64 };
export const PHONE_MENU: CSSProperties = { maxHeight: 300, width: 224 };
export const DIVIDER: CSSProperties = { margin: '2px 0' };

/** The selection's settings: top right on a wide screen, above the time axis on a phone. */
export function editorPosition(wide: boolean): CSSProperties {
  return { padding: 4, ...(wide ? { top: 48, right: 72, maxWidth: 'calc(100% - 128px)' } : { bottom: 48, right: 72, maxWidth: 'calc(100% - 80px)' }) };
}

export const LEVELS_FIELD: CSSProperties = { width: 160 };
