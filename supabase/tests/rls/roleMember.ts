import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestStack } from '../stack/testStack';
import { acceptInvitation } from './acceptInvitation';
import { signIn, type SignedUpOrganization } from './signUpOrganization';

/**
 * A new member of the organisation with a role of their own (every area's permission row at its
 * default), signed in; `grant` sets the role's view and create access to one area, as the owner does
 * on the Roles screen.
 */
export async function memberWithOwnRole(stack: TestStack, org: SignedUpOrganization, name: string) {
  const { data: role } = await org.client.from('user_roles').insert({ org_name: org.orgName, role_name: name.toLowerCase() }).select('id').single();
  const roleId = (role as { id: string }).id;
  const { data: components } = await org.client.schema('settings').from('components').select('id, name');
  await org.client
    .schema('settings')
    .from('user_role_permissions')
    .insert((components ?? []).map((component: { id: string }) => ({ role_id: roleId, component_id: component.id })));
  const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const password = `${name.toLowerCase()}-password`;
  await org.client.from('user_profiles').insert({ org_name: org.orgName, name, email, status: 'Pending', role_id: roleId });
  await acceptInvitation(stack, { email, orgName: org.orgName, password, fullName: name });
  const member: SignedUpOrganization = { ...org, client: await signIn(stack, email, password) };
  const grant = async (component: string, view: string, create = 'not_allowed') => {
    const componentId = (components ?? []).find((row: { name: string }) => row.name === component)!.id;
    const { error } = await org.client.schema('settings').from('user_role_permissions').update({ view_access: view, create_access: create }).eq('role_id', roleId).eq('component_id', componentId);
    expect(error).toBeNull();
  };
  return { member, grant };
}
