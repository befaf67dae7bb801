import { Link } from 'react-router';
import { Flex, Typography } from '@steward/libs/antd';
import { Tabs } from '@steward/libs/antd-data';
import { RecordTableCard } from '@steward/libs/list';
import { LODGING_TABS } from './lodgingTables';

/** /reservationsettings (001 §2): '← Go back' to /settings, 'Lodging Settings', one generic table per tab. */
export function LodgingSettingsPage() {
  return (
    <Flex vertical gap={12}>
      <Link to="/settings">← Go back</Link>
      <Typography.Title level={2} style={{ margin: 0 }}>
        Lodging Settings
      </Typography.Title>
      <Tabs
        aria-label="Lodging settings sections"
        destroyOnHidden
        items={LODGING_TABS.map((tab) => ({
          key: tab.key,
          label: tab.tab,
          children: <RecordTableCard title={tab.title} label={tab.label} table={tab.table} fields={tab.fields} columnFields={tab.columnFields} />,
        }))}
      />
    </Flex>
  );
}
