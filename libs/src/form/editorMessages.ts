import { t } from '@steward/libs/messages';

/** @deprecated English only: `t('form.fixFields')` of '@steward/libs/messages'. */
export const FIX_FIELDS_MESSAGE = 'Please fix the highlighted fields.';
/** @deprecated English only: `t('form.saveFailed')`. */
export const SAVE_FAILED_MESSAGE = 'Save failed';
/** @deprecated English only: `t('form.uploadFailed')`. */
export const UPLOAD_FAILED_MESSAGE = 'Upload failed';
/** @deprecated English only (the CRM's Add New): `t('import.missingContext')` of the CRM. */
export const MISSING_USER_ORG_MESSAGE = 'Missing user or organization information. Please refresh or re-login.';

/** "Name is required", in the page's language. */
export function requiredMessage(label: string): string {
  return t('form.required', { label });
}
