import { lazy, type ReactNode } from 'react';
import { Route, Routes } from '@steward/libs/router';
import { defineArea, type AreaSearchKinds } from '@steward/libs/federation';
import { LOADING_TEXT } from '@steward/libs/list';
import { AntdTheme } from '@steward/libs/ui';
import { ReservationsPage } from './timeline/ReservationsPage';

/*
 * Only the reservation timeline is bundled with the area (its busiest first screen); the other pages
 * load when first opened, so what they draw with (antd's data components, the record editor) is not
 * fetched before the timeline can draw.
 */
const TodayPage = lazy(() => import('./desk/TodayPage').then((module) => ({ default: module.TodayPage })));
const FolioPage = lazy(() => import('./desk/FolioPage').then((module) => ({ default: module.FolioPage })));
const LodgingSettingsPage = lazy(() => import('./settings/LodgingSettingsPage').then((module) => ({ default: module.LodgingSettingsPage })));

function Loaded({ children }: { children: ReactNode }) {
  return <AntdTheme fallback={<p style={{ margin: 0 }}>{LOADING_TEXT}</p>}>{children}</AntdTheme>;
}

function LodgingRoutes() {
  return (
    <Routes>
      <Route path="reservations" element={<ReservationsPage />} />
      <Route path="frontdesk" element={<Loaded><TodayPage /></Loaded>} />
      <Route path="folio/:id" element={<Loaded><FolioPage /></Loaded>} />
      <Route path="reservationsettings" element={<Loaded><LodgingSettingsPage /></Loaded>} />
    </Routes>
  );
}

/** The Lodging area: the reservation timeline, the front desk and its folios, and Lodging Settings. */
/** Global search: a reservation opens its booking on the timeline, an accommodation Lodging Settings (neither has a page of its own). */
const search: AreaSearchKinds = {
  reservation: { label: 'Reservations', path: (hit) => `/reservations?stay=${encodeURIComponent(hit.id)}` },
  accommodation: { label: 'Accommodations', path: () => '/reservationsettings' },
};

const area = defineArea('lodging', __STEWARD_APP_VERSION__, LodgingRoutes, { search });

export default area;
