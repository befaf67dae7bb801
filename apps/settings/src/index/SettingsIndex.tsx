import { Link } from '@steward/libs/router';
import { Col, Row, Typography } from '@steward/libs/ui/antd';
import { Card } from '@steward/libs/ui/antd-data';
import { PageFrame } from '@steward/libs/ui';
import { useT, type SettingsMessageId } from '../i18n';

export const SETTINGS_PAGES: readonly { path: string; title: SettingsMessageId; description: SettingsMessageId }[] = [
  { path: '/acctsettings', title: 'profile.title', description: 'index.profile' },
  { path: '/orgsettings', title: 'org.title', description: 'index.org' },
  { path: '/settings/integrations', title: 'integrations.title', description: 'index.integrations' },
  { path: '/settings/roles', title: 'roles.title', description: 'index.roles' },
  { path: '/settings/mail', title: 'email.title', description: 'index.mail' },
  { path: '/settings/fields', title: 'fields.title', description: 'index.fields' },
];

/** /settings: a small index of the settings pages. */
export function SettingsIndex() {
  const t = useT();
  return (
    <PageFrame title={t('index.title')}>
      <Row gutter={[16, 16]}>
        {SETTINGS_PAGES.map((page) => (
          <Col key={page.path} xs={24} md={12}>
            <Card>
              <Typography.Title level={4} style={{ marginTop: 0 }}>
                <Link to={page.path}>{t(page.title)}</Link>
              </Typography.Title>
              <Typography.Paragraph style={{ marginBottom: 0 }}>{t(page.description)}</Typography.Paragraph>
            </Card>
          </Col>
        ))}
      </Row>
    </PageFrame>
  );
}
