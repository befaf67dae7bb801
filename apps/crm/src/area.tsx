import { Navigate, Route, Routes } from '@steward/libs/router';
import { defineArea, type AreaPrefetchContext, type AreaSearchKinds } from '@steward/libs/shell';
import { prefetchListPage } from '@steward/libs/list';
import { lazyAntdPage, LoadingText } from '@steward/libs/ui';
import { CrmListPage, crmListOptions } from './records/CrmListPage';
import { loadRecordPage } from './records/loadRecordPage';
import { businessEntity } from './businesses/businessEntity';
import { contactEntity } from './contacts/contactEntity';
import { householdEntity } from './households/householdEntity';
import { userEntity } from './users/userEntity';
import type { CrmEntity } from './records/crmEntity';
import { withWords } from '@steward/libs/i18n';
import { later as libsLater } from '@steward/libs/messages';
import { later, localized } from './i18n';

/** The list routes (route-table paths) and the entity each lists (the spec's /household is the households list too). */
const LIST_ROUTES: ReadonlyMap<string, CrmEntity> = new Map([
  ['/businesses', businessEntity],
  ['/contacts', contactEntity],
  ['/households', householdEntity],
  ['/household', householdEntity],
  ['/users', userEntity],
  ['/directory', userEntity],
]);

// A record's page and the user forms draw with antd's tabs, inputs and forms: they load, with antd,
// when opened, so a list's first chunk holds only what a list draws (without antd).
const loading = <p><LoadingText /></p>;
const CrmDetailPage = lazyAntdPage(() => loadRecordPage().then((module) => ({ default: module.CrmDetailPage })), loading);
// Each later screen's code comes with the words of the CRM's later screens (i18n.ts), not after it.
const withLaterWords = <Module,>(code: Promise<Module>): Promise<Module> => withWords(code, later);
const InviteUserPage = lazyAntdPage(() => withLaterWords(import('./users/UserFormPage')).then((module) => ({ default: module.InviteUserPage })), loading);
const EditUserPage = lazyAntdPage(() => withLaterWords(import('./users/UserFormPage')).then((module) => ({ default: module.EditUserPage })), loading);
// The inbox draws messages as a record's conversations do: libs' words for them come too.
const InboxPage = lazyAntdPage(() => withWords(import('./inbox/InboxPage'), later, libsLater).then((module) => ({ default: module.InboxPage })), loading);
const DuplicatesPage = lazyAntdPage(() => withLaterWords(import('./duplicates/DuplicatesPage')).then((module) => ({ default: module.DuplicatesPage })), loading);

function CrmRoutes() {
  return (
    <Routes>
      {[...LIST_ROUTES].map(([path, entity]) => (
        <Route key={path} path={path.slice(1)} element={<CrmListPage entity={entity} />} />
      ))}
      <Route path="business/:short_id" element={<CrmDetailPage entity={businessEntity} />} />
      <Route path="contact/:short_id" element={<CrmDetailPage entity={contactEntity} />} />
      <Route path="household/:short_id" element={<CrmDetailPage entity={householdEntity} />} />
      <Route path="user/:short_id" element={<CrmDetailPage entity={userEntity} />} />
      <Route path="users/new" element={<InviteUserPage />} />
      <Route path="user/:short_id/edit" element={<EditUserPage />} />
      <Route path="user-management" element={<Navigate to="/users" replace />} />
      <Route path="duplicates/:kind" element={<DuplicatesPage />} />
      <Route path="inbox" element={<InboxPage />} />
    </Routes>
  );
}

/** Opening a list: its first page is requested while the area renders. */
function prefetch({ route, search, queryClient, orgScope }: AreaPrefetchContext) {
  const entity = LIST_ROUTES.get(route);
  if (entity) prefetchListPage(queryClient, crmListOptions(entity, search), { search, orgScope });
}

/** Global search finds the four kinds of record; each opens its detail page. */
type SearchKind = AreaSearchKinds[string];
const search: AreaSearchKinds = {
  contact: localized<SearchKind>({ label: '', path: (hit) => `/contact/${hit.short_id}` }, { label: 'search.contacts' }),
  business: localized<SearchKind>({ label: '', path: (hit) => `/business/${hit.short_id}` }, { label: 'search.businesses' }),
  household: localized<SearchKind>({ label: '', path: (hit) => `/household/${hit.short_id}` }, { label: 'search.households' }),
  user: localized<SearchKind>({ label: '', path: (hit) => `/user/${hit.short_id}` }, { label: 'search.orgUsers' }),
};

/** The CRM area: businesses, contacts, households and organisation users. */
const area = defineArea('crm', __STEWARD_APP_VERSION__, CrmRoutes, { prefetch, search });

export default area;
