import { Route, Routes } from '@steward/libs/router';
import { defineArea, type AreaSearchKinds } from '@steward/libs/federation';
import { ReservationsPage } from './timeline/ReservationsPage';
import { LodgingSettingsPage } from './settings/LodgingSettingsPage';

function LodgingRoutes() {
  return (
    <Routes>
      <Route path="reservations" element={<ReservationsPage />} />
      <Route path="reservationsettings" element={<LodgingSettingsPage />} />
    </Routes>
  );
}

/** The Lodging area: the reservation timeline and Lodging Settings. */
/** Global search: a reservation opens the timeline, an accommodation Lodging Settings (neither has a page of its own). */
const search: AreaSearchKinds = {
  reservation: { label: 'Reservations', path: () => '/reservations' },
  accommodation: { label: 'Accommodations', path: () => '/reservationsettings' },
};

const area = defineArea('lodging', __STEWARD_APP_VERSION__, LodgingRoutes, { search });

export default area;
