import { Suspense, lazy, type ButtonHTMLAttributes, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import type { AlertProps, ResultProps } from 'antd';
import { AntdTheme, loadAntd } from './antdTheme';
import './plain.css';

/*
 * The design system's Plain words (see ui/index.ts for the rule): antd's Button, Badge, Tag, Spin and
 * Typography's Title and Text, drawn without antd for a first view, each with antd's look on the
 * branding's CSS variables (plain.css). And its Lazy words: antd's Alert and Result, which load antd
 * when one first shows.
 */

export type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** antd's button types the lists use: outlined (default), the primary action, or a link. */
  variant?: 'default' | 'primary' | 'link';
  size?: 'small' | 'middle';
  /** A running action: the button is busy and does not respond (antd's `loading`). */
  loading?: boolean;
  htmlType?: 'button' | 'submit';
};

/** antd's Button, drawn without antd. */
export function PlainButton({ variant = 'default', size = 'middle', loading = false, htmlType = 'button', className, disabled, onClick, children, ...props }: PlainButtonProps) {
  const classes = ['stw-plain-button', variant !== 'default' ? `stw-plain-button--${variant}` : '', size === 'small' ? 'stw-plain-button--small' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button
      {...props}
      type={htmlType}
      className={classes}
      disabled={disabled}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
    >
      {loading ? <PlainSpin small /> : null}
      {children}
    </button>
  );
}

/** antd's small count Badge on a control's corner (nothing at 0), drawn without antd. */
export function PlainBadge({ count, children }: { count: number; children: ReactNode }) {
  return (
    <span className="stw-count-holder">
      {children}
      {count > 0 ? (
        <sup className="stw-count" title={String(count)}>
          {count}
        </sup>
      ) : null}
    </span>
  );
}

/** antd's Tag, drawn without antd; `color` picks one of antd's preset colours the platform uses. */
export function PlainTag({ color, className, children, ...props }: HTMLAttributes<HTMLSpanElement> & { color?: 'blue' | 'geekblue' }) {
  return (
    <span {...props} className={[color ? `stw-tag stw-tag--${color}` : 'stw-tag', className].filter(Boolean).join(' ')}>
      {children}
    </span>
  );
}

/** antd's Typography.Text type="secondary", drawn without antd. */
export function PlainText({ children }: { children: ReactNode }) {
  return <span className="stw-text-secondary">{children}</span>;
}

/** antd's level-3 Typography.Title (a page's heading), drawn without antd. */
export function PlainTitle({ children, id, style }: { children: ReactNode; id?: string; style?: CSSProperties }) {
  return (
    <h3 className="stw-title" id={id} style={style}>
      {children}
    </h3>
  );
}

/** antd's Spin, drawn without antd (it shows before antd has loaded). */
export function PlainSpin({ small = false }: { small?: boolean }) {
  return (
    <span className="stw-spinner" aria-hidden="true" style={small ? { width: 14, height: 14 } : undefined}>
      <i style={small ? { width: 6, height: 6 } : undefined} />
      <i style={small ? { width: 6, height: 6 } : undefined} />
      <i style={small ? { width: 6, height: 6 } : undefined} />
      <i style={small ? { width: 6, height: 6 } : undefined} />
    </span>
  );
}

const LoadedAlert = lazy(() => loadAntd().then((antd) => ({ default: antd.Alert })));

/** antd's Alert (an error, a warning, a note): loaded with antd when one first shows. */
export function LazyAlert(props: AlertProps) {
  return (
    <AntdTheme fallback={<div role={props.type === 'error' ? 'alert' : 'status'}>{props.title}</div>}>
      <Suspense fallback={<div role={props.type === 'error' ? 'alert' : 'status'}>{props.title}</div>}>
        <LoadedAlert {...props} />
      </Suspense>
    </AntdTheme>
  );
}

const LoadedResult = lazy(() => loadAntd().then((antd) => ({ default: antd.Result })));

/** antd's Result (a page that does not exist, an area that did not load): loaded with antd when one shows. */
export function LazyResult(props: ResultProps) {
  return (
    <AntdTheme>
      <LoadedResult {...props} />
    </AntdTheme>
  );
}
