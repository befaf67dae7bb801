import { useEffect, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Outlet, useLocation, useNavigationType } from '@steward/libs/router';
import { PageTitleProvider, SubMenuProvider, type SubMenuItem } from '@steward/libs/shell';
import { BrandingProvider } from '../branding/BrandingProvider';
import { brandName } from '../branding/brandName';
import { AppHeader } from './AppHeader';
import { LAYOUT_CSS_VARIABLES } from './layoutConstants';
import { MobileDrawer } from './MobileDrawer';
import { PageErrorBoundary } from './PageErrorBoundary';
import { pageSectionFor } from './pageSection';
import { Sidebar } from './Sidebar';
import { preloadArea } from '../federation/preloadArea';
import { useIntentPrefetch } from '../federation/useIntentPrefetch';
import { trapTabKey } from './trapTabKey';
import { SubMenuTabs } from './SubMenuTabs';
import { requestToaster } from './toasterGate';
import { useSidebarState } from './useSidebarState';
import { useT } from '../i18n';
import './layout.css';

/** Keyboard focus opens the collapsed sidebar; a mouse click inside it must not keep it open. */
function isKeyboardFocus(event: FocusEvent<HTMLElement>): boolean {
  try {
    return event.target.matches(':focus-visible');
  } catch {
    return true;
  }
}

/**
 * The authenticated layout: fixed header, the sidebar (a 64 px icon strip that widens to
 * 260 px on hover or keyboard focus, pinned open with Ctrl/Cmd+B, a drawer under 768 px), optional
 * sub-menu tabs and the page inside its error boundary. Themed by the active organisation's branding.
 */
export function AppLayout() {
  return (
    <BrandingProvider>
      <LayoutFrame />
    </BrandingProvider>
  );
}

function LayoutFrame() {
  const { pathname } = useLocation();
  const sidebar = useSidebarState();
  const [hovered, setHovered] = useState(false);
  const [keyboardInside, setKeyboardInside] = useState(false);
  const [section, setSection] = useState<string | null>(null);
  const [subMenu, setSubMenu] = useState<readonly SubMenuItem[] | null>(null);
  const pageTitle = useMemo(() => ({ setSection }), []);
  const subMenuApi = useMemo(() => ({ setItems: setSubMenu }), []);

  const t = useT();
  const title = section ?? pageSectionFor(pathname, t);
  useEffect(() => {
    document.title = `${brandName()} - ${title}`;
  }, [title]);
  useEffect(requestToaster, []);
  useIntentPrefetch();

  // After an in-app navigation that left focus nowhere (signing in, a dialog that closed with its
  // page), focus the page title so keyboard and screen-reader users start from the new page.
  const navigationType = useNavigationType();
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (navigationType === 'POP') return;
    const frame = requestAnimationFrame(() => {
      const active = document.activeElement;
      if (!active || active === document.body) titleRef.current?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [navigationType, pathname]);

  const expanded = sidebar.pinned || hovered || keyboardInside;
  const closeDrawer = () => sidebar.setDrawerOpen(false);
  const layoutRef = useRef<HTMLDivElement>(null);
  // The mobile drawer is a modal dialog: Tab and Shift+Tab stay inside it while it is open.
  const keepFocusInDrawer = (event: KeyboardEvent<HTMLDivElement>) => {
    if (sidebar.isMobile && sidebar.drawerOpen) trapTabKey(event, layoutRef.current?.querySelector<HTMLElement>('.stw-drawer [role="dialog"]') ?? null);
  };

  return (
    <div
      ref={layoutRef}
      className="stw-layout"
      style={LAYOUT_CSS_VARIABLES}
      data-sidebar-pinned={sidebar.pinned || undefined}
      data-mobile={sidebar.isMobile || undefined}
      onKeyDown={keepFocusInDrawer}
    >
      <a className="stw-skip-link" href="#main-content">
        {t('layout.skipToContent')}
      </a>
      <AppHeader title={title} titleRef={titleRef} showMenuButton={sidebar.isMobile} onMenuButton={sidebar.toggle} />
      {sidebar.isMobile ? (
        <MobileDrawer open={sidebar.drawerOpen} onClose={closeDrawer} title={brandName()}>
          <nav aria-label={t('layout.mainMenu')} className="stw-sidebar stw-sidebar--drawer" data-expanded="">
            <Sidebar expanded onNavigate={closeDrawer} onGroupIntent={preloadArea} />
          </nav>
        </MobileDrawer>
      ) : (
        <nav
          aria-label={t('layout.mainMenu')}
          className="stw-sidebar"
          data-expanded={expanded || undefined}
          onMouseEnter={() => setHovered(true)}
          onMouseLeave={() => setHovered(false)}
          onFocus={(event) => setKeyboardInside(isKeyboardFocus(event))}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setKeyboardInside(false);
          }}
        >
          <Sidebar expanded={expanded} onGroupIntent={preloadArea} />
        </nav>
      )}
      <main id="main-content" className="stw-content" tabIndex={-1}>
        <PageTitleProvider value={pageTitle}>
          <SubMenuProvider value={subMenuApi}>
            {subMenu && <SubMenuTabs items={subMenu} />}
            <PageErrorBoundary resetKey={pathname}>
              <Outlet />
            </PageErrorBoundary>
          </SubMenuProvider>
        </PageTitleProvider>
      </main>
    </div>
  );
}
