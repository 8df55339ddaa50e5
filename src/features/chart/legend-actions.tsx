/**
 * The corporate actions' code as the candle chart loads it once it has actions to show (after the
 * first candle, in the chunk beside the chart with the badges, not on the first page): their
 * markers and words, and their lines in the candle's legend, each with its factors.
 */
import { t } from '../../i18n/t';

export { actionMarkers, factorText } from './corporate-actions';

/** One corporate action as the legend lists it. */
export interface LegendAction {
  /** The candle's date, when the legend lists actions of several candles. */
  date?: string;
  text: string;
  factors: readonly string[];
}

/** Lines of actions shown at most; a badge of a zoomed-out chart may stand for dozens. */
const MAX_ACTIONS = 6;

/** The actions of the hovered candle or badge, as lines of the candle legend's list. */
export function LegendActions({ actions }: { actions: readonly LegendAction[] }) {
  return (
    <>
      {actions.slice(0, MAX_ACTIONS).map((action, i) => (
        <div key={`${action.date ?? ''}${String(i)}`} className="basis-full text-amber-700 dark:text-amber-300" data-testid="chart-legend-action">
          <dt className="inline">
            {action.date && <span className="tabular-nums">{action.date} </span>}
            {action.text}:{' '}
          </dt>
          <dd className="inline">{action.factors.join('; ')}</dd>
        </div>
      ))}
      {actions.length > MAX_ACTIONS && (
        <div className="basis-full text-amber-700 dark:text-amber-300" data-testid="chart-legend-more">
          <dt className="sr-only">{t('More actions')}</dt>
          <dd>{t('and {n} more (zoom in to tell them apart)', { n: actions.length - MAX_ACTIONS })}</dd>
        </div>
      )}
    </>
  );
}
