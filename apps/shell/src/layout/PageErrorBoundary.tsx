import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../i18n';

type PageErrorBoundaryProps = { children: ReactNode; /** A change (the path) clears a caught error. */ resetKey: string };
type PageErrorBoundaryState = { error: Error | null };

/**
 * Catches render errors of the page inside the layout, so the header and menu keep working.
 * Moving to another page clears the error without remounting a healthy page (a remote's area keeps
 * its state across its own routes).
 */
export class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  override state: PageErrorBoundaryState = { error: null };

  override componentDidUpdate(previous: PageErrorBoundaryProps) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  static getDerivedStateFromError(error: unknown): PageErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Page render error:', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className="stw-page-error">
        <h2>{t('errors.somethingWentWrong')}</h2>
        <pre>{error.message}</pre>
      </div>
    );
  }
}
