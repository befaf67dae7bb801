import { z } from 'zod';
import type { ContactMethodKind } from './methodHref';
import { later } from '../i18n';

const { t } = later;

// The same rules the database applies (app.contact_method_value_problem): checked here first, so a
// person sees the message beside the field before anything is sent.
// The messages are read when a value is checked, in the page's language then.
export const emailMessage = () => t('method.emailInvalid');
export const phoneMessage = () => t('method.phoneInvalid');
export const valueRequiredMessage = () => t('method.valueRequired');
export const typeRequiredMessage = () => t('method.typeRequired');
export const labelRequiredMessage = () => t('method.labelRequired');
export const addressEmptyMessage = () => t('method.addressEmpty');

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_SHAPE = /^\+?[0-9 ().\-/]+((x|ext\.?) ?[0-9]{1,6})?$/;

/** What is wrong with a value of this kind, or null. */
export function valueProblem(kind: ContactMethodKind, value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '') return valueRequiredMessage();
  if (kind === 'email' && !EMAIL_SHAPE.test(trimmed)) return emailMessage();
  if (kind === 'phone') {
    const digits = (trimmed.split('x')[0] ?? '').replace(/[^0-9]/g, '').length;
    if (!PHONE_SHAPE.test(trimmed) || digits < 4 || digits > 15) return phoneMessage();
  }
  return null;
}

export const methodFormSchema = (kind: ContactMethodKind) =>
  z
    .object({
      type_id: z.string().min(1, { error: typeRequiredMessage }),
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
  { name: 'address_line_1', label: 'address.line1' },
  { name: 'address_line_2', label: 'address.line2' },
  { name: 'address_line_3', label: 'address.line3' },
  { name: 'city', label: 'address.city' },
  { name: 'state', label: 'address.state' },
  { name: 'zip', label: 'address.zip' },
  { name: 'country', label: 'address.country' },
] as const;

export type AddressLine = (typeof ADDRESS_LINES)[number]['name'];
export type AddressForm = Record<AddressLine, string> & { label: string; is_primary: boolean };

export const addressFormSchema = z
  .object({
    label: z.string().trim().min(1, { error: labelRequiredMessage }),
    is_primary: z.boolean(),
    ...Object.fromEntries(ADDRESS_LINES.map((line) => [line.name, z.string().trim()])),
  })
  .superRefine((form, context) => {
    const record = form as Record<string, unknown>;
    if (ADDRESS_LINES.every((line) => record[line.name] === '')) context.addIssue({ code: 'custom', path: ['address_line_1'], message: addressEmptyMessage() });
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
