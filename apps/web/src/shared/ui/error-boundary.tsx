import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';
import { reportClientError } from '../errors/report-errors';

interface Props {
  children: ReactNode;
}
interface State {
  error: unknown;
}

/**
 * Catches a failed page (chunk load or render error) below the header, so navigation still works.
 * The layout keys it by pathname: moving to another route clears the error.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('[page] render failed', error, info.componentStack);
    reportClientError('boundary', error, info.componentStack ?? undefined);
  }

  override render() {
    return this.state.error ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
