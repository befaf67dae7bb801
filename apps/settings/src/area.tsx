import { Suspense, lazy } from 'react';
import { Route, Routes } from 'react-router';
import { placeholderRoutes } from '@steward/libs/area';
import { AREA_TITLES, routesOwnedBy, type RemoteArea } from '@steward/libs/federation';
import { SettingsIndexPage } from './overview/SettingsIndexPage';

// The heavier pages load when first opened.
const MyProfilePage = lazy(() => import('./profile/MyProfilePage').then((m) => ({ default: m.MyProfilePage })));
const OrgSettingsPage = lazy(() => import('./organization/OrgSettingsPage').then((m) => ({ default: m.OrgSettingsPage })));
const RolesPage = lazy(() => import('./roles/RolesPage').then((m) => ({ default: m.RolesPage })));
const RolePermissionsPage = lazy(() => import('./roles/RolePermissionsPage').then((m) => ({ default: m.RolePermissionsPage })));

const BUILT = ['/settings', '/acctsettings', '/usersettings', '/orgsettings', '/settings/roles', '/settings/roles/:role_id'];
const identity = { title: AREA_TITLES.settings, version: __STEWARD_APP_VERSION__ };
const Placeholders = placeholderRoutes('settings', identity, BUILT);

function SettingsRoutes() {
  return (
    <Suspense fallback={<p role="status">Loading…</p>}>
      <Routes>
        <Route path="settings" element={<SettingsIndexPage />} />
        <Route path="acctsettings" element={<MyProfilePage />} />
        <Route path="usersettings" element={<MyProfilePage />} />
        <Route path="orgsettings" element={<OrgSettingsPage />} />
        <Route path="settings/roles" element={<RolesPage />} />
        <Route path="settings/roles/:role_id" element={<RolePermissionsPage />} />
      </Routes>
      <Placeholders />
    </Suspense>
  );
}

/** Settings: my profile, the organisation (data, branding, components), roles and permissions. */
const area: RemoteArea = { name: 'settings', ...identity, paths: routesOwnedBy('settings').map((route) => route.path), Routes: SettingsRoutes };

export default area;
