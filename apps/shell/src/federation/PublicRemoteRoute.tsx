import { useCallback } from 'react';
import { RemoteBoundary } from '@steward/libs/area';
import { loadArea, peekArea } from './remoteLoader';

/**
 * /book/…: the Online Booking area's public pages, for guests who never sign in. No session, no
 * organisation switcher and no component check here: the area asks the database, whose public booking
 * functions answer only for an organisation that enabled online booking.
 */
export function PublicRemoteRoute() {
  const load = useCallback((attempt: number) => loadArea('booking', attempt > 0), []);
  const peek = useCallback(() => peekArea('booking'), []);
  return <RemoteBoundary name="booking" load={load} peek={peek} />;
}
