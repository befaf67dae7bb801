import type { FieldDef } from '@steward/libs/form';

/** What a user profile's status may be (app.user_status); an existing value outside the list is kept as an option. */
export const USER_STATUSES = ['Active', 'Inactive', 'Pending'] as const;

export function userStatusOptions(existing?: string | null) {
  const values: string[] = [...USER_STATUSES];
  if (existing && !values.includes(existing)) values.push(existing);
  return values.map((value) => ({ value, label: value }));
}

/**
 * The invite/edit user form: the e-mail is an e-mail input; the source is fixed to 'invited'.
 * An invitation is always Pending until Apply for Access activates it, so only editing offers Status.
 */
export function userFormFields(mode: 'invite' | 'edit', existingStatus?: string | null): readonly FieldDef[] {
  const fields: FieldDef[] = [
    { name: 'name', label: 'Name', required: true },
    { name: 'first_name', label: 'First Name' },
    { name: 'last_name', label: 'Last Name' },
    { name: 'email', label: 'Email', type: 'email', required: true },
    { name: 'title', label: 'Title' },
    { name: 'role_id', label: 'Role', relation: { schema: 'public', table: 'user_roles', valueField: 'id', labelField: 'role_name' } },
    // A user belongs to one of the team portal's groups (hr.groups).
    { name: 'group_id', label: 'Group', relation: { schema: 'hr', table: 'groups', valueField: 'id', labelField: 'name' } },
  ];
  if (mode === 'edit') fields.push({ name: 'status', label: 'Status', type: 'select', required: true, options: userStatusOptions(existingStatus) });
  return fields;
}

export const USER_SOURCE = 'invited';
export const MISSING_USER_MESSAGE = 'Missing user information. Please refresh or re-login.';
export const userSaveError = (message: string) => `Error saving user: ${message}`;
