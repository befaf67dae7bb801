import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '@steward/libs/session';
import { brandingQueryKey, fetchBranding } from '../branding/fetchBranding';
import { MenuIcon } from './MenuIcon';
import { nextMenuIndex } from './menuKeys';
import { useT } from '../i18n';

/**
 * The header's organisation switcher (a menu button): the user's organisations in alphabetical order,
 * the active one checked. Opening it fetches the other organisations' branding ahead, so a switch
 * re-themes without waiting. Choosing, Escape and a click outside close it; focus returns to the
 * switcher unless the click put it elsewhere. Drawn without antd: it is part of the first view.
 */
export function OrgSwitcher() {
  const { orgName, orgList, switchOrg } = useSession();
  const t = useT();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node | null;
      if (!trigger.current?.contains(target) && !menu.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (open) menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]')[focusIndex]?.focus();
  }, [open, focusIndex]);

  // Until the session names the organisation, the switcher's place is kept (empty), so the header's
  // other controls do not move when it arrives.
  if (!orgName) return <div className="stw-org-switcher-wrap" />;

  const openAt = (index: number) => {
    for (const org of orgList) {
      void queryClient.prefetchQuery({ queryKey: brandingQueryKey(org), queryFn: () => fetchBranding(org), staleTime: 5 * 60_000 });
    }
    setFocusIndex(index);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const choose = (org: string) => {
    close();
    if (org !== orgName) switchOrg(org);
  };
  const selectedIndex = Math.max(0, orgList.indexOf(orgName));

  const onTriggerKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? selectedIndex : orgList.length - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    // Tab leaves the menu for the next control, as from the switcher itself.
    if (event.key === 'Tab') {
      setOpen(false);
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const org = orgList[focusIndex];
      if (org) choose(org);
      return;
    }
    const next = nextMenuIndex(event.key, focusIndex, orgList);
    if (next !== null) {
      event.preventDefault();
      setFocusIndex(next);
    }
  };

  return (
    <div className="stw-org-switcher-wrap">
      <button
        ref={trigger}
        type="button"
        className="stw-org-switcher"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? setOpen(false) : openAt(selectedIndex))}
        onKeyDown={onTriggerKeyDown}
      >
        <span className="stw-visually-hidden">{t('orgSwitcher.label')}</span>
        <span className="stw-org-switcher__name">{orgName}</span>
        <MenuIcon name="Chevron" size={16} />
      </button>
      {open && (
        <ul ref={menu} id={menuId} role="menu" aria-label={t('orgSwitcher.menu')} className="stw-org-switcher__menu" onKeyDown={onMenuKeyDown}>
          {orgList.map((org, index) => (
            <li
              key={org}
              role="menuitemradio"
              aria-checked={org === orgName}
              tabIndex={-1}
              className="stw-org-switcher__item"
              onClick={() => choose(org)}
              onFocus={() => setFocusIndex(index)}
            >
              {org}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
