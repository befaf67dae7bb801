import { Route, Routes } from 'react-router';
import { AREA_TITLES, routesOwnedBy, type RemoteArea } from '@steward/libs/federation';
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
const area: RemoteArea = {
  name: 'lodging',
  title: AREA_TITLES.lodging,
  version: __STEWARD_APP_VERSION__,
  paths: routesOwnedBy('lodging').map((route) => route.path),
  Routes: LodgingRoutes,
};

export default area;
