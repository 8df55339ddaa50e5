/**
 * The seams of the chart's comparisons, in the beside-chart chunk (vite.config.ts), not on the
 * first page: the toolbar's Compare button, whose popup (adding and removing compared symbols)
 * loads when the button is pointed at, focused or pressed; and the legend slot, which loads the
 * comparisons' data, lines and legend only while the chart has comparisons.
 */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { Suspense } from 'react';
import { lazyWithPreload } from '../../components/lazy-with-preload';
import { useAppStore } from '../../store/app-store';
import type { ComparedChart } from './compare/compare-layer';
import { PopupButton } from './popup-button';

const menu = lazyWithPreload(() => import('./compare/compare-menu').then((m) => m.CompareMenu));
const CompareLayer = lazyWithPreload(() => import('./compare/compare-layer').then((m) => m.CompareLayer)).Component;

/** The comparisons of chart `chartId` (in its legend box), drawn on its `surface`, when it has any. */
export function CompareSlot(chart: ComparedChart) {
  const compared = useAppStore((state) => (state.comparisons[chart.chartId]?.length ?? 0) > 0);
  return (
    compared && (
      <Suspense fallback={null}>
        <CompareLayer {...chart} />
      </Suspense>
    )
  );
}

export function CompareButton({ chartId, symbol, compared }: { chartId: string; symbol: string; compared: number }) {
  useLanguage();
  return (
    <PopupButton
      label={compared > 0 ? t('Compare ({compared})', { compared }) : t('Compare')}
      role="dialog"
      popup={menu}
      props={{ chartId, symbol }}
      takesTyping
    />
  );
}
