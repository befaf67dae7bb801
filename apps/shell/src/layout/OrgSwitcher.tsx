import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Dropdown } from '@steward/libs/antd';
import { useSession } from '@steward/libs/session';
import { brandingQueryKey, fetchBranding } from '../branding/fetchBranding';
import { MenuIcon } from './MenuIcon';

/** Marks this switcher's list, wherever antd renders it. */
const MENU_CLASS = 'stw-org-switcher-menu';

const popupContainer = (trigger: HTMLElement): HTMLElement => trigger.closest('header') ?? document.body;

/**
 * The header's organisation switcher: the user's organisations in alphabetical order. Choosing the
 * current one just closes the list. Opening it fetches the other organisations' branding ahead, so a
 * switch re-themes without waiting.
 */
export function OrgSwitcher() {
  const { orgName, orgList, switchOrg } = useSession();
  const queryClient = useQueryClient();
  const trigger = useRef<HTMLButtonElement>(null);
  const isOpen = useRef(false);
  useEffect(() => {
    // antd focuses the list a few frames after it opens, even when it has been closed meanwhile
    // (Enter, then Escape at once): that late focus lands in the closing list and is lost when the
    // list hides. While the list is closed, focus that enters it goes back to the switcher.
    const onFocusIn = (event: FocusEvent) => {
      if (!isOpen.current && event.target instanceof Element && event.target.closest(`.${MENU_CLASS}`)) trigger.current?.focus();
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
  if (!orgName) return null;

  const onOpenChange = (open: boolean) => {
    isOpen.current = open;
    if (!open) {
      // Closing the list (Escape, a choice) removes the focused menu item: put focus back on the
      // switcher unless the user has already moved it somewhere else (a click elsewhere).
      requestAnimationFrame(() => {
        if (isOpen.current) return;
        const active = document.activeElement;
        if (!active || active === document.body || active.closest('.ant-dropdown')) trigger.current?.focus();
      });
      return;
    }
    for (const org of orgList) {
      void queryClient.prefetchQuery({ queryKey: brandingQueryKey(org), queryFn: () => fetchBranding(org), staleTime: 5 * 60_000 });
    }
  };

  return (
    <Dropdown
      trigger={['click']}
      autoFocus
      // The list lives in the fixed header, beside its switcher. In the page's body it would first
      // render at the end of the document, and focusing it there scrolled a long page by the
      // distance to its end just as the list opened.
      getPopupContainer={popupContainer}
      rootClassName={MENU_CLASS}
      onOpenChange={onOpenChange}
      menu={{
        items: orgList.map((org) => ({ key: org, label: org })),
        selectable: true,
        selectedKeys: [orgName],
        onClick: ({ key }) => switchOrg(key),
      }}
    >
      <button ref={trigger} type="button" className="stw-org-switcher" aria-haspopup="menu">
        <span className="stw-visually-hidden">Organization: </span>
        <span className="stw-org-switcher__name">{orgName}</span>
        <MenuIcon name="Chevron" size={16} />
      </button>
    </Dropdown>
  );
}
