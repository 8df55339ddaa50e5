/**
 * A panel's error: what went wrong, what to do, and a retry button (none for an ambiguous
 * symbol: asking again cannot help, choosing a type does).
 */
import { t } from '../../i18n/t';
import { isApiError } from '../../api/api-error';
import { AMBIGUOUS_SYMBOL } from '#shared/contract.ts';
import { useErrorText } from './use-error-text';

interface ErrorNoticeProps {
  error: unknown;
  onRetry?: () => void;
  /** Compact variant for rows and small panels. */
  compact?: boolean;
}

export function ErrorNotice({ error, onRetry, compact = false }: ErrorNoticeProps) {
  const text = useErrorText(error);
  const retry = isApiError(error) && error.errorName === AMBIGUOUS_SYMBOL ? undefined : onRetry;
  return (
    <div
      role="alert"
      className={`flex flex-col gap-1 rounded border border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-200 ${compact ? 'p-2 text-xs' : 'p-3 text-sm'}`}
    >
      <p className="font-medium">{text.title}</p>
      {text.detail && <p className="opacity-80">{text.detail}</p>}
      {(text.action ?? retry) && (
        <div className="flex items-center gap-2">
          {text.action && <span className="opacity-80">{text.action}</span>}
          {retry && (
            <button type="button" onClick={retry} className="rounded border border-current px-2 py-0.5 hover:bg-amber-500/20">
              {t('Retry')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
