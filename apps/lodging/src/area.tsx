import { Route, Routes } from '@steward/libs/router';
import { defineArea, type AreaSearchKind, type AreaSearchKinds } from '@steward/libs/shell';
import { lazyAntdPage, LoadingText } from '@steward/libs/ui';
import { ReservationsPage } from './timeline/ReservationsPage';
import { localized } from './i18n';

/*
 * Only the reservation timeline is bundled with the area (its busiest first screen); the other pages
 * load when first opened, so what they draw with (antd's data components, the record editor) is not
 * fetched before the timeline can draw.
 */
const loading = <p style={{ margin: 0 }}><LoadingText /></p>;
const TodayPage = lazyAntdPage(() => import('./desk/TodayPage').then((module) => ({ default: module.TodayPage })), loading);
const FolioPage = lazyAntdPage(() => import('./desk/FolioPage').then((module) => ({ default: module.FolioPage })), loading);
const LodgingSettingsPage = lazyAntdPage(() => import('./settings/LodgingSettingsPage').then((module) => ({ default: module.LodgingSettingsPage })), loading);

function LodgingRoutes() {
  return (
    <Routes>
      <Route path="reservations" element={<ReservationsPage />} />
      <Route path="frontdesk" element={<TodayPage />} />
      <Route path="folio/:id" element={<FolioPage />} />
      <Route path="reservationsettings" element={<LodgingSettingsPage />} />
    </Routes>
  );
}

/** The Lodging area: the reservation timeline, the front desk and its folios, and Lodging Settings. */
/** Global search: a reservation opens its booking on the timeline, an accommodation Lodging Settings (neither has a page of its own). */
const search: AreaSearchKinds = {
  // Named when shown, in the page's language at that moment.
  reservation: localized<AreaSearchKind>({ label: '', path: (hit) => `/reservations?stay=${encodeURIComponent(hit.id)}` }, { label: 'search.reservations' }),
  accommodation: localized<AreaSearchKind>({ label: '', path: () => '/reservationsettings' }, { label: 'search.accommodations' }),
};

const area = defineArea('lodging', __STEWARD_APP_VERSION__, LodgingRoutes, { search });

export default area;
