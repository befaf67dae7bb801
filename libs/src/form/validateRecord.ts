import { fieldTypeOf, isEditable, type FieldDef } from './fieldSchema';
import { requiredMessage } from './editorMessages';
import type { FormValues } from './fieldValues';
import { t } from '@steward/libs/messages';

export type FieldErrors = Record<string, string>;

/** A colour field's value: #rrggbb. */
export const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

function isBlank(value: FormValues[string] | undefined): boolean {
  return value === undefined || (Array.isArray(value) ? value.length === 0 : value.trim() === '');
}

/**
 * Required rules and readable values for every editable field. A field is required when it carries a
 * required rule; its message is the rule's own or "{label} is required".
 */
export function validateRecord(fields: readonly FieldDef[], values: FormValues): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of fields) {
    if (!isEditable(field)) continue;
    const value = values[field.name];
    if (isBlank(value)) {
      if (field.required) errors[field.name] = typeof field.required === 'object' ? field.required.message : requiredMessage(field.label);
      continue;
    }
    const text = Array.isArray(value) ? '' : (value ?? '').trim();
    const type = fieldTypeOf(field);
    const invalid = (message: string) => {
      errors[field.name] = field.invalidMessage ?? message;
    };
    if ((type === 'number' || type === 'integer' || type === 'money') && !Number.isFinite(Number(text))) invalid(t('form.mustBeNumber', { label: field.label }));
    else if (type === 'integer' && !Number.isInteger(Number(text))) invalid(t('form.mustBeWholeNumber', { label: field.label }));
    else if (type === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text)) invalid(t('form.mustBeEmail', { label: field.label }));
    else if (type === 'color' && !HEX_COLOR.test(text)) invalid(t('form.mustBeColour', { label: field.label }));
    else if (type === 'json') {
      try {
        JSON.parse(text);
      } catch {
        invalid(t('form.mustBeJson', { label: field.label }));
      }
    }
  }
  return errors;
}
