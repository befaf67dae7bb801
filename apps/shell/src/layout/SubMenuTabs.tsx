import { NavLink } from '@steward/libs/router';
import type { SubMenuItem } from '@steward/libs/shell';

/** The optional tab buttons a screen asks for with useSubMenu, above the content. */
export function SubMenuTabs({ items }: { items: readonly SubMenuItem[] }) {
  return (
    <nav aria-label="Section menu" className="stw-submenu">
      {items.map((item) => (
        <NavLink key={item.path} to={item.path} end className="stw-submenu__tab">
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
