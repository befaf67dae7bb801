import { fieldValue } from '@steward/libs/filter';
import { fieldTypeOf, isEditable, type FieldDef } from './fieldSchema';
import { t } from '@steward/libs/messages';

/** What a form control holds: text for inputs and selects ('' = the empty option), lists for tags. */
export type FormValue = string | string[];
export type FormValues = Record<string, FormValue>;

const pad = (n: number) => String(n).padStart(2, '0');

/** A timestamp as a datetime-local control shows it: the user's own clock, to the minute. */
function localDateTime(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Whether two control values are the same (so the field was not changed). */
export function sameFormValue(a: FormValue | undefined, b: FormValue | undefined): boolean {
  if (Array.isArray(a) || Array.isArray(b)) return JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
  return (a ?? '').trim() === (b ?? '').trim();
}

/** A database value as the control shows it. */
export function toFormValue(field: FieldDef, value: unknown): FormValue {
  const type = fieldTypeOf(field);
  if (value === null || value === undefined) return type === 'tags' || type === 'multiselect' ? [] : '';
  if (type === 'multiselect') return Array.isArray(value) ? value.map(String) : [String(value)];
  if (type === 'tags') return Array.isArray(value) ? value.map(String) : String(value).split(',').map((part) => part.trim()).filter(Boolean);
  if (type === 'json') return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  if (type === 'datetime' && typeof value === 'string') return localDateTime(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function formValuesFromRow(fields: readonly FieldDef[], row: Readonly<Record<string, unknown>> | null | undefined): FormValues {
  const values: FormValues = {};
  for (const field of fields) values[field.name] = toFormValue(field, row ? fieldValue(row, field.name) : undefined);
  return values;
}

/**
 * A control's value as the database stores it: the empty choice and blank text become null, boolean
 * selects 'true'/'false' become true/false, numbers are numbers. Throws for text that cannot be read
 * (validation reports it first, so this only guards direct callers).
 */
export function fromFormValue(field: FieldDef, value: FormValue | undefined): unknown {
  const type = fieldTypeOf(field);
  if (Array.isArray(value)) return value.length ? value : type === 'tags' ? [] : null;
  const text = (value ?? '').trim();
  if (text === '') return type === 'tags' ? [] : null;
  switch (type) {
    case 'boolean':
    case 'checkbox':
      return text === 'true';
    case 'number':
    case 'money':
    case 'integer': {
      const number = Number(text);
      if (!Number.isFinite(number)) throw new Error(t('form.mustBeNumber', { label: field.label }));
      return number;
    }
    case 'json':
      return JSON.parse(text);
    case 'datetime':
      return new Date(text).toISOString();
    case 'tags':
      return text.split(',').map((part) => part.trim()).filter(Boolean);
    default:
      return text;
  }
}

const CUSTOM = 'custom.';

/** The column a field is written to: its own, or `custom` for an organisation's own field (`custom.<id>`). */
export function columnOfField(name: string): string {
  return name.startsWith(CUSTOM) ? 'custom' : name;
}

/**
 * The editable fields' database values, what create sends and update compares. An organisation's own
 * fields (`custom.<id>`) go into the one `custom` object, over `base`'s (the row as loaded), so keys the
 * form does not show (an archived field's value) are kept; an emptied field is null (cleared).
 */
export function rowValuesFromForm(fields: readonly FieldDef[], values: FormValues, base?: Readonly<Record<string, unknown>> | null): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  let custom: Record<string, unknown> | null = null;
  for (const field of fields) {
    if (!isEditable(field)) continue;
    const value = fromFormValue(field, values[field.name]);
    if (!field.name.startsWith(CUSTOM)) {
      row[field.name] = value;
      continue;
    }
    if (!custom) {
      const loaded = base?.custom;
      custom = loaded && typeof loaded === 'object' && !Array.isArray(loaded) ? { ...(loaded as Record<string, unknown>) } : {};
    }
    // An emptied field is sent as null, which the database reads as "clear it".
    const key = field.name.slice(CUSTOM.length);
    custom[key] = Array.isArray(value) && value.length === 0 ? null : value;
  }
  if (custom) row.custom = custom;
  return row;
}
