import { Link } from 'react-router';
import { Flex, Typography } from '@steward/libs/antd';
import { Tabs } from '@steward/libs/antd-data';
import { useSession } from '@steward/libs/session';
import { BrandingTab } from './BrandingTab';
import { ComponentsTab } from './ComponentsTab';
import { OrgDataTab } from './OrgDataTab';

/** /orgsettings (001 §2): tabs Org Data, Branding, Components for the active organisation. */
export function OrgSettingsPage() {
  const { orgName } = useSession();
  return (
    <Flex vertical gap={12}>
      <Link to="/settings">← Go back</Link>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Organization Settings
      </Typography.Title>
      {!orgName ? (
        <Typography.Text>No organization found.</Typography.Text>
      ) : (
        <Tabs
          aria-label="Organization settings sections"
          destroyOnHidden
          items={[
            { key: 'data', label: 'Org Data', children: <OrgDataTab orgName={orgName} /> },
            { key: 'branding', label: 'Branding', children: <BrandingTab orgName={orgName} /> },
            { key: 'components', label: 'Components', children: <ComponentsTab orgName={orgName} /> },
          ]}
        />
      )}
    </Flex>
  );
}
