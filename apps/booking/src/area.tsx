import { Route, Routes, useLocation } from '@steward/libs/router';
import { defineArea } from '@steward/libs/shell';
import { lazyAntdPage } from '@steward/libs/ui';
import { GuestStayPage } from './public/GuestStayPage';
import { PublicBookingPage } from './public/PublicBookingPage';
import { PublicQueries } from './public/PublicQueries';
import { useT } from './i18n';

function Loading() {
  const t = useT();
  return <p style={{ margin: 0 }}>{t('common.loading')}</p>;
}

// The staff page is drawn with antd and loads when opened: a guest's page needs none of it, so a phone
// fetches only the plain booking page's code.
const BookingPage = lazyAntdPage(() => import('./booking/BookingPage').then((module) => ({ default: module.BookingPage })), <Loading />);

/**
 * Staff reach /online-booking inside the signed-in layout; guests reach /book/<organisation> (and their
 * booking's own page) from the shell's public route, without a session. The shell mounts the public
 * part under /book, so its paths here are relative to it.
 */
function BookingRoutes() {
  const { pathname } = useLocation();
  if (/^\/book\//i.test(pathname)) {
    return (
      <PublicQueries>
        <Routes>
          <Route path=":org" element={<PublicBookingPage />} />
          <Route path=":org/stay/:token" element={<GuestStayPage />} />
        </Routes>
      </PublicQueries>
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
