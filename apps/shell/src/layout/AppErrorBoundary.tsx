import { Component, type ErrorInfo, type ReactNode } from 'react';
import { t } from '../i18n';

type AppErrorBoundaryProps = {
  children: ReactNode;
  message: string;
  /** 'overlay' floats the message over the page (for failures of a dialog rather than of the page). */
  placement?: 'page' | 'overlay';
};

/**
 * Last line of defence around code loaded on demand: when a part of the app cannot load (a deploy
 * replaced its files, the network dropped), say so and offer a reload instead of a blank page.
 * Plain HTML on purpose: the component library may be what failed to load.
 */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(this.props.message, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" className={`stw-app-error${this.props.placement === 'overlay' ? ' stw-app-error--overlay' : ''}`}>
        <p>{this.props.message}</p>
        <p>
          <code>{error.message}</code>
        </p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </button>
      </div>
    );
  }
}
