import { Link } from '@steward/libs/router';
import { Typography } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';
import { useSession } from '@steward/libs/session';
import { PageFrame } from '@steward/libs/ui';

/** /online-booking: where the organisation's public booking page is, and where its rules are set. */
export function BookingPage() {
  const { orgName } = useSession();
  const path = orgName ? `/book/${encodeURIComponent(orgName)}` : null;
  const url = path ? `${window.location.origin}${path}` : null;
  return (
    <PageFrame title="Online Booking">
      <Card>
        <Typography.Paragraph>
          Guests book your accommodations themselves, without an account, on your public booking page:{' '}
          {url && path ? (
            <a href={path} data-testid="public-booking-link">
              {url}
            </a>
          ) : (
            '—'
          )}
        </Typography.Paragraph>
        <Typography.Paragraph>
          Prices come from your rates, exactly as the desk quotes them. A booking arrives on the reservation timeline as a tentative
          stay (or confirmed, for a class booked without confirmation), with the guest as a contact; confirm or cancel it from the
          timeline and the guest is e-mailed. A request nobody confirms within the hold time lapses and frees its unit.
        </Typography.Paragraph>
        <Typography.Paragraph>
          The deposit, how it is paid, the hold time and the cancellation rule are under{' '}
          <Link to="/reservationsettings">Lodging Settings → Taxes &amp; Fees</Link>; which classes are booked without confirmation,
          under its Classes tab; its Online Booking tab sums them up. A deposit by card is taken through Stripe once your Stripe keys are
          entered under Settings → Integrations (until then it is asked for on arrival). Online booking is switched on or off for the
          organisation under Organization Settings → Components.
        </Typography.Paragraph>
      </Card>
    </PageFrame>
  );
}
