/** A one-sentence state of the intraday panel (not a stock, no trading yet, loading), or a failure with a retry. */
import type { ReactNode } from 'react';
import { ErrorNotice } from '../../components/ui/error-notice';

interface PanelMessageProps {
  children: ReactNode;
  /** `status` for transient states (loading), announced politely. */
  role?: 'status';
}

export function PanelMessage({ children, role }: PanelMessageProps) {
  return (
    <div className="flex h-full min-h-32 items-center justify-center p-4">
      <p role={role} data-testid="intraday-message" className="max-w-md text-center text-sm text-slate-600 dark:text-slate-300">
        {children}
      </p>
    </div>
  );
}

export function PanelFailure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div className="p-3">
      <ErrorNotice error={error} onRetry={onRetry} />
    </div>
  );
}
