import { useCallback, useEffect, useId, useRef, type ReactNode } from 'react';
import { useOpenedOnce } from '@steward/libs/ui/core';
import { MenuIcon } from './MenuIcon';
import { useT } from '../i18n';

export type MobileDrawerProps = { open: boolean; onClose: () => void; title: string; children: ReactNode };

/**
 * The phone's menu drawer: a modal dialog sliding in from the left over a dimmed page. On opening it
 * takes focus; Escape, the close button and a tap on the page behind close it, and focus goes back to
 * where it was (the header's menu button). While closed it is inert and hidden from everyone. The
 * layout keeps Tab inside it (trapTabKey). Rendered in place, so it wears the organisation's theme;
 * drawn without antd, as part of the first view.
 */
export function MobileDrawer({ open, onClose, title, children }: MobileDrawerProps) {
  // The menu inside is built the first time the drawer opens, not with the page: a phone's first view
  // does not pay for a menu it does not show. Once built it stays, so closing can slide it out.
  const opened = useOpenedOnce(open);
  const t = useT();
  const panel = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  // Closed by the drawer's own controls: focus goes back to the opener. Closed because a link in it
  // opened another page: the layout focuses that page's title instead.
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  });
  const close = useCallback(() => {
    returnTo.current?.focus();
    latestOnClose.current();
  }, []);

  useEffect(() => {
    if (!open) return undefined;
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panel.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, close]);

  return (
    <div className="stw-drawer" data-open={open || undefined} inert={!open} aria-hidden={!open || undefined}>
      <div className="stw-drawer__mask" aria-hidden="true" onClick={close} />
      <div ref={panel} className="stw-drawer__panel" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="stw-drawer__header">
          <h2 id={titleId} className="stw-drawer__title">
            {title}
          </h2>
          <button type="button" className="stw-drawer__close" aria-label={t('header.closeMenu')} onClick={close}>
            <MenuIcon name="Close" size={20} />
          </button>
        </div>
        {opened && children}
      </div>
    </div>
  );
}
