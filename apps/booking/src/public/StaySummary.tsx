import { PAYMENT_TEXT, dayLabel, money, type StayView } from './bookingApi';

/** A booking as its guest sees it: the stay, the total, and the deposit with how to pay it. */
export function StaySummary({ stay }: { stay: StayView }) {
  const currency = stay.currency ?? 'USD';
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: '12px 0' }}>
      <dt>Confirmation</dt>
      <dd style={{ margin: 0 }} data-testid="booking-confirmation">{stay.confirmation}</dd>
      <dt>Status</dt>
      <dd style={{ margin: 0 }} data-testid="booking-status">{stay.status}</dd>
      <dt>Stay</dt>
      <dd style={{ margin: 0 }}>
        {stay.accommodation}, {stay.check_in ? dayLabel(stay.check_in) : ''} – {stay.check_out ? dayLabel(stay.check_out) : ''}
      </dd>
      <dt>Total</dt>
      <dd style={{ margin: 0 }} data-testid="booking-total">{money(stay.total ?? 0, currency)}</dd>
      {stay.deposit_due && stay.deposit_due > 0 && stay.deposit_paid_at ? (
        <>
          <dt>Deposit</dt>
          <dd style={{ margin: 0 }} data-testid="booking-deposit">
            {money(stay.deposit_due, currency)} paid by card
          </dd>
        </>
      ) : stay.deposit_due && stay.deposit_due > 0 ? (
        <>
          <dt>Deposit due</dt>
          <dd style={{ margin: 0 }} data-testid="booking-deposit">
            {money(stay.deposit_due, currency)}, {PAYMENT_TEXT[stay.payment_method ?? 'on_arrival']}
            {stay.payment_method === 'bank_transfer' && stay.payment_reference ? ` with the reference ${stay.payment_reference}` : ''}
            {stay.payment_method === 'bank_transfer' && stay.bank_details ? ` (${stay.bank_details})` : ''}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
