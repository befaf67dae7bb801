import { useState } from 'react';
import { NavLink, matchPath, useLocation } from '@steward/libs/router';
import { MENU_DASHBOARD, menuGroupsFor, type MenuGroup, type MenuGroupName } from '@steward/libs/shell';
import { useSession } from '@steward/libs/session';
import { MenuIcon } from './MenuIcon';
import { useT } from '../i18n';
import { groupLabel, menuLabel } from './routeWords';

export type SidebarProps = {
  /** Labels and open groups are shown (pinned, hovered, focused or inside the mobile drawer). */
  expanded: boolean;
  /** Called after a menu item is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
  /**
   * Called when a group is about to show its items (pointer on it, focus or click on its header): the
   * area behind them can start loading before one is chosen.
   */
  onGroupIntent?: (owner: MenuGroup['owner']) => void;
};

function groupContains(group: MenuGroup, pathname: string): boolean {
  return group.items.some((item) => matchPath({ path: item.path, caseSensitive: false, end: false }, pathname));
}

const groupId = (group: MenuGroupName) => `menu-group-${group.toLowerCase().replace(/\s+/g, '-')}`;

/**
 * The main menu: Dashboard plus the groups of the areas the organisation has enabled. The group
 * holding the current page opens by itself, a group opens while hovered, and its header button opens
 * or closes it from the keyboard.
 *
 * Nothing moves under the pointer. The current group's rows stay in the collapsed strip (a mark each),
 * so widening the strip changes only its width. A hovered group closes when the pointer leaves it
 * upward or leaves the menu; one the pointer leaves downward (into a group below it) stays open until
 * then, for closing it would pull the group below up under the pointer.
 */
export function Sidebar({ expanded, onNavigate, onGroupIntent }: SidebarProps) {
  const { pathname } = useLocation();
  const { enabledComponents } = useSession();
  const t = useT();
  const groups = menuGroupsFor(enabledComponents);
  // The groups open because the pointer reached them, in menu order.
  const [hovered, setHovered] = useState<readonly MenuGroupName[]>([]);
  // Explicit choices (click / keyboard) for this page; navigating lets the current group open again.
  const [toggled, setToggled] = useState<{ pathname: string; groups: Partial<Record<MenuGroupName, boolean>> }>({ pathname, groups: {} });
  const choices = toggled.pathname === pathname ? toggled.groups : {};

  const position = (name: MenuGroupName) => groups.findIndex((group) => group.group === name);
  // The pointer on a group: it opens, and the hovered groups below it close (that moves nothing above
  // the pointer); those above it stay open.
  const pointAt = (name: MenuGroupName) => setHovered((open) => [...open.filter((other) => position(other) < position(name)), name]);
  const isOpen = (group: MenuGroup) => choices[group.group] ?? (hovered.includes(group.group) || groupContains(group, pathname));
  // A click on a group that is open only because the pointer is on it keeps it open (the pointer got
  // there first); otherwise the click opens or closes it.
  const toggle = (group: MenuGroup) => {
    const openByHoverOnly = hovered.includes(group.group) && choices[group.group] === undefined && !groupContains(group, pathname);
    setToggled({ pathname, groups: { ...choices, [group.group]: openByHoverOnly || !isOpen(group) } });
  };

  return (
    <ul className="stw-sidebar__list" onMouseLeave={() => setHovered([])}>
      <li onMouseEnter={() => setHovered([])}>
        <NavLink to={MENU_DASHBOARD.path} className="stw-sidebar__link" onClick={onNavigate}>
          <MenuIcon name="Dashboard" />
          <span className="stw-sidebar__label">{menuLabel(t, MENU_DASHBOARD.path, MENU_DASHBOARD.label)}</span>
        </NavLink>
      </li>
      {groups.map((group) => {
        const active = groupContains(group, pathname);
        // The collapsed strip keeps only the current group's rows, as marks.
        const open = expanded ? isOpen(group) : active && choices[group.group] !== false;
        return (
          <li
            key={group.group}
            className="stw-sidebar__group"
            onMouseEnter={() => {
              pointAt(group.group);
              onGroupIntent?.(group.owner);
            }}
          >
            <button
              type="button"
              className={`stw-sidebar__link${active ? ' stw-sidebar__link--current-group' : ''}`}
              aria-expanded={open}
              aria-controls={groupId(group.group)}
              onFocus={() => onGroupIntent?.(group.owner)}
              onClick={() => {
                onGroupIntent?.(group.owner);
                toggle(group);
              }}
            >
              <MenuIcon name={group.group} />
              <span className="stw-sidebar__label">{groupLabel(t, group.group)}</span>
              <span className="stw-sidebar__chevron" data-open={open || undefined}>
                <MenuIcon name="Chevron" size={16} />
              </span>
            </button>
            <ul id={groupId(group.group)} className="stw-sidebar__items" hidden={!open}>
              {group.items.map((item) => (
                <li key={item.path}>
                  <NavLink to={item.path} className="stw-sidebar__item" onClick={onNavigate}>
                    <span className="stw-sidebar__label">{menuLabel(t, item.path, item.label)}</span>
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
        );
      })}
    </ul>
  );
}
