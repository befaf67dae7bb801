import { Typography } from '@steward/libs/ui/antd';
import { Tabs } from '@steward/libs/ui/antd-data';
import { useSession } from '@steward/libs/session';
import { PageFrame } from '@steward/libs/ui';
import { BrandingTab } from './BrandingTab';
import { ComponentsTab } from './ComponentsTab';
import { OrgDataTab } from './OrgDataTab';

/** /orgsettings: tabs Org Data, Branding and Components for the active organisation. */
export function OrgSettingsPage() {
  const { orgName, loading } = useSession();
  if (!orgName) return <Typography.Text>{loading ? 'Loading...' : 'No organization selected.'}</Typography.Text>;
  return (
    <PageFrame title="Organization Settings">
      <Tabs
        destroyOnHidden
        items={[
          { key: 'data', label: 'Org Data', children: <OrgDataTab orgName={orgName} /> },
          { key: 'branding', label: 'Branding', children: <BrandingTab orgName={orgName} /> },
          { key: 'components', label: 'Components', children: <ComponentsTab orgName={orgName} /> },
        ]}
      />
    </PageFrame>
  );
}
