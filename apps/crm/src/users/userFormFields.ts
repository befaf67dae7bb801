import type { FieldDef } from '@steward/libs/form';
import { field } from '../records/commonFields';
import { later, type CrmMessageId } from '../i18n';

const { localized, t } = later;

/** What a user profile's status may be (app.user_status); an existing value outside the list is kept as an option. */
export const USER_STATUSES = ['Active', 'Inactive', 'Pending'] as const;

const STATUS_WORDS: Record<(typeof USER_STATUSES)[number], CrmMessageId> = { Active: 'userStatus.active', Inactive: 'userStatus.inactive', Pending: 'userStatus.pending' };

export function userStatusOptions(existing?: string | null) {
  const values: string[] = [...USER_STATUSES];
  if (existing && !values.includes(existing)) values.push(existing);
  return values.map((value) => (value in STATUS_WORDS ? localized({ value, label: '' }, { label: STATUS_WORDS[value as (typeof USER_STATUSES)[number]] }) : { value, label: value }));
}

/**
 * The invite/edit user form: the e-mail is an e-mail input; the source is fixed to 'invited'.
 * An invitation is always Pending until Apply for Access activates it, so only editing offers Status.
 */
export function userFormFields(mode: 'invite' | 'edit', existingStatus?: string | null): readonly FieldDef[] {
  const fields: FieldDef[] = [
    field('name', 'field.name', { required: true }),
    field('first_name', 'field.firstName'),
    field('last_name', 'field.lastName'),
    field('email', 'field.email', { type: 'email', required: true }),
    field('title', 'field.title'),
    field('role_id', 'field.role', { relation: { schema: 'public', table: 'user_roles', valueField: 'id', labelField: 'role_name' } }),
    // A user belongs to one of the team portal's groups (hr.groups).
    field('group_id', 'field.group', { relation: { schema: 'hr', table: 'groups', valueField: 'id', labelField: 'name' } }),
  ];
  if (mode === 'edit') fields.push(field('status', 'field.status', { type: 'select', required: true, options: userStatusOptions(existingStatus) }));
  return fields;
}

export const USER_SOURCE = 'invited';
export const missingUserMessage = () => t('user.missing');
export const userSaveError = (message: string) => t('user.saveError', { message });
