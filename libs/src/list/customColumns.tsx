// An organisation's own fields as list columns: shown, filtered (the operators their type allows),
// sorted and exported by their label, from the definitions read once per organisation.
import { useMemo } from 'react';
import { CustomValue, customFieldName, customValueOf, customValueText, useCustomFieldsOfKind, type CustomFieldDef } from '@steward/libs/data';
import { useSession } from '@steward/libs/session';
import type { FilterFieldType } from '@steward/libs/filter';
import type { ListColumn } from './listColumn';

type Row0 = Record<string, unknown>;

const FILTER_TYPE: Readonly<Record<CustomFieldDef['field_type'], FilterFieldType | false>> = {
  short_text: 'text',
  long_text: 'text',
  email: 'text',
  phone: 'text',
  url: 'text',
  number: 'number',
  currency: 'number',
  date: 'date',
  boolean: 'boolean',
  single_choice: 'choice',
  multiple_choice: 'multi_choice',
  // A link is filtered on the record page's own lists (a contact's linked records), not by id here.
  link: false,
};

/** How a field of this type filters (false: not offered). */
export function filterTypeOf(field: Pick<CustomFieldDef, 'field_type'>): FilterFieldType | false {
  return FILTER_TYPE[field.field_type];
}

/**
 * The column of one field: `custom.<id>`, titled with its label, reading the row's `custom`; its cell
 * and its CSV value read the same (choice labels, Yes/No, money in the organisation's currency).
 */
export function customColumn<Row extends Row0>(field: CustomFieldDef, { currency, orgScope = [] }: { currency?: string; orgScope?: readonly string[] } = {}): ListColumn<Row> {
  const name = customFieldName(field.id);
  const filterType = filterTypeOf(field);
  return {
    key: name,
    title: field.label,
    field: name,
    reads: ['custom'],
    sortable: field.field_type !== 'multiple_choice',
    filterable: filterType,
    ...(field.field_type === 'single_choice' || field.field_type === 'multiple_choice'
      ? { filterOptions: field.choices.map((choice) => ({ value: choice.id, label: choice.archived ? `${choice.label} (archived)` : choice.label })) }
      : {}),
    render: (row) => <CustomValue field={field} row={row} currency={currency} orgScope={orgScope} />,
    exportValue: (row) => customValueText(field, customValueOf(row, field.id), { currency }) || null,
  };
}

/** The columns of a kind's fields (unarchived, in the owner's order). */
export function useCustomColumns<Row extends Row0>(kind: string | null) {
  const { orgName, orgScope } = useSession();
  const { definitions, currency, isLoading } = useCustomFieldsOfKind(kind, orgName);
  const columns = useMemo(() => definitions.map((field) => customColumn<Row>(field, { currency, orgScope })), [definitions, currency, orgScope]);
  return { columns, definitions, isLoading };
}
