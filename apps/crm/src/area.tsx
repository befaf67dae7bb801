import { Navigate, Route, Routes } from 'react-router';
import { AREA_TITLES, type RemoteArea, routesOwnedBy } from '@steward/libs/federation';
import { placeholderRoutes } from '@steward/libs/area';
import { CrmListPage } from './records/CrmListPage';
import { CrmDetailPage } from './records/CrmDetailPage';
import { businessEntity } from './businesses/businessEntity';
import { contactEntity } from './contacts/contactEntity';
import { householdEntity } from './households/householdEntity';
import { userEntity } from './users/userEntity';
import { EditUserPage, InviteUserPage } from './users/UserFormPage';

const identity = { title: AREA_TITLES.crm, version: __STEWARD_APP_VERSION__ };

/** Routes with a screen; the rest of the area's routes still render the placeholder. */
const BUILT = [
  '/businesses',
  '/business/:short_id',
  '/contacts',
  '/contact/:short_id',
  '/households',
  '/household',
  '/household/:short_id',
  '/users',
  '/directory',
  '/user/:short_id',
  '/user-management',
  '/users/new',
  '/user/:short_id/edit',
];
const Placeholders = placeholderRoutes('crm', identity, BUILT);

function CrmRoutes() {
  return (
    <>
      <Routes>
        <Route path="businesses" element={<CrmListPage entity={businessEntity} />} />
        <Route path="business/:short_id" element={<CrmDetailPage entity={businessEntity} />} />
        <Route path="contacts" element={<CrmListPage entity={contactEntity} />} />
        <Route path="contact/:short_id" element={<CrmDetailPage entity={contactEntity} />} />
        <Route path="households" element={<CrmListPage entity={householdEntity} />} />
        <Route path="household" element={<CrmListPage entity={householdEntity} />} />
        <Route path="household/:short_id" element={<CrmDetailPage entity={householdEntity} />} />
        <Route path="users" element={<CrmListPage entity={userEntity} />} />
        <Route path="directory" element={<CrmListPage entity={userEntity} />} />
        <Route path="user/:short_id" element={<CrmDetailPage entity={userEntity} />} />
        <Route path="users/new" element={<InviteUserPage />} />
        <Route path="user/:short_id/edit" element={<EditUserPage />} />
        <Route path="user-management" element={<Navigate to="/users" replace />} />
        <Route path="*" element={<Placeholders />} />
      </Routes>
    </>
  );
}

/** The CRM area: businesses, contacts, households and organisation users. */
const area: RemoteArea = {
  name: 'crm',
  ...identity,
  paths: routesOwnedBy('crm').map((route) => route.path),
  Routes: CrmRoutes,
};

export default area;
