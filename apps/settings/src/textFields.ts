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
