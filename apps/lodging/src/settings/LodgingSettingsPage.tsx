import { Link } from '@steward/libs/router';
import { Tabs } from '@steward/libs/ui/antd-data';
import { tableRef, type AnyRow } from '@steward/libs/data';
import { RecordTableCard } from '@steward/libs/list';
import { PageFrame } from '@steward/libs/ui';
import { CalendarFeedsCard } from './CalendarFeedsCard';
import { CurrencyNote } from './CurrencyNote';
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
  inLanguage,
} from './lodgingFields';
import { useMemo } from 'react';
import { useLanguage } from '@steward/libs/i18n';
import { useT } from '../i18n';

const catalog = (table: string) => tableRef<AnyRow>('catalog', table);

const TABS = [
  { key: 'accommodations', tab: 'tab.accommodations', title: 'tab.accommodations', label: 'tab.accommodation', table: catalog('accommodations'), fields: accommodationFields, customKind: 'accommodation' },
  { key: 'types', tab: 'tab.types', title: 'tab.types', label: 'tab.type', table: catalog('accommodation_types'), fields: accommodationTypeFields },
  { key: 'classes', tab: 'tab.classes', title: 'tab.classes', label: 'tab.class', table: catalog('accommodation_classes'), fields: accommodationClassFields },
  { key: 'amenities', tab: 'tab.amenities', title: 'tab.amenities', label: 'tab.amenity', table: catalog('amenities'), fields: amenityFields },
  // Rate Types shows only name and description.
  { key: 'rate-types', tab: 'tab.rateTypes', title: 'tab.rateTypes', label: 'tab.rateType', table: catalog('accommodation_rate_types'), fields: rateTypeFields, columnFields: ['name', 'description'] },
  { key: 'rates', tab: 'tab.rates', title: 'tab.rates', label: 'tab.rate', table: catalog('accommodation_rates'), fields: rateFields },
  { key: 'blocks', tab: 'tab.blocks', title: 'tab.blockOuts', label: 'tab.blockOut', table: catalog('accommodation_blocks'), fields: blockOutFields },
  { key: 'files', tab: 'tab.files', title: 'tab.filesImages', label: 'tab.file', table: catalog('accommodation_files'), fields: accommodationFileFields },
  // The front desk's additions: taxes and fees on a stay, and the units' calendar feeds.
  { key: 'taxes', tab: 'tab.taxesFees', title: 'tab.taxesFees', label: 'tab.taxesFees', table: catalog('lodging_settings'), fields: lodgingSettingsFields },
] as const;

/** /reservationsettings 'Lodging Settings': one generic-editor card per lodging table, then taxes and fees and the calendar feeds. */
export function LodgingSettingsPage() {
  const t = useT();
  const { locale } = useLanguage();
  // Each tab's fields in the page's language, made again when it changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels follow the page's language.
  const fields = useMemo(() => new Map(TABS.map((tab) => [tab.key, inLanguage(tab.fields)])), [locale]);
  return (
    <PageFrame title={t('settings.title')}>
      <Link to="/settings">{t('settings.goBack')}</Link>
      <Tabs
        className="stw-lodging-settings"
        destroyOnHidden
        items={[
          ...TABS.map((tab) => ({
            key: tab.key,
            label: t(tab.tab),
            children: (
              <>
                {tab.key === 'taxes' ? <CurrencyNote /> : null}
                <RecordTableCard title={t(tab.title)} label={t(tab.label)} table={tab.table} fields={fields.get(tab.key) ?? []} {...('columnFields' in tab ? { columnFields: tab.columnFields } : {})} {...('customKind' in tab ? { customKind: tab.customKind } : {})} />
              </>
            ),
          })),
          { key: 'feeds', label: t('tab.calendarFeeds'), children: <CalendarFeedsCard /> },
          { key: 'online-booking', label: t('tab.onlineBooking'), children: <OnlineBookingCard /> },
        ]}
      />
    </PageFrame>
  );
}
