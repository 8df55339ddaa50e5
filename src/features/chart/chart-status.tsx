/** What covers the chart while it has nothing to draw: loading, an error with Retry, or no data. */
import { t } from '../../i18n/t';
import { useLanguage } from '../../i18n/use-language';
import { ErrorNotice } from '../../components/ui/error-notice';
import { WaitingText } from '../../components/ui/waiting-text';

interface ChartStatusProps {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  onRetry: () => void;
}

export function ChartStatus({ isLoading, error, isEmpty, onRetry }: ChartStatusProps) {
  useLanguage();
  if (!isEmpty) return null;
  if (error) {
    return (
      <div className="absolute inset-0 z-20 flex items-center justify-center p-4">
        <div className="max-w-md">
          <ErrorNotice error={error} onRetry={onRetry} />
        </div>
      </div>
    );
  }
  return (
    <div className="pointer-events-none absolute inset-0 z-20 flex items-center justify-center">
      <p role="status" className="text-sm text-slate-500 dark:text-slate-400">
        {isLoading ? <WaitingText loading={t('Loading chart…')} /> : t('No candles for this period.')}
      </p>
    </div>
  );
}
