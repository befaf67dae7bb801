import { Link } from '@steward/libs/router';
import { Col, Row, Typography } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';
import { PageFrame } from '@steward/libs/ui';

export const SETTINGS_PAGES = [
  { path: '/acctsettings', title: 'My Profile', description: 'Your name, contact details, time zone, language and avatar.' },
  { path: '/orgsettings', title: 'Organization Settings', description: 'Organisation data, branding and the components your organisation uses.' },
  { path: '/settings/integrations', title: 'Integrations', description: 'Payment, shop and webhook connections. Secrets are write-only.' },
  { path: '/settings/roles', title: 'Roles', description: 'Roles and what each may view, create, edit and delete.' },
  { path: '/settings/mail', title: 'E-mail', description: 'The sender name, signature and inbound address, templates with merge fields, and addresses that unsubscribed or bounced.' },
  { path: '/settings/fields', title: 'Fields', description: 'The fields your organisation keeps on contacts, businesses, reservations and every other kind of record.' },
] as const;

/** /settings: a small index of the settings pages. */
export function SettingsIndex() {
  return (
    <PageFrame title="Settings">
      <Row gutter={[16, 16]}>
        {SETTINGS_PAGES.map((page) => (
          <Col key={page.path} xs={24} md={12}>
            <Card>
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                <Link to={page.path}>{page.title}</Link>
              </Typography.Title>
              <Typography.Paragraph style={{ marginBottom: 0 }}>{page.description}</Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </PageFrame>
  );
}
