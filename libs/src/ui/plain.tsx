import { Suspense, lazy, type ButtonHTMLAttributes, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import type { AlertProps, ResultProps } from 'antd';
import { AntdTheme, loadAntd } from './antdTheme';
import './plain.css';

/*
 * What a list's first view draws with, without antd: a button, a count on it, a tag, secondary text,
 * a heading and a spinner, each with antd's look on the branding's CSS variables (plain.css). The
 * rarely shown banners (Notice) are antd's Alert, loaded when one first shows.
 */

export type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  /** antd's button types the lists use: outlined (default), the primary action, or a link. */
  variant?: 'default' | 'primary' | 'link';
  size?: 'small' | 'middle';
  /** A running action: the button is busy and does not respond (antd's `loading`). */
  loading?: boolean;
  htmlType?: 'button' | 'submit';
};

/** A button with antd's look. */
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
      {loading ? <Spinner small /> : null}
      {children}
    </button>
  );
}

/** A count on a control's corner (nothing at 0), as antd's small Badge. */
export function CountBadge({ count, children }: { count: number; children: ReactNode }) {
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

/** A tag with antd's look; `color` picks one of antd's preset colours the platform uses. */
export function PlainTag({ color, className, children, ...props }: HTMLAttributes<HTMLSpanElement> & { color?: 'blue' | 'geekblue' }) {
  return (
    <span {...props} className={[color ? `stw-tag stw-tag--${color}` : 'stw-tag', className].filter(Boolean).join(' ')}>
      {children}
    </span>
  );
}

/** Text in the branding's secondary colour (antd's Text type="secondary"). */
export function SecondaryText({ children }: { children: ReactNode }) {
  return <span className="stw-text-secondary">{children}</span>;
}

/** A page's heading (antd's level-3 Title). */
export function PageTitle({ children, id, style }: { children: ReactNode; id?: string; style?: CSSProperties }) {
  return (
    <h3 className="stw-title" id={id} style={style}>
      {children}
    </h3>
  );
}

/** antd's Spin, drawn without antd (it shows before antd has loaded). */
export function Spinner({ small = false }: { small?: boolean }) {
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
export function Notice(props: AlertProps) {
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
export function ResultNotice(props: ResultProps) {
  return (
    <AntdTheme>
      <LoadedResult {...props} />
    </AntdTheme>
  );
}
