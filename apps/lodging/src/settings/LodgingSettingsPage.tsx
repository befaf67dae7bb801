import { Link } from '@steward/libs/router';
import { Tabs } from '@steward/libs/ui/antd-data';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { RecordTableCard } from '@steward/libs/list';
import { PageFrame } from '@steward/libs/ui';
import { CalendarFeedsCard } from './CalendarFeedsCard';
import { OnlineBookingCard } from './OnlineBookingCard';
import {
  accommodationClassFields,
  accommodationFields,
  accommodationFileFields,
  accommodationTypeFields,
  amenityFields,
  blockOutFields,
  lodgingSettingsFields,
  rateFields,
  rateTypeFields,
} from './lodgingFields';

const catalog = (table: string) => tableRef<AnyRow>('catalog', table);

const TABS = [
  { key: 'accommodations', tab: 'Accommodations', title: 'Accommodations', label: 'Accommodation', table: catalog('accommodations'), fields: accommodationFields, customKind: 'accommodation' },
  { key: 'types', tab: 'Types', title: 'Types', label: 'Type', table: catalog('accommodation_types'), fields: accommodationTypeFields },
  { key: 'classes', tab: 'Classes', title: 'Classes', label: 'Class', table: catalog('accommodation_classes'), fields: accommodationClassFields },
  { key: 'amenities', tab: 'Amenities', title: 'Amenities', label: 'Amenity', table: catalog('amenities'), fields: amenityFields },
  // Rate Types shows only name and description.
  { key: 'rate-types', tab: 'Rate Types', title: 'Rate Types', label: 'Rate Type', table: catalog('accommodation_rate_types'), fields: rateTypeFields, columnFields: ['name', 'description'] },
  { key: 'rates', tab: 'Rates', title: 'Rates', label: 'Rate', table: catalog('accommodation_rates'), fields: rateFields },
  { key: 'blocks', tab: 'Blocks', title: 'Block Outs', label: 'Block Out', table: catalog('accommodation_blocks'), fields: blockOutFields },
  { key: 'files', tab: 'Files', title: 'Files / Images', label: 'File', table: catalog('accommodation_files'), fields: accommodationFileFields },
  // The front desk's additions: taxes and fees on a stay, and the units' calendar feeds.
  { key: 'taxes', tab: 'Taxes & Fees', title: 'Taxes & Fees', label: 'Taxes & Fees', table: catalog('lodging_settings'), fields: lodgingSettingsFields },
] as const;

/** /reservationsettings 'Lodging Settings': one generic-editor card per lodging table, then taxes and fees and the calendar feeds. */
export function LodgingSettingsPage() {
  return (
    <PageFrame title="Lodging Settings">
      <Link to="/settings">← Go back</Link>
      <Tabs
        className="stw-lodging-settings"
        destroyOnHidden
        items={[
          ...TABS.map((tab) => ({
            key: tab.key,
            label: tab.tab,
            children: <RecordTableCard title={tab.title} label={tab.label} table={tab.table} fields={tab.fields} {...('columnFields' in tab ? { columnFields: tab.columnFields } : {})} {...('customKind' in tab ? { customKind: tab.customKind } : {})} />,
          })),
          { key: 'feeds', label: 'Calendar Feeds', children: <CalendarFeedsCard /> },
          { key: 'online-booking', label: 'Online Booking', children: <OnlineBookingCard /> },
        ]}
      />
    </PageFrame>
  );
}
