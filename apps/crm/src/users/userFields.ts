import type { FieldDef } from '@steward/libs/form';
import { field } from '../records/commonFields';

/** The user profile's inline editor (the invite form has its own definition). */
export const USER_EDIT_FIELDS: readonly FieldDef[] = [
  field('name', 'field.name', { required: true }),
  field('first_name', 'field.firstName'),
  field('last_name', 'field.lastName'),
  field('title', 'field.title'),
  field('role_id', 'field.role', { relation: { schema: 'public', table: 'user_roles', valueField: 'id', labelField: 'role_name' } }),
];
