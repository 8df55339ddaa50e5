/**
 * The chart's export menu (loaded on demand by ExportButton): "Image (PNG)", "Copy image" (the same
 * image on the clipboard) and "Candles (CSV)".
 * Drawn in a portal at the button, since the folded toolbar clips what overflows it (marked as the
 * toolbar's popup, so the toolbar stays unfolded while it is open). A menu as ARIA
 * describes it: focus starts on the first item, ↑/↓ (Home/End) move, Escape closes back to the
 * button, Tab or a click elsewhere closes.
 */
import { t } from '../../i18n/t';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { placeUnderRightEdge } from '../../components/ui/place-under';
import { usePointerDownOutside } from '../../components/ui/use-pointer-down-outside';
import { useAppStore } from '../../store/app-store';
import { mainChartSurface } from './chart-surface';
import { chartPalette } from './chart-palette';
import type { ChartExportRequest } from './export-button';
import { copyChartPng, exportChartCsv, exportChartPng } from './export-chart';
import { TOOLBAR_POPUP } from './toolbar-row';

interface ExportMenuProps {
  /** The button that opened the menu: the menu sits under it. */
  anchor: HTMLElement;
  request: () => ChartExportRequest;
  /** `refocus`: give focus back to the button (Escape, or an item chosen). */
  onClose: (refocus: boolean) => void;
}

const ITEM =
  'block w-full rounded px-3 py-1.5 text-left text-xs text-slate-700 hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none disabled:opacity-40 dark:text-slate-200 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800';

export function ExportMenu({ anchor, request, onClose }: ExportMenuProps) {
  const menu = useRef<HTMLDivElement>(null);
  // Placed once, as it opens (a menu does not follow a toolbar that moves under it).
  const [place] = useState(() => placeUnderRightEdge(anchor));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const hasCandles = request().candles.length > 0;

  useEffect(() => {
    menu.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not(:disabled)')?.focus();
  }, []);
  usePointerDownOutside(menu, anchor, () => {
    onClose(false);
  });

  const run = async (kind: 'png' | 'copy' | 'csv') => {
    const { description, candles, theme, colors } = request();
    const surface = mainChartSurface();
    setBusy(true);
    setProblem(undefined);
    try {
      if (kind === 'csv') exportChartCsv(description, candles);
      else if (!surface) throw new Error('The chart is not drawn yet.');
      else if (kind === 'copy') {
        await copyChartPng(surface, description, chartPalette(theme, colors));
        useAppStore.getState().pushNotice('info', () => t('The chart image is on the clipboard.'));
      } else await exportChartPng(surface, description, chartPalette(theme, colors));
      onClose(true);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      // The menu closes, not the unfolded toolbar around it too (it listens on the document).
      event.preventDefault();
      event.stopPropagation();
      onClose(true);
      return;
    }
    if (event.key === 'Tab') {
      onClose(false);
      return;
    }
    const items = [...(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]:not(:disabled)') ?? [])];
    const from = items.indexOf(document.activeElement as HTMLButtonElement);
    const last = items.length - 1;
    const to = { ArrowDown: from >= last ? 0 : from + 1, ArrowUp: from <= 0 ? last : from - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    items[to]?.focus();
  };

  return createPortal(
    <div
      ref={menu}
      role="menu"
      aria-label={t('Export chart')}
      {...{ [TOOLBAR_POPUP]: '' }}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      style={{ top: place.top, right: place.right }}
      className="fixed z-50 min-w-44 rounded border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <button type="button" role="menuitem" className={ITEM} disabled={busy} onClick={() => void run('png')}>
        {t('Image (PNG)')}
      </button>
      <button type="button" role="menuitem" className={ITEM} disabled={busy} onClick={() => void run('copy')}>
        {t('Copy image')}
      </button>
      <button type="button" role="menuitem" className={ITEM} disabled={busy || !hasCandles} onClick={() => void run('csv')}>
        {t('Candles (CSV)')}
      </button>
      {problem !== undefined && (
        <p role="alert" className="max-w-56 px-3 py-1 text-xs text-amber-700 dark:text-amber-300">
          {t('Export failed: {problem}', { problem })}
        </p>
      )}
    </div>,
    document.body,
  );
}
