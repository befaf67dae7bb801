import { Typography } from '@steward/libs/ui/antd';
import { Tabs } from '@steward/libs/ui/antd-data';
import { useSession } from '@steward/libs/session';
import { PageFrame } from '@steward/libs/ui';
import { BrandingTab } from './BrandingTab';
import { ComponentsTab } from './ComponentsTab';
import { OrgDataTab } from './OrgDataTab';
import { useT } from '../i18n';

/** /orgsettings: tabs Org Data, Branding and Components for the active organisation. */
export function OrgSettingsPage() {
  const t = useT();
  const { orgName, loading } = useSession();
  if (!orgName) return <Typography.Text>{loading ? t('common.loading') : t('org.noneSelected')}</Typography.Text>;
  return (
    <PageFrame title={t('org.title')}>
      <Tabs
        destroyOnHidden
        items={[
          { key: 'data', label: t('org.tab.data'), children: <OrgDataTab orgName={orgName} /> },
          { key: 'branding', label: t('org.tab.branding'), children: <BrandingTab orgName={orgName} /> },
          { key: 'components', label: t('components.title'), children: <ComponentsTab orgName={orgName} /> },
        ]}
      />
    </PageFrame>
  );
}
