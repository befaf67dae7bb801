// One stored value of an organisation's own field, drawn as a person reads it: a list cell, a record
// page's "More fields". No antd: lists draw their first rows without it.
import { customValueOf, customValueText, isEmptyCustomValue, LINK_KINDS, type CustomFieldDef } from './customFields';
import { useRelationOptions } from './queryHooks';
import type { RelationSource } from './relationOptions';
import type { AnyRow } from './tableRef';
import { useT } from '@steward/libs/messages';

/** Where a link field's records come from (their names are its choices). */
export function linkSource(field: Pick<CustomFieldDef, 'link_kind'>): Omit<RelationSource, 'orgScope'> | null {
  const target = LINK_KINDS.find((kind) => kind.kind === field.link_kind);
  return target ? { schema: target.schema, table: target.table, valueField: 'id', labelField: 'name' } : null;
}

/** A link field's value: the linked record's name (read with the form's own options, cached). */
export function LinkedRecordName({ field, id, orgScope }: { field: Pick<CustomFieldDef, 'link_kind'>; id: string; orgScope: readonly string[] }) {
  const source = linkSource(field);
  const options = useRelationOptions(source ? { ...source, orgScope } : null);
  return <>{options.data?.find((option) => option.value === id)?.label ?? (options.isLoading ? '…' : id)}</>;
}

/** One stored value (a link: the record's name; e-mail, phone and URL as links). Empty reads as a dash. */
export function CustomValue({ field, row, currency, orgScope }: { field: CustomFieldDef; row: Readonly<AnyRow> | null | undefined; currency?: string; orgScope: readonly string[] }) {
  const t = useT();
  const value = customValueOf(row, field.id);
  if (isEmptyCustomValue(value)) return <span aria-label={t('history.empty')}>—</span>;
  if (field.field_type === 'link') return <LinkedRecordName field={field} id={String(value)} orgScope={orgScope} />;
  const text = customValueText(field, value, { currency });
  if (field.field_type === 'url' && /^https?:\/\//i.test(text)) {
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
