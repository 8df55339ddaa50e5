/**
 * The chart toolbar's Export button. Only the button is first-page code: the menu and the export
 * work (CSV writer, image composer) load when the button is pointed at, focused or pressed.
 */
import { t } from '../../i18n/t';
import { Suspense, useCallback, useRef, useState } from 'react';
import type { Candle } from '#shared/candle.ts';
import { lazyWithPreload, preloadOnIntent } from '../../components/lazy-with-preload';
import type { ColorConvention, Theme } from '../../store/preferences-slice';
import type { ChartExportDescription } from './export-description';

/** What an export takes from the chart panel, read when an item is chosen. */
export interface ChartExportRequest {
  description: ChartExportDescription;
  /** The candles as drawn: adjusted, the forming one moved by quotes. */
  candles: readonly Candle[];
  theme: Theme;
  colors: ColorConvention;
}

const menu = lazyWithPreload(() => import('./export-menu').then((m) => m.ExportMenu));
const ExportMenu = menu.Component;

export function ExportButton({ request }: { request: () => ChartExportRequest }) {
  // The button while the menu is open (the menu is placed at it), else undefined.
  const [openAt, setOpenAt] = useState<HTMLButtonElement | undefined>(undefined);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpenAt(undefined);
    if (refocus) button.current?.focus();
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={openAt !== undefined}
        onClick={(event) => {
          setOpenAt(openAt ? undefined : event.currentTarget);
        }}
        {...preloadOnIntent(menu.preload)}
        className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        {t('Export')}
      </button>
      {openAt && (
        <Suspense fallback={null}>
          <ExportMenu anchor={openAt} request={request} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
