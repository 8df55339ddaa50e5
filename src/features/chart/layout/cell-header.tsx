/**
 * A layout cell's compact header: what the chart shows (symbol, interval), a mark on the active
 * chart, and the button that maximises it or brings the layout back (a double-click on the header
 * does the same).
 */
import { t } from '../../../i18n/t';

interface CellHeaderProps {
  symbol: string;
  interval: string;
  active: boolean;
  maximised: boolean;
  onToggleMaximised: () => void;
}

export function CellHeader({ symbol, interval, active, maximised, onToggleMaximised }: CellHeaderProps) {
  const label = maximised ? t('Restore the layout') : t('Maximise chart');
  return (
    <div className="chart-cell-header" data-testid="cell-header" onDoubleClick={onToggleMaximised}>
      <span className="chart-cell-mark" data-active={active} aria-hidden="true" />
      <span className="chart-cell-symbol">{symbol}</span>
      <span className="chart-cell-interval">{interval}</span>
      <button type="button" className="chart-cell-maximise" aria-label={label} title={label} aria-pressed={maximised} onClick={onToggleMaximised}>
        {maximised ? '❐' : '□'}
      </button>
    </div>
  );
}
