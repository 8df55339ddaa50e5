/**
 * Price adjustment for stocks: none, forward or backward. With ex-factors on the plan the series is
 * adjusted locally (instant); without them the server adjusts, which the hint says.
 */
import { t } from '../../i18n/core';
import { useLanguage } from '../../i18n/use-language';
import type { AdjustMode } from '#shared/contract.ts';
import { SegmentedControl, type SegmentOption } from './segmented-control';

export type AdjustSource = 'none' | 'local' | 'server';

const options = (): readonly SegmentOption<AdjustMode>[] => [
  { value: 'none', label: t('adj.none'), title: t('adj.noneT') },
  { value: 'forward', label: t('adj.forward'), title: t('adj.forwardT') },
  { value: 'backward', label: t('adj.backward'), title: t('adj.backwardT') },
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
      <SegmentedControl label={t('adj.label')} options={options()} value={value} onChange={onChange} showLabel />
      {source === 'server' && (
        <span role="note" className="text-xs text-amber-700 dark:text-amber-300">
          {t('adj.server')}
        </span>
      )}
    </div>
  );
}
