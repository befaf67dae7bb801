import { NavLink } from '@steward/libs/router';
import type { SubMenuItem } from '@steward/libs/shell';
import { useT } from '../i18n';

/** The optional tab buttons a screen asks for with useSubMenu, above the content. */
export function SubMenuTabs({ items }: { items: readonly SubMenuItem[] }) {
  const t = useT();
  return (
    <nav aria-label={t('layout.sectionMenu')} className="stw-submenu">
      {items.map((item) => (
        <NavLink key={item.path} to={item.path} end className="stw-submenu__tab">
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
