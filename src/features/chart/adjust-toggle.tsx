/**
 * Price adjustment for stocks: none, forward or backward. With ex-factors on the plan the series is
 * adjusted locally (instant); without them the server adjusts, which the hint says.
 */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import type { AdjustMode } from '#shared/contract.ts';
import { SegmentedControl, type SegmentOption } from './segmented-control';

export type AdjustSource = 'none' | 'local' | 'server';

const options = (): readonly SegmentOption<AdjustMode>[] => [
  { value: 'none', label: t('None'), title: t('Prices as traded') },
  { value: 'forward', label: t('Forward'), title: t('Earlier prices adjusted to today’s share basis') },
  { value: 'backward', label: t('Backward'), title: t('Later prices adjusted to the listing’s share basis') },
];

interface AdjustToggleProps {
  value: AdjustMode;
  onChange: (value: AdjustMode) => void;
  source: AdjustSource;
}

export function AdjustToggle({ value, onChange, source }: AdjustToggleProps) {
  useLanguage();
  return (
    <div className="flex items-center gap-2">
      <SegmentedControl label={t('Adjust')} options={options()} value={value} onChange={onChange} showLabel />
      {source === 'server' && (
        <span role="note" className="text-xs text-amber-700 dark:text-amber-300">
          {t('Adjusted by the server: ex-factors are not on this plan, so corporate actions are not marked.')}
        </span>
      )}
    </div>
  );
}
