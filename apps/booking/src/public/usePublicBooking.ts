import { useQuery } from '@tanstack/react-query';
import { fetchBookingPage, type BookingPageInfo } from './bookingApi';

/** The organisation's public booking page (name, branding, rules), read once per visit. */
export function useBookingPage(org: string) {
  return useQuery<BookingPageInfo>({ queryKey: ['public', 'booking_page', org], queryFn: () => fetchBookingPage(org), staleTime: 5 * 60_000, retry: false });
}
