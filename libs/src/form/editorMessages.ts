import { t } from '@steward/libs/messages';

/**
 * The editor's texts in English, exactly as the spec words them, for the areas' screens not yet
 * converted (build/i18n/folders.mjs). libs' editor says them through its catalogue ('form.fixFields',
 * 'form.saveFailed', …, in the page's language); a converted area uses `useT` of '@steward/libs/messages'.
 * @deprecated English only: use `t('form.…')` of '@steward/libs/messages'.
 */
export const FIX_FIELDS_MESSAGE = 'Please fix the highlighted fields.';
/** @deprecated English only: `t('form.saveFailed')`. */
export const SAVE_FAILED_MESSAGE = 'Save failed';
/** @deprecated English only: `t('form.uploadFailed')`. */
export const UPLOAD_FAILED_MESSAGE = 'Upload failed';
/** @deprecated English only: `t('form.missingId')`. */
export const MISSING_ID_MESSAGE = 'Missing id';
/** @deprecated English only: `t('form.missingContext')`. */
export const MISSING_CONTEXT_MESSAGE = 'Cannot create yet: missing user/org context...';
/** @deprecated English only: `t('form.createFailed')`. */
export const CREATE_FAILED_MESSAGE = 'Failed to create entry.';
/** @deprecated English only: `t('form.missingUserOrg')`. */
export const MISSING_USER_ORG_MESSAGE = 'Missing user or organization information. Please refresh or re-login.';
/** The user form's wording of the same alert. @deprecated English only: `t('form.missingUser')`. */
export const MISSING_USER_MESSAGE = 'Missing user information. Please refresh or re-login.';
/** @deprecated English only: `t('form.systemDefaultReadOnly')`. */
export const SYSTEM_DEFAULT_READ_ONLY_MESSAGE = 'Shared default records cannot be edited.';

/** "Name is required", in the page's language. */
export function requiredMessage(label: string): string {
  return t('form.required', { label });
}
