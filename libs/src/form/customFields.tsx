// An organisation's own fields in the record form and on the record page: the definitions (read once
// per organisation) turned into the form engine's FieldDefs, and their values as a person reads them.
import { useMemo } from 'react';
import {
  LINK_KINDS,
  customFieldName,
  customValueOf,
  customValueText,
  fieldsOfKind,
  isEmptyCustomValue,
  useCustomFieldDefinitions,
  useOrgCurrency,
  useRelationOptions,
  type AnyRow,
  type CustomFieldDef,
  type RelationSource,
} from '@steward/libs/data';
import { useSession } from '@steward/libs/session';
import type { FieldDef, FieldType, SelectOption } from './fieldSchema';

/** The title of the form's and the page's section of an organisation's own fields. */
export const MORE_FIELDS_TITLE = 'More fields';

const TYPE_OF: Readonly<Record<CustomFieldDef['field_type'], FieldType>> = {
  short_text: 'text',
  long_text: 'textarea',
  number: 'number',
  currency: 'money',
  date: 'date',
  boolean: 'boolean',
  single_choice: 'select',
  multiple_choice: 'multiselect',
  email: 'email',
  phone: 'tel',
  url: 'text',
  link: 'relation',
};

const YES_NO: readonly SelectOption[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** Where a link field's records come from (their names are its choices). */
export function linkSource(field: Pick<CustomFieldDef, 'link_kind'>): Omit<RelationSource, 'orgScope'> | null {
  const target = LINK_KINDS.find((kind) => kind.kind === field.link_kind);
  return target ? { schema: target.schema, table: target.table, valueField: 'id', labelField: 'name' } : null;
}

/**
 * The form's field for a definition: named `custom.<id>`, the control its type needs (choices by their
 * stable ids, archived ones marked so a record that still holds one reads right), the help text under
 * it, and required shown but left to the database, whose message the form shows as is.
 */
export function customFieldDef(field: CustomFieldDef, { currency }: { currency?: string } = {}): FieldDef {
  const def: FieldDef = {
    name: customFieldName(field.id),
    label: field.label,
    type: TYPE_OF[field.field_type],
    requiredByDatabase: field.required,
    ...(field.help_text ? { help: field.help_text } : {}),
  };
  if (field.field_type === 'single_choice' || field.field_type === 'multiple_choice') {
    def.options = field.choices.map((choice) => ({ value: choice.id, label: choice.archived ? `${choice.label} (archived)` : choice.label }));
  }
  if (field.field_type === 'boolean') def.options = YES_NO;
  if (field.field_type === 'currency') def.currency = currency;
  if (field.field_type === 'url') def.placeholder = 'https://…';
  if (field.field_type === 'link') {
    const source = linkSource(field);
    if (source) def.relation = source;
  }
  return def;
}

export function customFieldDefs(fields: readonly CustomFieldDef[], options: { currency?: string } = {}): FieldDef[] {
  return fields.map((field) => customFieldDef(field, options));
}

/** A new record's values from the definitions' defaults (`{ custom: { id: value } }`). */
export function customDefaults(fields: readonly CustomFieldDef[]): AnyRow {
  const custom: AnyRow = {};
  for (const field of fields) if (!isEmptyCustomValue(field.default_value)) custom[field.id] = field.default_value;
  return { custom };
}

/**
 * The organisation's fields of one kind of record (unarchived, in order), their FieldDefs and its
 * currency: what a record form, a record page and a list of that kind need.
 */
export function useCustomFields(kind: string | null) {
  const { orgName } = useSession();
  const query = useCustomFieldDefinitions(orgName);
  const currency = useOrgCurrency(orgName);
  const definitions = useMemo(() => (kind ? fieldsOfKind(query.data, kind) : []), [query.data, kind]);
  const fieldDefs = useMemo(() => customFieldDefs(definitions, { currency }), [definitions, currency]);
  return { definitions, fieldDefs, currency, isLoading: query.isLoading, error: query.error };
}

/** A link field's value: the linked record's name (read with the form's own options). */
export function LinkedRecordName({ field, id }: { field: Pick<CustomFieldDef, 'link_kind'>; id: string }) {
  const { orgScope } = useSession();
  const source = linkSource(field);
  const options = useRelationOptions(source ? { ...source, orgScope } : null);
  return <>{options.data?.find((option) => option.value === id)?.label ?? (options.isLoading ? '…' : id)}</>;
}

/** One stored value as a person reads it (a link: the record's name). */
export function CustomValue({ field, row, currency }: { field: CustomFieldDef; row: Readonly<AnyRow> | null | undefined; currency?: string }) {
  const value = customValueOf(row, field.id);
  if (isEmptyCustomValue(value)) return <span aria-label="empty">—</span>;
  if (field.field_type === 'link') return <LinkedRecordName field={field} id={String(value)} />;
  const text = customValueText(field, value, { currency });
  if (field.field_type === 'url') {
    return (
      <a href={text} target="_blank" rel="noreferrer noopener">
        {text}
      </a>
    );
  }
  if (field.field_type === 'email') return <a href={`mailto:${text}`}>{text}</a>;
  if (field.field_type === 'phone') return <a href={`tel:${text}`}>{text}</a>;
  return <>{text}</>;
}

/**
 * The record page's "More fields": each of the organisation's fields with its value. A sensitive field
 * the person's role may not see arrives without its value (the database withholds it), so it reads empty.
 */
export function CustomFieldValues({ kind, row }: { kind: string; row: Readonly<AnyRow> | null | undefined }) {
  const { definitions, currency } = useCustomFields(kind);
  if (!row || definitions.length === 0) return null;
  return (
    <section aria-label={MORE_FIELDS_TITLE} className="stw-custom-values">
      <h3 style={{ fontSize: 14, margin: '8px 0' }}>{MORE_FIELDS_TITLE}</h3>
      <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', gap: '4px 16px', margin: 0 }}>
        {definitions.map((field) => (
          <div key={field.id} style={{ display: 'contents' }}>
            <dt style={{ fontWeight: 600 }}>{field.label}</dt>
            <dd style={{ margin: 0 }}>
              <CustomValue field={field} row={row} currency={currency} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
