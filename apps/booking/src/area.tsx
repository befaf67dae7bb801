import { Route, Routes, useLocation } from '@steward/libs/router';
import { defineArea } from '@steward/libs/federation';
import { BookingPage } from './booking/BookingPage';
import { GuestStayPage } from './public/GuestStayPage';
import { PublicBookingPage } from './public/PublicBookingPage';

/**
 * Staff reach /online-booking inside the signed-in layout; guests reach /book/<organisation> (and their
 * booking's own page) from the shell's public route, without a session. The shell mounts the public
 * part under /book, so its paths here are relative to it.
 */
function BookingRoutes() {
  const { pathname } = useLocation();
  if (/^\/book\//i.test(pathname)) {
    return (
      <Routes>
        <Route path=":org" element={<PublicBookingPage />} />
        <Route path=":org/stay/:token" element={<GuestStayPage />} />
      </Routes>
    );
  }
  return (
    <Routes>
      <Route path="online-booking" element={<BookingPage />} />
    </Routes>
  );
}

/** The Online Booking area: the public booking page of each organisation, and its settings for staff. */
const area = defineArea('booking', __STEWARD_APP_VERSION__, BookingRoutes);

export default area;
