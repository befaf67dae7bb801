import type { FieldDef, SelectOption } from '@steward/libs/form';
import type { SettingsMessageId, SettingsT } from './i18n';

/** A settings form of plain text fields, declared as `{ name, label }` (a message id) in the order shown. */
export type TextField<Name extends string> = { readonly name: Name; readonly label: SettingsMessageId };

/** A stored value as saved: trimmed, and blank stored as null (so the platform's defaults apply). */
export const trimmedOrNull = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

/** The form's values from a row: every field present, a missing value as ''. */
export function textFormValues<Name extends string>(fields: readonly TextField<Name>[], row: Partial<Record<Name, string | null>>) {
  const values: Partial<Record<Name, string>> = {};
  for (const field of fields) values[field.name] = row[field.name] ?? '';
  return values;
}

/** The row to save from the form's values: every field, each trimmed or null. */
export function textRowValues<Name extends string>(fields: readonly TextField<Name>[], values: Partial<Record<Name, string>>) {
  const row: Partial<Record<Name, string | null>> = {};
  for (const field of fields) row[field.name] = trimmedOrNull(values[field.name]);
  return row;
}

/**
 * The form engine's fields for a settings form of plain text: each edited as text (a name such as
 * avatar_url stays a text box), `required` ones with "{label} is required", `email` ones checked,
 * `select` ones picked from the options given (a language: one Steward speaks).
 */
export function textFieldDefs<Name extends string>(
  t: SettingsT,
  fields: readonly TextField<Name>[],
  rules: { required?: readonly Name[]; email?: Partial<Record<Name, SettingsMessageId>>; textarea?: readonly Name[]; select?: Partial<Record<Name, readonly SelectOption[]>> } = {},
): FieldDef[] {
  return fields.map((field) => {
    const invalidId = rules.email?.[field.name];
    const invalidMessage = invalidId ? t(invalidId) : undefined;
    const options = rules.select?.[field.name];
    return {
      name: field.name,
      label: t(field.label),
      type: options ? 'select' : invalidMessage ? 'email' : rules.textarea?.includes(field.name) ? 'textarea' : 'text',
      ...(options ? { options } : {}),
      ...(rules.required?.includes(field.name) ? { required: true } : {}),
      ...(invalidMessage ? { invalidMessage } : {}),
    };
  });
}
