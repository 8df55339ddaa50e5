/**
 * The seams of the chart's comparisons, in the beside-chart chunk (vite.config.ts), not on the
 * first page: the toolbar's Compare button, whose popup (adding and removing compared symbols)
 * loads when the button is pointed at, focused or pressed; and the legend slot, which loads the
 * comparisons' data, lines and legend only while the chart has comparisons.
 */
import { t } from '../../i18n/t';
import { Suspense, useCallback, useRef, useState } from 'react';
import { lazyWithPreload, preloadOnIntent } from '../../components/lazy-with-preload';
import { useAppStore } from '../../store/app-store';

const menu = lazyWithPreload(() => import('./compare/compare-menu').then((m) => m.CompareMenu));
const CompareMenu = menu.Component;
const CompareLayer = lazyWithPreload(() => import('./compare/compare-layer').then((m) => m.CompareLayer)).Component;

/** The comparisons of chart `chartId` (in its legend box), when it has any. */
export function CompareSlot({ chartId }: { chartId: string }) {
  const compared = useAppStore((state) => (state.comparisons[chartId]?.length ?? 0) > 0);
  return (
    compared && (
      <Suspense fallback={null}>
        <CompareLayer chartId={chartId} />
      </Suspense>
    )
  );
}

export function CompareButton({ chartId, symbol, compared }: { chartId: string; symbol: string; compared: number }) {
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
        aria-haspopup="dialog"
        aria-expanded={openAt !== undefined}
        onClick={(event) => {
          setOpenAt(openAt ? undefined : event.currentTarget);
        }}
        {...preloadOnIntent(menu.preload)}
        className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
      >
        {compared > 0 ? t('Compare ({compared})', { compared }) : t('Compare')}
      </button>
      {openAt && (
        <Suspense fallback={null}>
          <CompareMenu chartId={chartId} symbol={symbol} anchor={openAt} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
