import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { getRuntimeConfig } from '@steward/libs/runtime-config';
import { DataTable } from '@steward/libs/list';
import { useSession } from '@steward/libs/session';
import { fetchOnlineBooking, type BookingClass, type BookingSettings } from './onlineBookingApi';

const METHOD_TEXT: Record<BookingSettings['deposit_method'], string> = {
  on_arrival: 'on arrival',
  bank_transfer: 'by bank transfer, with the stay’s reference (BOOKING <confirmation>) shown to the guest and in the mail',
  card_link: 'by card: the guest pays on the payment provider’s page from their booking',
};

/**
 * Lodging Settings → Online Booking: the public booking page's address, which classes are booked
 * without confirmation and how long a request holds, and how the deposit is paid — with whether card
 * payment is switched on (the organisation's Stripe keys under Settings → Integrations).
 */
export function OnlineBookingCard() {
  const { orgName } = useSession();
  const state = useQuery({ queryKey: [...queryKeys.schema('catalog'), 'online_booking_settings', orgName], queryFn: () => fetchOnlineBooking(orgName ?? ''), enabled: Boolean(orgName) });
  const path = orgName ? `/book/${encodeURIComponent(orgName)}` : null;
  const settings = state.data?.settings;
  const method = settings?.deposit_method ?? 'on_arrival';
  const cardOn = state.data?.keys?.some((key) => key.is_active && key.api_secret_set && key.webhook_secret_set) ?? false;
  const webhookUrl = `${new URL(`${getRuntimeConfig().supabaseUrl.replace(/\/$/, '')}/`, window.location.href).href}functions/v1/payments/webhook/stripe`;
  return (
    <Card title="Online Booking">
      {state.error ? <Alert type="error" showIcon title={errorMessage(state.error, 'Failed to load the online booking settings.')} /> : null}
      <Typography.Paragraph>
        Your public booking page:{' '}
        {path ? (
          <a href={path} data-testid="settings-booking-link">
            {`${window.location.origin}${path}`}
          </a>
        ) : (
          '—'
        )}
      </Typography.Paragraph>
      <Typography.Paragraph data-testid="settings-booking-deposit">
        {settings && settings.deposit_percent > 0
          ? `Deposit: ${settings.deposit_percent} % of the total, paid ${METHOD_TEXT[method]}.`
          : 'No deposit is asked for.'}{' '}
        A request nobody confirms holds its unit for {settings?.booking_hold_hours ?? 24} hours; guests cancel from their link until{' '}
        {settings?.booking_cancel_days ?? 2} days before check-in. Change these under Taxes &amp; Fees.
      </Typography.Paragraph>
      {method === 'card_link' ? (
        cardOn ? (
          <Alert type="success" showIcon data-testid="settings-card-payment" title="Card payment is on: your Stripe keys are entered." />
        ) : (
          <Alert
            type="warning"
            showIcon
            data-testid="settings-card-payment"
            title="Card payment is off until your Stripe keys are entered: guests are asked to pay the deposit on arrival."
            description={
              <>
                Under Settings → Integrations, add one of type Stripe with your secret key as API Secret and, as Webhook Secret, the signing secret of a
                Stripe webhook endpoint at <Typography.Text code copyable>{webhookUrl}</Typography.Text> for the events checkout.session.completed and
                checkout.session.async_payment_succeeded.
              </>
            }
          />
        )
      ) : null}
      <div style={{ marginTop: 12 }}>
        <DataTable<BookingClass>
          label="Classes booked online"
          rowKey={(row) => row.id}
          rows={state.data?.classes ?? []}
          placeholder="No classes yet: a unit without a class waits for the desk to confirm."
          columns={[
            { key: 'name', title: 'Class' },
            { key: 'instant', title: 'Online bookings', render: (row) => (row.booking_instant ? 'Confirmed at once' : 'Wait for the desk to confirm') },
          ]}
        />
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        A class is confirmed at once when its “Booked Online Without Confirmation” is on (the Classes tab).
      </Typography.Paragraph>
    </Card>
  );
}
