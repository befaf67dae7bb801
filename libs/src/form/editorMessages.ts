/** The editor's user-visible texts, exactly as the spec words them. */
export const FIX_FIELDS_MESSAGE = 'Please fix the highlighted fields.';
export const SAVE_FAILED_MESSAGE = 'Save failed';
export const UPLOAD_FAILED_MESSAGE = 'Upload failed';
export const MISSING_ID_MESSAGE = 'Missing id';
export const MISSING_CONTEXT_MESSAGE = 'Cannot create yet: missing user/org context...';
export const CREATE_FAILED_MESSAGE = 'Failed to create entry.';
export const MISSING_USER_ORG_MESSAGE = 'Missing user or organization information. Please refresh or re-login.';
/** The user form's wording of the same alert. */
export const MISSING_USER_MESSAGE = 'Missing user information. Please refresh or re-login.';
export const SYSTEM_DEFAULT_READ_ONLY_MESSAGE = 'Shared default records cannot be edited.';

export function requiredMessage(label: string): string {
  return `${label} is required`;
}
