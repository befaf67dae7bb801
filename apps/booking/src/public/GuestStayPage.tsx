import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from '@steward/libs/router';
import { answerReason, errorMessage } from '@steward/libs/data';
import { BookingFrame } from './BookingFrame';
import { useT } from '../i18n';
import { cancelStay, dayLabel, fetchStay, type StayView } from './bookingApi';
import { PayDeposit } from './PayDeposit';
import { StaySummary } from './StaySummary';
import { useBookingPage } from './usePublicBooking';

/** How long the page waits for the provider's word after the guest returns from paying (it asks every 2 s). */
const PAYMENT_WAIT_MS = 60_000;

/**
 * /book/<organisation>/stay/<token>: the guest's own booking, from the link in their e-mail; no account.
 * The card provider returns the guest here with ?payment=done (or cancelled); the deposit shows paid
 * once the provider's webhook has been recorded.
 */
export function GuestStayPage() {
  const t = useT();
  const { org = '', token = '' } = useParams();
  const [params] = useSearchParams();
  const returned = params.get('payment');
  const page = useBookingPage(org);
  const queryClient = useQueryClient();
  const key = ['public', 'booking_stay', token];
  const stay = useQuery<StayView>({
    queryKey: key,
    queryFn: () => fetchStay(token),
    retry: false,
    // Back from the provider's page before its webhook arrived: ask again until the deposit shows paid.
    refetchInterval: (query) =>
      returned === 'done' && query.state.data?.ok && !query.state.data.deposit_paid_at && Date.now() - query.state.dataUpdatedAt < PAYMENT_WAIT_MS ? 2000 : false,
  });
  const cancel = useMutation({
    mutationFn: () => cancelStay(token),
    onSuccess: (answer) => {
      if (answer.ok) queryClient.setQueryData(key, answer);
    },
  });
  const refusal = cancel.data && !cancel.data.ok ? answerReason(cancel.data) : cancel.isError ? errorMessage(cancel.error, t('stay.couldNotCancel')) : null;
  const info = page.data?.ok ? page.data : undefined;
  const data = stay.data;
  return (
    <BookingFrame info={info} title={t('stay.title')} bookedIn={data?.ok ? (data.language ?? null) : null}>
      {stay.isPending ? <p role="status">{t('common.loading')}</p> : null}
      {stay.isError ? <p role="alert" className="booking-alert">{errorMessage(stay.error, t('stay.couldNotLoad'))}</p> : null}
      {data && !data.ok ? <p role="alert" className="booking-alert">{answerReason(data)}</p> : null}
      {data?.ok ? (
        <section aria-label={t('stay.title')}>
          {returned === 'done' && data.deposit_paid_at ? (
            <p role="status" className="booking-done">{t('stay.depositPaid')}</p>
          ) : returned === 'done' && data.payment_method === 'card_link' ? (
            <p role="status">{t('stay.waitingForProvider')}</p>
          ) : returned === 'cancelled' && !data.deposit_paid_at ? (
            <p role="status">{t('stay.paymentCancelled')}</p>
          ) : null}
          <StaySummary stay={data} />
          <PayDeposit stay={data} token={token} />
          {data.status === 'Cancelled' ? <p role="status">{t('stay.isCancelled')}</p> : null}
          {refusal ? <p role="alert" className="booking-alert">{refusal}</p> : null}
          {data.can_cancel ? (
            <>
              <p className="booking-muted">{t('stay.cancelUntil', { date: data.cancel_until ? dayLabel(data.cancel_until) : '' })}</p>
              <button type="button" className="booking-button secondary" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
                {cancel.isPending ? t('stay.cancelling') : t('stay.cancel')}
              </button>
            </>
          ) : null}
        </section>
      ) : null}
    </BookingFrame>
  );
}
