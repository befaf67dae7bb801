// An organisation's own fields in the record form and on the record page: the definitions (read once
// per organisation) turned into the form engine's FieldDefs, and their values as a person reads them.
import { useMemo } from 'react';
import { CustomValue, customFieldName, isEmptyCustomValue, linkSource, useCustomFieldsOfKind, type AnyRow, type CustomFieldDef } from '@steward/libs/data';
import { useSession } from '@steward/libs/session';
import type { FieldDef, FieldSection, FieldType, SelectOption } from './fieldSchema';
import { localized, t, useT } from '@steward/libs/messages';

/** The form's section of an organisation's own fields, "More fields" in the page's language when drawn. */
export const moreFieldsSection = (fields: readonly FieldDef[]): FieldSection => localized({ title: '', fields }, { title: 'form.moreFields' });

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

const yesNo = (): readonly SelectOption[] => [
  { value: 'true', label: t('common.yes') },
  { value: 'false', label: t('common.no') },
];

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
    def.options = field.choices.map((choice) => ({ value: choice.id, label: choice.archived ? t('columns.archivedChoice', { label: choice.label }) : choice.label }));
  }
  if (field.field_type === 'boolean') def.options = yesNo();
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
 * currency: what a record form of that kind needs.
 */
export function useCustomFields(kind: string | null) {
  const { orgName } = useSession();
  const { definitions, currency, isLoading, error } = useCustomFieldsOfKind(kind, orgName);
  const fieldDefs = useMemo(() => customFieldDefs(definitions, { currency }), [definitions, currency]);
  return { definitions, fieldDefs, currency, isLoading, error };
}

/** A record form's own fields followed by the organisation's ("More fields"). */
export function withMoreFields(fields: readonly FieldDef[], custom: readonly FieldDef[]): FieldSection[] | null {
  return custom.length ? [{ title: '', fields }, moreFieldsSection(custom)] : null;
}

/**
 * What a record form of a kind gives useRecordEditor: its own fields, then the organisation's fields
 * of that kind under "More fields" (read with the sensitive values the person may see). Spread it into
 * the editor's options: `useRecordEditor({ table, label, ...useFormWithCustomFields('supply', fields) })`.
 */
export function useFormWithCustomFields(kind: string | null, fields: readonly FieldDef[]): { fields?: readonly FieldDef[]; sections?: readonly FieldSection[]; customKind?: string } {
  const { fieldDefs } = useCustomFields(kind);
  return useMemo(() => {
    const sections = withMoreFields(fields, fieldDefs);
    return sections && kind ? { sections, customKind: kind } : { fields };
  }, [fields, fieldDefs, kind]);
}

/**
 * The record page's "More fields": each of the organisation's fields with its value. A sensitive field
 * the person's role may not see arrives without its value (the database withholds it), so it reads empty.
 */
export function CustomFieldValues({ kind, row }: { kind: string; row: Readonly<AnyRow> | null | undefined }) {
  const t = useT();
  const { orgName, orgScope } = useSession();
  const { definitions, currency } = useCustomFieldsOfKind(kind, orgName);
  if (!row || definitions.length === 0) return null;
  return (
    <section aria-label={t('form.moreFields')} className="stw-custom-values">
      <h3 style={{ fontSize: 14, margin: '8px 0' }}>{t('form.moreFields')}</h3>
      <dl style={{ display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) 1fr', gap: '4px 16px', margin: 0 }}>
        {definitions.map((field) => (
          <div key={field.id} style={{ display: 'contents' }}>
            <dt style={{ fontWeight: 600 }}>{field.label}</dt>
            <dd style={{ margin: 0 }}>
              <CustomValue field={field} row={row} currency={currency} orgScope={orgScope} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
