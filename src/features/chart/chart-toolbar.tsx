/** Display options of the chart: time zone of the axis, price scale, indicators (laid out by the parent's row). */
import type { IndicatorSettings, PriceScaleMode } from '../../store/preferences-slice';
import type { DisplayZone } from '../../store/workspace-slice';
import { IndicatorControls } from './indicator-controls';
import { SegmentedControl, type SegmentOption } from './segmented-control';

const ZONES: readonly SegmentOption<DisplayZone>[] = [
  { value: 'market', label: 'Market', title: 'Times in the market’s own time zone' },
  { value: 'local', label: 'Local', title: 'Times in this computer’s time zone' },
  { value: 'utc', label: 'UTC', title: 'Times in UTC' },
];

const SCALES: readonly SegmentOption<PriceScaleMode>[] = [
  { value: 'normal', label: 'Linear', title: 'Linear price scale' },
  { value: 'log', label: 'Log', title: 'Logarithmic price scale' },
  { value: 'percent', label: 'Percent', title: 'Percent change from the first visible candle' },
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
  return (
    <div className="contents">
      <SegmentedControl label="Time zone" options={ZONES} value={zone} onChange={onZoneChange} />
      <SegmentedControl label="Price scale" options={SCALES} value={scale} onChange={onScaleChange} />
      <IndicatorControls settings={indicators} onChange={onIndicatorsChange} />
    </div>
  );
}
