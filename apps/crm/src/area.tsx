import { Suspense, lazy, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { placeholderRoutes } from '@steward/libs/area';
import { AREA_TITLES, routesOwnedBy, type RemoteArea } from '@steward/libs/federation';
import { LOADING_TEXT } from '@steward/libs/list';

// Each feature's screens load when first visited, so the remote's entry stays small.
const businesses = () => import('./businesses/businessScreens');
const contacts = () => import('./contacts/contactScreens');
const households = () => import('./households/householdScreens');
const users = () => import('./users/userScreens');

const BusinessesPage = lazy(() => businesses().then((m) => ({ default: m.BusinessesPage })));
const BusinessDetailPage = lazy(() => businesses().then((m) => ({ default: m.BusinessDetailPage })));
const ContactsPage = lazy(() => contacts().then((m) => ({ default: m.ContactsPage })));
const ContactDetailPage = lazy(() => contacts().then((m) => ({ default: m.ContactDetailPage })));
const HouseholdsPage = lazy(() => households().then((m) => ({ default: m.HouseholdsPage })));
const HouseholdDetailPage = lazy(() => households().then((m) => ({ default: m.HouseholdDetailPage })));
const UsersPage = lazy(() => users().then((m) => ({ default: m.UsersPage })));
const UserProfilePage = lazy(() => users().then((m) => ({ default: m.UserProfilePage })));
const InviteUserPage = lazy(() => users().then((m) => ({ default: m.InviteUserPage })));

/** The screens this release has, by route pattern (from the route table). */
const SCREENS: Record<string, ReactNode> = {
  '/businesses': <BusinessesPage />,
  '/business/:short_id': <BusinessDetailPage />,
  '/contacts': <ContactsPage />,
  '/contact/:short_id': <ContactDetailPage />,
  '/households': <HouseholdsPage />,
  '/household': <HouseholdsPage />,
  '/household/:short_id': <HouseholdDetailPage />,
  '/users': <UsersPage />,
  '/directory': <UsersPage />,
  '/user/:short_id': <UserProfilePage />,
  '/users/new': <InviteUserPage />,
  // The invite form returns here (001 §2): the users list.
  '/user-management': <Navigate to="/users" replace />,
};

const identity = { title: AREA_TITLES.crm, version: __STEWARD_APP_VERSION__ };
const Placeholders = placeholderRoutes('crm', identity, Object.keys(SCREENS));

function CrmRoutes() {
  return (
    <Suspense fallback={<p role="status">{LOADING_TEXT}</p>}>
      <Routes>
        {Object.entries(SCREENS).map(([path, element]) => (
          <Route key={path} path={path.slice(1)} element={element} />
        ))}
      </Routes>
      <Placeholders />
    </Suspense>
  );
}

/** The CRM area: businesses, contacts, households and the organisation's users. */
const area: RemoteArea = {
  name: 'crm',
  ...identity,
  paths: routesOwnedBy('crm').map((route) => route.path),
  Routes: CrmRoutes,
};

export default area;
