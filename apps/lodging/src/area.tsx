import { Route, Routes } from 'react-router';
import { AREA_TITLES, routesOwnedBy, type RemoteArea } from '@steward/libs/federation';
import { LodgingSettingsPage } from './settings/LodgingSettingsPage';
import { ReservationTimeline } from './timeline/ReservationTimeline';

function LodgingRoutes() {
  return (
    <Routes>
      <Route path="reservations" element={<ReservationTimeline />} />
      <Route path="reservationsettings" element={<LodgingSettingsPage />} />
    </Routes>
  );
}

/** Lodging: the reservation timeline and Lodging Settings. */
const area: RemoteArea = {
  name: 'lodging',
  title: AREA_TITLES.lodging,
  version: __STEWARD_APP_VERSION__,
  paths: routesOwnedBy('lodging').map((route) => route.path),
  Routes: LodgingRoutes,
};

export default area;
