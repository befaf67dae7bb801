import type { FieldDef } from '@steward/libs/form';

/** A settings form of plain text fields, declared as `{ name, label }` in the order shown. */
export type TextField<Name extends string> = { readonly name: Name; readonly label: string };

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
 * avatar_url stays a text box), `required` ones with "{label} is required", `email` ones checked.
 */
export function textFieldDefs<Name extends string>(
  fields: readonly TextField<Name>[],
  rules: { required?: readonly Name[]; email?: Partial<Record<Name, string>>; textarea?: readonly Name[] } = {},
): FieldDef[] {
  return fields.map((field) => {
    const invalidMessage = rules.email?.[field.name];
    return {
      name: field.name,
      label: field.label,
      type: invalidMessage ? 'email' : rules.textarea?.includes(field.name) ? 'textarea' : 'text',
      ...(rules.required?.includes(field.name) ? { required: true } : {}),
      ...(invalidMessage ? { invalidMessage } : {}),
    };
  });
}
