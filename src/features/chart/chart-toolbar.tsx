/** Display options of the chart: time zone of the axis, price scale, indicators (laid out by the parent's row). */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import type { IndicatorList, PriceScaleMode } from '../../store/preferences-slice';
import type { DisplayZone } from '../../store/workspace-slice';
// The indicators' fields: imported, not lazy. This toolbar is itself loaded after the first
// candle, in the same chunk (vite.config.ts), and a Suspense of its own showed them about half a
// second after the scales (React holds a revealed boundary back 300 ms after the last fallback).
import { IndicatorControls } from './indicator-controls';
import { SegmentedControl, type SegmentOption } from './segmented-control';

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
      <IndicatorControls list={indicators} onChange={onIndicatorsChange} />
    </div>
  );
}
