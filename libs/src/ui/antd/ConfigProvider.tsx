import { useMemo, useSyncExternalStore, type ComponentProps } from 'react';
import { ConfigProvider as AntdConfigProvider } from 'antd';
import LoadingOutlined from '@ant-design/icons/LoadingOutlined';

/**
 * A busy button's icon, shown and taken away as the button's state changes. antd's own slides in and
 * out, and when a request failed within a frame or two its way out waited for a transition that never
 * ran: the icon stayed in the button, unseen, and the button's name read "loading Sign In" until the
 * page was left (11 of 30 quick failures in a browser).
 */
const BUTTON = { loadingIcon: <LoadingOutlined /> };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function onReducedMotionChange(onChange: () => void): () => void {
  const query = typeof window === 'undefined' ? undefined : window.matchMedia?.(REDUCED_MOTION);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

const prefersReducedMotion = () => (typeof window === 'undefined' ? false : (window.matchMedia?.(REDUCED_MOTION).matches ?? false));

/** Whether the person asked their system for less motion (and again when they change it). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(onReducedMotionChange, prefersReducedMotion, () => false);
}

/**
 * antd's ConfigProvider with the platform's defaults (a busy button's icon; no motion for a person who
 * asked their system for less: antd's `motion` token, as our own styles' `prefers-reduced-motion`
 * rules do for theirs); a screen's own settings win.
 */
export function ConfigProvider({ button, theme, ...props }: ComponentProps<typeof AntdConfigProvider>) {
  const reducedMotion = usePrefersReducedMotion();
  const merged = useMemo(() => (reducedMotion ? { ...theme, token: { ...theme?.token, motion: false } } : theme), [reducedMotion, theme]);
  return <AntdConfigProvider {...props} theme={merged} button={{ ...BUTTON, ...button }} />;
}
