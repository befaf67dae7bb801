import { Route, Routes } from '@steward/libs/router';
import { defineArea } from '@steward/libs/federation';
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
const area = defineArea('lodging', __STEWARD_APP_VERSION__, LodgingRoutes);

export default area;
