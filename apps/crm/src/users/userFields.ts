import type { FieldDef } from '@steward/libs/form';

/** The user profile's inline editor (the invite form has its own definition). */
export const USER_EDIT_FIELDS: readonly FieldDef[] = [
  { name: 'name', label: 'Name', required: true },
  { name: 'first_name', label: 'First Name' },
  { name: 'last_name', label: 'Last Name' },
  { name: 'title', label: 'Title' },
  { name: 'role_id', label: 'Role', relation: { schema: 'public', table: 'user_roles', valueField: 'id', labelField: 'role_name' } },
];
