import { Link } from 'react-router';
import { Card, Flex, Typography } from '@steward/libs/antd';

/** Where each setting lives; /settings is the index the other pages' "Go back" returns to. */
export const SETTINGS_PAGES = [
  { path: '/acctsettings', title: 'Account Settings', body: 'Your own profile: name, title, phone and preferences.' },
  { path: '/orgsettings', title: 'Organization Settings', body: 'Organisation details, branding and the areas enabled for it.' },
  { path: '/settings/integrations', title: 'Integrations', body: 'Payment, shop and webhook connections.' },
  { path: '/settings/roles', title: 'Roles', body: 'Roles and what each may see and change.' },
  { path: '/user-management', title: 'Users', body: 'Invite people and manage their profiles.' },
  { path: '/reservationsettings', title: 'Lodging Settings', body: 'Accommodations, rates, block-outs and files.' },
] as const;

export function SettingsIndexPage() {
  return (
    <Flex vertical gap={12}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Settings
      </Typography.Title>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {SETTINGS_PAGES.map((page) => (
          <li key={page.path}>
            <Card size="small">
              <Typography.Title level={3} style={{ fontSize: 16, marginTop: 0 }}>
                <Link to={page.path}>{page.title}</Link>
              </Typography.Title>
              <Typography.Text type="secondary">{page.body}</Typography.Text>
            </Card>
          </li>
        ))}
      </ul>
    </Flex>
  );
}
