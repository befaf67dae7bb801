import { t } from '@steward/libs/messages';

/** "Name is required", in the page's language. */
export function requiredMessage(label: string): string {
  return t('form.required', { label });
}
