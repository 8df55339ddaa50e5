/** Indicator switches: MA and EMA periods (editable lists), Bollinger bands, MACD and RSI. */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import type { IndicatorSettings } from '../../store/preferences-slice';
import { PeriodListInput } from './period-list-input';

interface IndicatorControlsProps {
  settings: IndicatorSettings;
  onChange: (patch: Partial<IndicatorSettings>) => void;
}

const TOGGLES = [
  { key: 'bollinger', label: 'Bollinger', title: 'Bollinger bands (20, 2)' },
  { key: 'macd', label: 'MACD', title: 'MACD (12, 26, 9) in its own pane' },
  { key: 'rsi', label: 'RSI', title: 'RSI (14) in its own pane' },
] as const;

export function IndicatorControls({ settings, onChange }: IndicatorControlsProps) {
  useLanguage();
  return (
    <div role="group" aria-label={t('Indicators')} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
      <PeriodListInput
        key={`ma-${settings.ma.join(',')}`}
        label="MA"
        periods={settings.ma}
        onCommit={(ma) => {
          onChange({ ma });
        }}
      />
      <PeriodListInput
        key={`ema-${settings.ema.join(',')}`}
        label="EMA"
        periods={settings.ema}
        onCommit={(ema) => {
          onChange({ ema });
        }}
      />
      {TOGGLES.map(({ key, label, title }) => (
        <label key={key} title={t(title)} className="flex cursor-pointer items-center gap-1">
          <input
            type="checkbox"
            checked={settings[key]}
            onChange={(event) => {
              onChange({ [key]: event.target.checked });
            }}
            className="accent-sky-600"
          />
          {t(label)}
        </label>
      ))}
    </div>
  );
}
