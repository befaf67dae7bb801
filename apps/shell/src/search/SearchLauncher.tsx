import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { MenuIcon } from '../layout/MenuIcon';
import { useT } from '../i18n';

const loadDialog = () => import('./SearchDialog');
const SearchDialog = lazy(loadDialog);

/** Ctrl+K, or Cmd+K on a Mac: the one shortcut that opens search from anywhere signed in. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/**
 * The header's search button and the Ctrl/Cmd+K shortcut. The dialog's code is not part of the first
 * view: it loads when the button is pointed at or focused, or on the first open. Closing without
 * choosing returns focus to where it was; choosing a record leaves focus to the page that opens.
 */
export function SearchLauncher() {
  const [open, setOpen] = useState(false);
  const t = useT();
  const returnTo = useRef<HTMLElement | null>(null);

  const show = useCallback(() => {
    returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpen(true);
  }, []);
  const close = useCallback((opened: boolean) => {
    setOpen(false);
    if (!opened) returnTo.current?.focus();
  }, []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      if (!open) show();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, show]);

  const preload = () => void loadDialog();
  return (
    <>
      <button
        type="button"
        className="stw-header__search"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onClick={show}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <MenuIcon name="Search" size={18} />
        <span className="stw-header__search-label">{t('header.search')}</span>
        {/* Drawn by CSS (attr), so the button's text and its name are "Search" alone. */}
        <span className="stw-header__search-keys" aria-hidden="true" data-keys="Ctrl K" />
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchDialog onClose={close} />
        </Suspense>
      )}
    </>
  );
}
