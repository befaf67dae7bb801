import { Link } from '@steward/libs/router';
import { Typography } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';
import { useSession } from '@steward/libs/session';
import { PageFrame } from '@steward/libs/ui';
import { useT } from '../i18n';

/** /online-booking: where the organisation's public booking page is, and where its rules are set. */
export function BookingPage() {
  const t = useT();
  const { orgName } = useSession();
  const path = orgName ? `/book/${encodeURIComponent(orgName)}` : null;
  const url = path ? `${window.location.origin}${path}` : null;
  return (
    <PageFrame title={t('staff.title')}>
      <Card>
        <Typography.Paragraph>
          {t('staff.publicPage')}{' '}
          {url && path ? (
            <a href={path} data-testid="public-booking-link">
              {url}
            </a>
          ) : (
            '—'
          )}
        </Typography.Paragraph>
        <Typography.Paragraph>{t('staff.howItArrives')}</Typography.Paragraph>
        <Typography.Paragraph>{t.rich('staff.whereRules', { link: (words) => <Link to="/reservationsettings">{words}</Link> })}</Typography.Paragraph>
      </Card>
    </PageFrame>
  );
}
