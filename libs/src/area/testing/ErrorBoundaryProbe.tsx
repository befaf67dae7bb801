import { Component, type ReactNode } from 'react';
import { t } from '@steward/libs/messages';

/** Test double for the page-level error boundary the shell puts around every screen. */
export class ErrorBoundaryProbe extends Component<{ onError: (error: unknown) => void; children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };

  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }

  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }

  override render() {
    return this.state.message ? <p>{t('area.probeCaught', { message: this.state.message })}</p> : this.props.children;
  }
}
