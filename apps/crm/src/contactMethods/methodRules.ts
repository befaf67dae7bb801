import { z } from 'zod';
import type { ContactMethodKind } from './methodHref';

// The same rules the database applies (app.contact_method_value_problem): checked here first, so a
// person sees the message beside the field before anything is sent.
export const EMAIL_MESSAGE = 'Enter an e-mail address like name@example.com.';
export const PHONE_MESSAGE = 'Enter a phone number of 4 to 15 digits (spaces and + ( ) - . / allowed), e.g. (207) 555-0112.';
export const VALUE_REQUIRED_MESSAGE = 'Value is required';
export const TYPE_REQUIRED_MESSAGE = 'Type is required';
export const LABEL_REQUIRED_MESSAGE = 'Label is required';
export const ADDRESS_EMPTY_MESSAGE = 'Fill in at least one line of the address.';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_SHAPE = /^\+?[0-9 ().\-/]+((x|ext\.?) ?[0-9]{1,6})?$/;

/** What is wrong with a value of this kind, or null. */
export function valueProblem(kind: ContactMethodKind, value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return VALUE_REQUIRED_MESSAGE;
  if (kind === 'email' && !EMAIL_SHAPE.test(trimmed)) return EMAIL_MESSAGE;
  if (kind === 'phone') {
    const digits = (trimmed.split('x')[0] ?? '').replace(/[^0-9]/g, '').length;
    if (!PHONE_SHAPE.test(trimmed) || digits < 4 || digits > 15) return PHONE_MESSAGE;
  }
  return null;
}

export const methodFormSchema = (kind: ContactMethodKind) =>
  z
    .object({
      type_id: z.string().min(1, TYPE_REQUIRED_MESSAGE),
      label: z.string().trim(),
      value: z.string(),
      is_primary: z.boolean(),
    })
    .superRefine((form, context) => {
      const problem = valueProblem(kind, form.value);
      if (problem) context.addIssue({ code: 'custom', path: ['value'], message: problem });
    })
    .transform((form) => ({ ...form, value: form.value.trim(), label: form.label === '' ? null : form.label }));

export type MethodForm = z.input<ReturnType<typeof methodFormSchema>>;

export const ADDRESS_LINES = [
  { name: 'address_line_1', label: 'Address line 1' },
  { name: 'address_line_2', label: 'Address line 2' },
  { name: 'address_line_3', label: 'Address line 3' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State' },
  { name: 'zip', label: 'ZIP' },
  { name: 'country', label: 'Country' },
] as const;

export type AddressLine = (typeof ADDRESS_LINES)[number]['name'];
export type AddressForm = Record<AddressLine, string> & { label: string; is_primary: boolean };

export const addressFormSchema = z
  .object({
    label: z.string().trim().min(1, LABEL_REQUIRED_MESSAGE),
    is_primary: z.boolean(),
    ...Object.fromEntries(ADDRESS_LINES.map((line) => [line.name, z.string().trim()])),
  })
  .superRefine((form, context) => {
    const record = form as Record<string, unknown>;
    if (ADDRESS_LINES.every((line) => record[line.name] === '')) context.addIssue({ code: 'custom', path: ['address_line_1'], message: ADDRESS_EMPTY_MESSAGE });
  })
  .transform((form) => Object.fromEntries(Object.entries(form).map(([key, value]) => [key, value === '' ? null : value])));

/** Per-field messages of a failed parse: the first message of each field. */
export function issuesByField(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}
