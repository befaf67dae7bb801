// An organisation's own fields as list columns: shown, filtered (the operators their type allows),
// sorted and exported by their label, from the definitions read once per organisation.
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from '@steward/libs/router';
import { LoadingState } from '@steward/libs/ui';
import { useQuery } from '@tanstack/react-query';
import { CustomValue, customFieldName, linkSource, queryKeys, customValueOf, customValueText, useCustomFieldsOfKind, type CustomFieldDef } from '@steward/libs/data';
import { useSession } from '@steward/libs/session';
import type { FilterFieldType } from '@steward/libs/filter';
import { ColumnChooser, isFixedColumn, useColumnChooser } from './columnChooser';
import { SavedViews } from './SavedViews';
import { columnField, type ListColumn } from './listColumn';
import { idsOf, mergeCustomValues, readCustomValues, sensitiveKindOf } from './sensitiveValues';
import { t } from '@steward/libs/messages';

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
  // A link: the record picked by name in the Filters panel.
  link: 'link',
};

const yesNo = () => [
  { value: 'true', label: t('common.yes') },
  { value: 'false', label: t('common.no') },
];

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
    ...(field.sensitive ? { sensitiveKind: field.record_kind } : {}),
    sortable: field.field_type !== 'multiple_choice',
    filterable: filterType,
    ...(field.field_type === 'link' && linkSource(field) ? { filterRecords: linkSource(field)! } : {}),
    ...(field.field_type === 'single_choice' || field.field_type === 'multiple_choice'
      ? { filterOptions: field.choices.map((choice) => ({ value: choice.id, label: choice.archived ? t('columns.archivedChoice', { label: choice.label }) : choice.label })) }
      : {}),
    ...(field.field_type === 'single_choice'
      ? { bulkOptions: field.choices.filter((choice) => !choice.archived).map((choice) => ({ value: choice.id, label: choice.label })) }
      : field.field_type === 'boolean'
        ? { bulkOptions: yesNo() }
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

/** Whether a list's link filters or sorts on an organisation's field (`custom.<id>` in ?f= or ?sort=). */
export function namesCustomField(searchParams: URLSearchParams): boolean {
  return /custom\./.test(`${searchParams.get('f') ?? ''}${searchParams.get('sort') ?? ''}`);
}

/**
 * A list of a kind with the organisation's fields as columns: `children` gets their columns. A link
 * that filters or sorts on one of them waits for the definitions, so it is read whole rather than
 * refused as unreadable while they load.
 */
export function WithCustomColumns<Row extends Row0>({ kind, children }: { kind: string; children: (columns: readonly ListColumn<Row>[]) => ReactNode }) {
  const [searchParams] = useSearchParams();
  const custom = useCustomColumns<Row>(kind);
  if (custom.isLoading && namesCustomField(searchParams)) return <LoadingState />;
  return <>{children(custom.columns)}</>;
}

/**
 * A list's own columns with the organisation's fields after them (before its columns of buttons), as
 * the person chooses them: the columns to show and to keep for Filters and Sort (useListPage's
 * `columns` and `hiddenColumns`) and the Columns and Views buttons for the toolbar (null without fields).
 */
export function useColumnsWithCustom<Row extends Row0>({ listKey, columns, custom }: { listKey: string; columns: readonly ListColumn<Row>[]; custom: readonly ListColumn<Row>[] }) {
  const all = useMemo(() => {
    if (custom.length === 0) return columns;
    let end = columns.length;
    while (end > 0 && isFixedColumn(columns[end - 1]!)) end -= 1;
    return [...columns.slice(0, end), ...custom, ...columns.slice(end)];
  }, [columns, custom]);
  const defaults = useMemo(() => columns.filter((column) => !isFixedColumn(column)).map(columnField), [columns]);
  const chooser = useColumnChooser<Row>({ listKey, columns: all, defaults });
  // The Columns button and, beside it, the list's saved views (its filter, sort and columns under a name).
  const button = custom.length ? (
    <>
      <ColumnChooser chooser={chooser} />
      <SavedViews listKey={listKey} columns={chooser.fields} />
    </>
  ) : null;
  return { columns: chooser.shown, hiddenColumns: chooser.hidden, chooser, button };
}

/**
 * useColumnsWithCustom as a component, for a table drawn in one piece (a generic editor's card):
 * `children` gets the columns to show and the Columns button.
 */
export function ChosenColumns<Row extends Row0>({ custom, listKey, columns, children }: { custom: readonly ListColumn<Row>[]; listKey: string; columns: readonly ListColumn<Row>[]; children: (columns: readonly ListColumn<Row>[], chooser: ReactNode) => ReactNode }) {
  const chosen = useColumnsWithCustom<Row>({ listKey, columns, custom });
  return <>{children(chosen.columns, chosen.button)}</>;
}

/**
 * A page of rows with the sensitive values the person may see merged into their `custom`, when a shown
 * column is a sensitive field of a table read directly (its rows never carry them; the list views of
 * the CRM, reservations, staff and tasks do, and the merge changes nothing there). One call per page,
 * refreshed with the schema's lists after a write.
 */
export function useSensitiveValues<Row extends Row0>(columns: readonly ListColumn<Row>[], rows: readonly Row[], schema: string | null): readonly Row[] {
  const kind = sensitiveKindOf(columns);
  const ids = useMemo(() => (kind ? idsOf(rows) : []), [kind, rows]);
  const query = useQuery({
    queryKey: [...queryKeys.schema(schema ?? 'public'), 'custom_values', kind, ids],
    queryFn: () => readCustomValues(kind ?? '', ids),
    enabled: kind !== null && ids.length > 0,
    staleTime: 30_000,
  });
  return useMemo(() => mergeCustomValues(rows, query.data ?? []), [query.data, rows]);
}
