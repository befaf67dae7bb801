import { useQuery } from '@tanstack/react-query';
import { Alert, Typography } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';
import { errorMessage, queryKeys } from '@steward/libs/data';
import { getRuntimeConfig } from '@steward/libs/runtime-config';
import { DataTable } from '@steward/libs/list';
import { useSession } from '@steward/libs/session';
import { fetchOnlineBooking, type BookingClass } from './onlineBookingApi';
import { useT } from '../i18n';


/**
 * Lodging Settings → Online Booking: the public booking page's address, which classes are booked
 * without confirmation and how long a request holds, and how the deposit is paid — with whether card
 * payment is switched on (the organisation's Stripe keys under Settings → Integrations).
 */
export function OnlineBookingCard() {
  const t = useT();
  const { orgName } = useSession();
  const state = useQuery({ queryKey: [...queryKeys.schema('catalog'), 'online_booking_settings', orgName], queryFn: () => fetchOnlineBooking(orgName ?? ''), enabled: Boolean(orgName) });
  const path = orgName ? `/book/${encodeURIComponent(orgName)}` : null;
  const settings = state.data?.settings;
  const method = settings?.deposit_method ?? 'on_arrival';
  const cardOn = state.data?.keys?.some((key) => key.is_active && key.api_secret_set && key.webhook_secret_set) ?? false;
  const webhookUrl = `${new URL(`${getRuntimeConfig().supabaseUrl.replace(/\/$/, '')}/`, window.location.href).href}functions/v1/payments/webhook/stripe`;
  return (
    <Card title={t('online.title')}>
      {state.error ? <Alert type="error" showIcon title={errorMessage(state.error, t('online.loadFailed'))} /> : null}
      <Typography.Paragraph>
        {t('online.publicPage')}{' '}
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
          ? t('online.deposit', { percent: settings.deposit_percent, method })
          : t('online.noDeposit')}{' '}
        {t('online.rules', { hours: settings?.booking_hold_hours ?? 24, days: settings?.booking_cancel_days ?? 2 })}
      </Typography.Paragraph>
      {method === 'card_link' ? (
        cardOn ? (
          <Alert type="success" showIcon data-testid="settings-card-payment" title={t('online.cardOn')} />
        ) : (
          <Alert
            type="warning"
            showIcon
            data-testid="settings-card-payment"
            title={t('online.cardOff')}
            description={
              <>
                {t.rich('online.cardHow', {
                  url: () => (
                    <Typography.Text key="url" code copyable>
                      {webhookUrl}
                    </Typography.Text>
                  ),
                })}
              </>
            }
          />
        )
      ) : null}
      <div style={{ marginTop: 12 }}>
        <DataTable<BookingClass>
          label={t('online.classes')}
          rowKey={(row) => row.id}
          rows={state.data?.classes ?? []}
          placeholder={t('online.noClasses')}
          columns={[
            { key: 'name', title: t('online.class') },
            { key: 'instant', title: t('online.bookings'), render: (row) => (row.booking_instant ? t('online.atOnce') : t('online.waits')) },
          ]}
        />
      </div>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {t('online.howInstant')}
      </Typography.Paragraph>
    </Card>
  );
}
