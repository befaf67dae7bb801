import { useT } from '../i18n';
import { PAYMENT_TEXT, stayDates, type StayView } from './bookingApi';
import { formatMoney } from '@steward/libs/i18n';

/** A booking as its guest sees it: the stay, the total, and the deposit with how to pay it. */
export function StaySummary({ stay }: { stay: StayView }) {
  const t = useT();
  const currency = stay.currency ?? 'USD';
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 16px', margin: '12px 0' }}>
      <dt>{t('summary.confirmation')}</dt>
      <dd style={{ margin: 0 }} data-testid="booking-confirmation">{stay.confirmation}</dd>
      <dt>{t('summary.status')}</dt>
      <dd style={{ margin: 0 }} data-testid="booking-status">{t('summary.statusValue', { status: stay.status ?? '' })}</dd>
      <dt>{t('summary.stay')}</dt>
      <dd style={{ margin: 0 }}>
        {t('summary.stayValue', { accommodation: stay.accommodation ?? '', dates: stay.check_in && stay.check_out ? stayDates(stay.check_in, stay.check_out) : '' })}
      </dd>
      <dt>{t('summary.total')}</dt>
      <dd style={{ margin: 0 }} data-testid="booking-total">{formatMoney(stay.total ?? 0, currency)}</dd>
      {stay.deposit_due && stay.deposit_due > 0 && stay.deposit_paid_at ? (
        <>
          <dt>{t('summary.deposit')}</dt>
          <dd style={{ margin: 0 }} data-testid="booking-deposit">
            {t('summary.paidByCard', { amount: formatMoney(stay.deposit_due, currency) })}
          </dd>
        </>
      ) : stay.deposit_due && stay.deposit_due > 0 ? (
        <>
          <dt>{t('summary.depositDue')}</dt>
          <dd style={{ margin: 0 }} data-testid="booking-deposit">
            {t('summary.due', { amount: formatMoney(stay.deposit_due, currency), method: t(PAYMENT_TEXT[stay.payment_method ?? 'on_arrival']) })}
            {stay.payment_method === 'bank_transfer' && stay.payment_reference ? <>{' '}{t('summary.reference', { reference: stay.payment_reference })}</> : null}
            {stay.payment_method === 'bank_transfer' && stay.bank_details ? ` (${stay.bank_details})` : ''}
          </dd>
        </>
      ) : null}
    </dl>
  );
}
