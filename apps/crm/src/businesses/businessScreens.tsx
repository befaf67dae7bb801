import type { AnyRow } from '@steward/libs/data-access';
import type { AddNewConfig, FieldDef } from '@steward/libs/editor';
import { addressColumn, contactMethodsColumn, nameColumn, ownersColumn, statusColumn, textColumn, type ListColumn } from '@steward/libs/list';
import { RecordDetailPage } from '../records/RecordDetailPage';
import { RecordListPage } from '../records/RecordListPage';
import { LOGO_FIELD, STATUS_FIELD, ownerField } from '../records/recordFields';
import { BUSINESS } from '../records/recordKinds';

const TYPE_FIELD: FieldDef = { name: 'type_id', label: 'Type', required: true, relation: { schema: 'crm', table: 'business_types', valueField: 'id', labelField: 'name' } };

/** Businesses list (000 §2): Name with the dba line, Type, Contact Methods, Address, Owner(s), Status. */
export const businessColumns: readonly ListColumn<AnyRow>[] = [
  nameColumn({ href: (row) => BUSINESS.detailPath(String(row.short_id)), beneath: (row) => (row.dba_name ? `dba ${String(row.dba_name)}` : null) }),
  textColumn('type_name', 'Type'),
  contactMethodsColumn(),
  addressColumn(),
  ownersColumn(),
  statusColumn(),
];

/** The inline editor's fields of a business. */
export const businessFields: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'dba_name', label: 'DBA name' },
  TYPE_FIELD,
  STATUS_FIELD,
  { name: 'description', label: 'Description', type: 'textarea' },
  ownerField('primary_owner_id', 'Primary owner'),
  ownerField('secondary_owner_id', 'Secondary owner'),
  LOGO_FIELD,
];

/** Add New Business (000 §5): name and type required; optional primary address, phone and e-mail. */
export const addBusiness: AddNewConfig<AnyRow> = {
  table: BUSINESS.table,
  entityLabel: 'Business',
  failureNoun: 'business',
  ownerColumn: 'business_id',
  secondary: { phone: true, email: true, address: true },
  fields: [{ name: 'name', label: 'Name', required: true }, { name: 'dba_name', label: 'DBA name' }, TYPE_FIELD],
};

export function BusinessesPage() {
  return <RecordListPage title="Businesses" view={BUSINESS.view} columns={businessColumns} addNew={addBusiness} />;
}

export function BusinessDetailPage() {
  return <RecordDetailPage kind={BUSINESS} fields={businessFields} />;
}
