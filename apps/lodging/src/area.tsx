import { Route, Routes } from '@steward/libs/router';
import { defineArea, type AreaSearchKinds } from '@steward/libs/federation';
import { ReservationsPage } from './timeline/ReservationsPage';
import { LodgingSettingsPage } from './settings/LodgingSettingsPage';
import { FolioPage } from './desk/FolioPage';
import { TodayPage } from './desk/TodayPage';

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
/** Global search: a reservation opens the timeline, an accommodation Lodging Settings (neither has a page of its own). */
const search: AreaSearchKinds = {
  reservation: { label: 'Reservations', path: () => '/reservations' },
  accommodation: { label: 'Accommodations', path: () => '/reservationsettings' },
};

const area = defineArea('lodging', __STEWARD_APP_VERSION__, LodgingRoutes, { search });

export default area;
