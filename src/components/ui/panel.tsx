/** A titled region of the dashboard; its content is isolated by a PanelBoundary. */
import type { ReactNode } from 'react';
import { PanelBoundary } from './panel-boundary';

interface PanelProps {
  title: string;
  /** Controls shown on the right of the title bar. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Hide the visual title (it still names the region). */
  hideTitle?: boolean;
}

export function Panel({ title, actions, children, className = '', hideTitle = false }: PanelProps) {
  const headingId = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <section aria-labelledby={headingId} className={`flex min-h-0 flex-col rounded-md border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900 ${className}`}>
      <header className={`flex items-center justify-between gap-2 border-b border-slate-200 px-3 py-1.5 dark:border-slate-800 ${hideTitle ? 'sr-only' : ''}`}>
        <h2 id={headingId} className="text-xs font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
          {title}
        </h2>
        {actions}
      </header>
      <div className="min-h-0 flex-1">
        <PanelBoundary name={title}>{children}</PanelBoundary>
      </div>
    </section>
  );
}
