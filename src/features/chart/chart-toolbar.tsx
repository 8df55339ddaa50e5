/** Display options of the chart: time zone of the axis, price scale, indicators (laid out by the parent's row). */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import type { IndicatorList, PriceScaleMode } from '../../store/preferences-slice';
import type { DisplayZone } from '../../store/workspace-slice';
import { Suspense } from 'react';
import { lazyWithPreload } from '../../components/lazy-with-preload';
import { SegmentedControl, type SegmentOption } from './segmented-control';

// The indicators' fields sit last in the toolbar, folded behind More on most widths: their code
// loads as the app mounts (after the early chart's first candle), not with the first page.
const IndicatorControls = lazyWithPreload(() => import('./indicator-controls').then((module) => module.IndicatorControls)).Component;

const zones = (): readonly SegmentOption<DisplayZone>[] => [
  { value: 'market', label: t('Market'), title: t('Times in the market’s own time zone') },
  { value: 'local', label: t('Local'), title: t('Times in this computer’s time zone') },
  { value: 'utc', label: 'UTC', title: t('Times in UTC') },
];

const scales = (): readonly SegmentOption<PriceScaleMode>[] => [
  { value: 'normal', label: t('Linear'), title: t('Linear price scale') },
  { value: 'log', label: t('Log'), title: t('Logarithmic price scale') },
  { value: 'percent', label: t('Percent'), title: t('Percent change from the first visible candle') },
];

interface ChartToolbarProps {
  zone: DisplayZone;
  onZoneChange: (zone: DisplayZone) => void;
  scale: PriceScaleMode;
  onScaleChange: (scale: PriceScaleMode) => void;
  indicators: IndicatorList;
  onIndicatorsChange: (list: IndicatorList) => void;
}

export function ChartToolbar({ zone, onZoneChange, scale, onScaleChange, indicators, onIndicatorsChange }: ChartToolbarProps) {
  useLanguage();
  return (
    <div className="contents">
      <SegmentedControl label={t('Time zone')} options={zones()} value={zone} onChange={onZoneChange} />
      <SegmentedControl label={t('Price scale')} options={scales()} value={scale} onChange={onScaleChange} />
      <Suspense fallback={null}>
        <IndicatorControls list={indicators} onChange={onIndicatorsChange} />
      </Suspense>
    </div>
  );
}
