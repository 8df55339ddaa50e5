/**
 * The chart's indicators in the toolbar: the MA and EMA periods as editable lists (one line per
 * period), and Indicators… opening the picker (its own chunk, loaded on intent) for every kind,
 * its parameters, colours and pane.
 */
import { Suspense, useState } from 'react';
import { lazyWithPreload } from '../../components/lazy-with-preload';
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import type { IndicatorList } from '../../store/preferences-slice';
import { periodsOf, withPeriods } from './period-instances';
import { PeriodListInput } from './period-list-input';
import { holdKeysWhileOpening } from '../../lib/keys-while-opening';

const Picker = lazyWithPreload(() => import('./indicator-picker').then((module) => module.IndicatorPicker));

interface IndicatorControlsProps {
  list: IndicatorList;
  onChange: (list: IndicatorList) => void;
}

const FIELDS = [
  { kind: 'sma', label: 'MA' },
  { kind: 'ema', label: 'EMA' },
] as const;

export function IndicatorControls({ list, onChange }: IndicatorControlsProps) {
  useLanguage();
  const [open, setOpen] = useState(false);
  return (
    <div role="group" aria-label={t('Indicators')} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
      {FIELDS.map(({ kind, label }) => {
        const periods = periodsOf(list, kind);
        return (
          <PeriodListInput
            key={`${kind}-${periods.join(',')}`}
            label={label}
            periods={periods}
            onCommit={(next) => {
              onChange(withPeriods(list, kind, next));
            }}
          />
        );
      })}
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        title={t('Add, edit and remove indicators')}
        onPointerEnter={Picker.preload}
        onFocus={Picker.preload}
        onClick={() => {
          if (!open) holdKeysWhileOpening();
          setOpen(true);
        }}
        className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
      >
        {t('Indicators…')}
      </button>
      {open && (
        <Suspense fallback={null}>
          <Picker.Component
            list={list}
            onChange={onChange}
            onClose={() => {
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
