import type { FieldDef } from '@steward/libs/form';
import type { CrmRow } from '../records/crmRow';
import type { Translate } from '@steward/libs/i18n';
import type { CrmMessageId } from '../i18n';

export type Side = 'a' | 'b';

/** One field of the merge screen: whether the two records differ, and whose value stays. */
export type MergeChoice = { field: FieldDef; differs: boolean; keep: Side };

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * The fields a person compares: every editable field; where the two differ, the value kept is the
 * person's pick, else the surviving record's — unless it is empty and the other's is not.
 */
export function mergeChoices(fields: readonly FieldDef[], a: CrmRow, b: CrmRow, survivor: Side, picked: Readonly<Record<string, Side>>): MergeChoice[] {
  const rows = { a, b };
  const other: Side = survivor === 'a' ? 'b' : 'a';
  return fields
    .filter((field) => !field.hidden && !field.readOnly && field.type !== 'upload')
    .map((field) => {
      const values = { a: a[field.name], b: b[field.name] };
      const differs = JSON.stringify(values.a ?? null) !== JSON.stringify(values.b ?? null);
      const fallback: Side = blank(rows[survivor][field.name]) && !blank(rows[other][field.name]) ? other : survivor;
      return { field, differs, keep: picked[field.name] ?? fallback };
    });
}

/** What a field shows: a related record's name (the read view carries `<relation>_name`), else the value. */
export function shownValue(field: FieldDef, row: CrmRow, t: Translate<CrmMessageId>): string {
  const named = field.name.endsWith('_id') ? row[`${field.name.slice(0, -3)}_name`] : undefined;
  const value = named ?? row[field.name];
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return t(value ? 'merge.yes' : 'merge.no');
  return String(value);
}
