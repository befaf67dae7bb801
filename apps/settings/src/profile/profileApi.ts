import type { TextField } from '../textFields';
import { getDatabase, tableRef, updateWhere, type AnyRow } from '@steward/libs/data';

/** The profile fields the signed-in user edits on /acctsettings and /usersettings, in order. */
export const PROFILE_FIELDS = [
  { name: 'name', label: 'profile.field.name' },
  { name: 'display_name', label: 'common.displayName' },
  { name: 'first_name', label: 'profile.field.firstName' },
  { name: 'last_name', label: 'profile.field.lastName' },
  { name: 'phone', label: 'common.phone' },
  { name: 'title', label: 'profile.field.title' },
  { name: 'timezone', label: 'common.timezone' },
  { name: 'language', label: 'common.language' },
  { name: 'avatar_url', label: 'profile.field.avatarUrl' },
] as const satisfies readonly TextField<string>[];

export type ProfileField = (typeof PROFILE_FIELDS)[number]['name'];
export type Profile = { id: string; email: string | null } & Partial<Record<ProfileField, string | null>>;

export const USER_PROFILES = tableRef<AnyRow>('public', 'user_profiles');

/** The user's profile in the organisation, found by auth_user_id. */
export async function fetchProfile(authUserId: string, orgName: string): Promise<Profile> {
  const { data, error } = await getDatabase()
    .from('user_profiles')
    .select(['id', 'email', ...PROFILE_FIELDS.map((field) => field.name)].join(', '))
    .eq('auth_user_id', authUserId)
    .eq('org_name', orgName)
    .single();
  if (error) throw new Error(error.message);
  return data as unknown as Profile;
}

export async function saveProfile(authUserId: string, orgName: string, row: Partial<Record<ProfileField, string | null>>): Promise<void> {
  await updateWhere(getDatabase(), USER_PROFILES, { auth_user_id: authUserId, org_name: orgName }, row);
}

/** Whether the person gets the daily digest of due and overdue tasks (sent by the database, opt-in). */
export async function fetchTaskDigest(profileId: string): Promise<boolean> {
  const { data, error } = await getDatabase().from('user_profiles').select('task_digest').eq('id', profileId).single();
  if (error) throw new Error(error.message);
  return (data as { task_digest: boolean }).task_digest;
}

export async function saveTaskDigest(profileId: string, on: boolean): Promise<void> {
  const { error } = await getDatabase().from('user_profiles').update({ task_digest: on }).eq('id', profileId);
  if (error) throw new Error(error.message);
}
