/**
 * What a component loaded on demand shows in its place when its code did not download (offline,
 * or a chunk of a build the server no longer has): one line and a Retry, where the component
 * would be. The panel around it (the chart under a popup that failed) keeps working.
 */
import { t } from '../../i18n/t';

export function DownloadFailedNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <span
      role="alert"
      className="inline-flex items-center gap-2 rounded border border-amber-500/40 bg-amber-500/10 px-2 py-0.5 text-xs text-amber-800 dark:text-amber-200"
    >
      {t('This part of the app did not download.')}
      <button type="button" onClick={onRetry} className="rounded border border-current px-1.5 hover:bg-amber-500/20">
        {t('Retry')}
      </button>
    </span>
  );
}
