import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from '@steward/libs/router';
import { AntdTheme, LoadingState } from '@steward/libs/ui';
import { SettingsIndex } from './index/SettingsIndex';

// Screens load on demand, so the remote's first chunk stays small.
const OrgSettingsPage = lazy(() => import('./orgsettings/OrgSettingsPage').then((m) => ({ default: m.OrgSettingsPage })));
const ProfilePage = lazy(() => import('./profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const IntegrationsPage = lazy(() => import('./integrations/IntegrationsPage').then((m) => ({ default: m.IntegrationsPage })));
const RolesPage = lazy(() => import('./roles/RolesPage').then((m) => ({ default: m.RolesPage })));
const FieldsPage = lazy(() => import('./fields/FieldsPage').then((m) => ({ default: m.FieldsPage })));
const MailSettingsPage = lazy(() => import('./mail/MailSettingsPage').then((m) => ({ default: m.MailSettingsPage })));
const RolePermissionsPage = lazy(() => import('./roles/RolePermissionsPage').then((m) => ({ default: m.RolePermissionsPage })));

function screen(Screen: ComponentType) {
  return (
    <Suspense fallback={<LoadingState />}>
      <Screen />
    </Suspense>
  );
}

/** The Settings area's routes (paths from the route table; /user-management belongs to the CRM). Its screens are forms drawn with antd. */
export function SettingsRoutes() {
  return (
    <AntdTheme fallback={<LoadingState />}>
    <Routes>
      <Route path="settings" element={<SettingsIndex />} />
      <Route path="settings/integrations" element={screen(IntegrationsPage)} />
      <Route path="acctsettings" element={screen(ProfilePage)} />
      <Route path="usersettings" element={screen(ProfilePage)} />
      <Route path="orgsettings" element={screen(OrgSettingsPage)} />
      <Route path="settings/roles" element={screen(RolesPage)} />
      <Route path="settings/fields" element={screen(FieldsPage)} />
      <Route path="settings/mail" element={screen(MailSettingsPage)} />
      <Route path="settings/roles/:role_id" element={screen(RolePermissionsPage)} />
    </Routes>
    </AntdTheme>
  );
}
