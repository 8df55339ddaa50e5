/**
 * Keeps one panel's failure inside that panel: a render error or a query error thrown to the
 * boundary shows an error notice with a retry, and the rest of the dashboard keeps working.
 */
import { QueryErrorResetBoundary } from '@tanstack/react-query';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { retryFailedDownloads } from '../lazy-with-preload';
import { ErrorNotice } from './error-notice';

interface BoundaryProps {
  name: string;
  children: ReactNode;
  onReset: () => void;
}

interface BoundaryState {
  error: unknown;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`panel ${this.props.name} failed`, error, info.componentStack);
  }

  private readonly retry = (): void => {
    this.props.onReset();
    // A panel whose code failed to download downloads it again.
    retryFailedDownloads();
    this.setState({ error: undefined });
  };

  override render(): ReactNode {
    if (this.state.error !== undefined) {
      return (
        <div className="p-3">
          <ErrorNotice error={this.state.error} onRetry={this.retry} />
        </div>
      );
    }
    return this.props.children;
  }
}

export function PanelBoundary({ name, children }: { name: string; children: ReactNode }) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <Boundary name={name} onReset={reset}>
          {children}
        </Boundary>
      )}
    </QueryErrorResetBoundary>
  );
}
