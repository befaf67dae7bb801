import type { Page, Request } from '@playwright/test';
import { inviteCodeOf, waitForMail } from '../../auth/support/mailOutbox';
import { anonClient, serviceClient, uniqueEmail, type Owner } from '../../shell/support/shellApi';

export type Level = 'None' | 'Personal' | 'Organization';
export type Levels = { view: Level; create: boolean; edit: Level; delete: Level };
export type Component = 'crm' | 'catalog' | 'lodging' | 'team-portal' | 'operations' | 'settings';

/** The seeded members with restricted roles (supabase/seed.sql). */
export const FRONT_DESK = { email: 'desk@steward.dev', password: 'Steward-desk-2026', name: 'Sam Ortiz', orgName: 'Cedar Grove Outfitters' } as const;
export const VOLUNTEER = { email: 'volunteer@steward.dev', password: 'Steward-volunteer-2026', name: 'Riley Chen', orgName: 'Lakeside Community Church' } as const;

/** Exactly what a page says to a role that may not view it. */
export const noAccess = (section: string) => `Your role doesn't give you access to ${section}.`;

/** Gives (or changes) a role's levels on one component, as User Role Management stores them. */
export async function setLevels(orgName: string, roleId: string, component: Component, levels: Levels): Promise<void> {
  const service = serviceClient();
  const { data: found, error: componentError } = await service.schema('settings').from('components').select('id').eq('name', component).single();
  if (componentError || !found) throw new Error(`components: ${componentError?.message}`);
  const row = {
    org_name: orgName,
    role_id: roleId,
    component_id: (found as { id: string }).id,
    view_access: levels.view,
    create_access: levels.create ? 'allowed' : 'not_allowed',
    edit_access: levels.edit,
    delete_access: levels.delete,
  };
  const { error } = await service.schema('settings').from('user_role_permissions').upsert(row, { onConflict: 'role_id,component_id' });
  if (error) throw new Error(`user_role_permissions: ${error.message}`);
}

export type Member = { email: string; password: string; roleId: string };

/**
 * A new role in the owner's organisation and a member signed up with it (invited, code from the
 * mail, activated), the way a person joins: the role starts without permissions.
 */
export async function createMember(owner: Owner, roleName: string): Promise<Member> {
  const service = serviceClient();
  const { data: role, error: roleError } = await service.from('user_roles').insert({ org_name: owner.orgName, role_name: roleName, description: `${roleName} role` }).select('id').single();
  if (roleError || !role) throw new Error(`user_roles: ${roleError?.message}`);
  const member = { email: uniqueEmail(roleName.replace(/\W+/g, '').toLowerCase()), password: 'Member-pass-2026', roleId: (role as { id: string }).id };
  const { error: inviteError } = await service.from('user_profiles').insert({ org_name: owner.orgName, name: `${roleName} Member`, email: member.email, status: 'Pending', role_id: member.roleId });
  if (inviteError) throw new Error(`user_profiles: ${inviteError.message}`);
  const api = anonClient();
  const requested = await api.rpc('request_invite_code', { p_email: member.email });
  if (requested.error) throw new Error(requested.error.message);
  const code = inviteCodeOf(await waitForMail(member.email, `Your code to join ${owner.orgName}`));
  const activated = await api.rpc('activate_invite', { p_email: member.email, p_code: code, p_password: member.password, p_full_name: `${roleName} Member` });
  if (activated.error) throw new Error(activated.error.message);
  return member;
}

/** The short_id of a seeded record, found by its name in an organisation. */
export async function shortIdOf(schema: string, table: string, orgName: string, name: string, nameField = 'name'): Promise<string> {
  const { data, error } = await serviceClient().schema(schema).from(table).select('short_id').eq('org_name', orgName).eq(nameField, name).single();
  if (error || !data) throw new Error(`${schema}.${table} ${name}: ${error?.message}`);
  return (data as { short_id: string }).short_id;
}

/**
 * Every database read the page sends from now on (PostgREST and RPC), as "schema.table": what a page
 * the role may not view must never ask for.
 */
export function recordReads(page: Page): { reads: string[] } {
  const state = { reads: [] as string[] };
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    const at = url.pathname.indexOf('/rest/v1/');
    if (at < 0) return;
    const headers = request.headers();
    const schema = headers['accept-profile'] ?? headers['content-profile'] ?? 'public';
    // What was read and which columns: `crm.contacts?select=id,name`.
    const select = url.searchParams.get('select');
    state.reads.push(`${schema}.${url.pathname.slice(at + '/rest/v1/'.length)}${select === null ? '' : `?select=${select}`}`);
  });
  return state;
}
