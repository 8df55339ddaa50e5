/**
 * Price adjustment for stocks: none, forward or backward. With ex-factors on the plan the series is
 * adjusted locally (instant); without them the server adjusts, which the hint says.
 */
import type { AdjustMode } from '#shared/contract.ts';
import { SegmentedControl, type SegmentOption } from './segmented-control';

export type AdjustSource = 'none' | 'local' | 'server';

const OPTIONS: readonly SegmentOption<AdjustMode>[] = [
  { value: 'none', label: 'None', title: 'Prices as traded' },
  { value: 'forward', label: 'Forward', title: 'Earlier prices adjusted to today’s share basis' },
  { value: 'backward', label: 'Backward', title: 'Later prices adjusted to the listing’s share basis' },
];

interface AdjustToggleProps {
  value: AdjustMode;
  onChange: (value: AdjustMode) => void;
  source: AdjustSource;
}

export function AdjustToggle({ value, onChange, source }: AdjustToggleProps) {
  return (
    <div className="flex items-center gap-2">
      <SegmentedControl label="Adjust" options={OPTIONS} value={value} onChange={onChange} showLabel />
      {source === 'server' && (
        <span role="note" className="text-xs text-amber-700 dark:text-amber-300">
          Adjusted by the server: ex-factors are not on this plan, so corporate actions are not marked.
        </span>
      )}
    </div>
  );
}
