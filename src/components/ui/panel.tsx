/** A titled region of the dashboard; its content is isolated by a PanelBoundary. */
import type { ReactNode } from 'react';
import { PanelBoundary } from './panel-boundary';

interface PanelProps {
  title: string;
  /** The heading's id after `panel-` (default: from an ASCII title; a translated title needs one). */
  id?: string;
  /** Controls shown on the right of the title bar. */
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Hide the visual title (it still names the region). */
  hideTitle?: boolean;
}

export function Panel({ title, id, actions, children, className = '', hideTitle = false }: PanelProps) {
  const headingId = `panel-${id ?? title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    // The box and title classes are in src/app/layout.css: index.html's static shell draws the same.
    <section aria-labelledby={headingId} className={`panel ${className}`}>
      <header className={`panel-title ${hideTitle ? 'sr-only' : ''}`}>
        <h2 id={headingId} className="panel-heading">
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
