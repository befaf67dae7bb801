import { Navigate, Route, Routes } from '@steward/libs/router';
import { defineArea } from '@steward/libs/federation';
import { CrmListPage } from './records/CrmListPage';
import { CrmDetailPage } from './records/CrmDetailPage';
import { businessEntity } from './businesses/businessEntity';
import { contactEntity } from './contacts/contactEntity';
import { householdEntity } from './households/householdEntity';
import { userEntity } from './users/userEntity';
import { EditUserPage, InviteUserPage } from './users/UserFormPage';

function CrmRoutes() {
  return (
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
    </Routes>
  );
}

/** The CRM area: businesses, contacts, households and organisation users. */
const area = defineArea('crm', __STEWARD_APP_VERSION__, CrmRoutes);

export default area;
