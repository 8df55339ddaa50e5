/** Display options of the chart: time zone of the axis, price scale, indicators (laid out by the parent's row). */
import { t } from '../../i18n/core';
import { useLanguage } from '../../i18n/use-language';
import type { IndicatorSettings, PriceScaleMode } from '../../store/preferences-slice';
import type { DisplayZone } from '../../store/workspace-slice';
import { IndicatorControls } from './indicator-controls';
import { SegmentedControl, type SegmentOption } from './segmented-control';

const zones = (): readonly SegmentOption<DisplayZone>[] => [
  { value: 'market', label: t('tb.market'), title: t('tb.marketT') },
  { value: 'local', label: t('tb.local'), title: t('tb.localT') },
  { value: 'utc', label: 'UTC', title: t('tb.utcT') },
];

const scales = (): readonly SegmentOption<PriceScaleMode>[] => [
  { value: 'normal', label: t('tb.linear'), title: t('tb.linearT') },
  { value: 'log', label: t('tb.log'), title: t('tb.logT') },
  { value: 'percent', label: t('tb.percent'), title: t('tb.percentT') },
];

interface ChartToolbarProps {
  zone: DisplayZone;
  onZoneChange: (zone: DisplayZone) => void;
  scale: PriceScaleMode;
  onScaleChange: (scale: PriceScaleMode) => void;
  indicators: IndicatorSettings;
  onIndicatorsChange: (patch: Partial<IndicatorSettings>) => void;
}

export function ChartToolbar({ zone, onZoneChange, scale, onScaleChange, indicators, onIndicatorsChange }: ChartToolbarProps) {
  useLanguage();
  return (
    <div className="contents">
      <SegmentedControl label={t('tb.zone')} options={zones()} value={zone} onChange={onZoneChange} />
      <SegmentedControl label={t('tb.scale')} options={scales()} value={scale} onChange={onScaleChange} />
      <IndicatorControls settings={indicators} onChange={onIndicatorsChange} />
    </div>
  );
}
