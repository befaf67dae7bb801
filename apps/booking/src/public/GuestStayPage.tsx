import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@steward/libs/router';
import { errorMessage } from '@steward/libs/data';
import { BookingFrame } from './BookingFrame';
import { cancelStay, dayLabel, fetchStay, type StayView } from './bookingApi';
import { StaySummary } from './StaySummary';
import { useBookingPage } from './usePublicBooking';

/** /book/<organisation>/stay/<token>: the guest's own booking, from the link in their e-mail; no account. */
export function GuestStayPage() {
  const { org = '', token = '' } = useParams();
  const page = useBookingPage(org);
  const queryClient = useQueryClient();
  const key = ['public', 'booking_stay', token];
  const stay = useQuery<StayView>({ queryKey: key, queryFn: () => fetchStay(token), retry: false });
  const cancel = useMutation({
    mutationFn: () => cancelStay(token),
    onSuccess: (answer) => {
      if (answer.ok) queryClient.setQueryData(key, answer);
    },
  });
  const refusal = cancel.data && !cancel.data.ok ? cancel.data.reason : cancel.isError ? errorMessage(cancel.error, 'The booking could not be cancelled. Try again in a moment.') : null;
  const info = page.data?.ok ? page.data : undefined;
  return (
    <BookingFrame info={info} title="Your booking">
      {stay.isPending ? <p role="status">Loading…</p> : null}
      {stay.isError ? <p role="alert" className="booking-alert">{errorMessage(stay.error, 'This booking could not load. Try again in a moment.')}</p> : null}
      {stay.data && !stay.data.ok ? <p role="alert" className="booking-alert">{stay.data.reason}</p> : null}
      {stay.data?.ok ? (
        <section aria-label="Your booking">
          <StaySummary stay={stay.data} />
          {stay.data.status === 'Cancelled' ? <p role="status">This booking is cancelled.</p> : null}
          {refusal ? <p role="alert" className="booking-alert">{refusal}</p> : null}
          {stay.data.can_cancel ? (
            <>
              <p className="booking-muted">You can cancel free of charge until {stay.data.cancel_until ? dayLabel(stay.data.cancel_until) : ''}.</p>
              <button type="button" className="booking-button secondary" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
                {cancel.isPending ? 'Cancelling…' : 'Cancel this booking'}
              </button>
            </>
          ) : null}
        </section>
      ) : null}
    </BookingFrame>
  );
}
