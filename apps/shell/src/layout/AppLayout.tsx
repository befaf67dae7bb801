import { Link, Outlet } from 'react-router-dom';
import { MENU_DASHBOARD, MENU_GROUPS } from '@steward/libs/federation';

/** Placeholder until the real header and sidebar land. */
export function AppLayout() {
  return (
    <div style={{ display: 'flex' }}>
      <nav aria-label="Main menu" style={{ width: 260 }}>
        <Link to={MENU_DASHBOARD.path}>{MENU_DASHBOARD.label}</Link>
        {MENU_GROUPS.map((group) => (
          <section key={group.group}>
            <strong>{group.group}</strong>
            {group.items.map((item) => (
              <div key={item.path}>
                <Link to={item.path}>{item.label}</Link>
              </div>
            ))}
          </section>
        ))}
      </nav>
      <main style={{ flex: 1 }}>
        <Outlet />
      </main>
    </div>
  );
}
