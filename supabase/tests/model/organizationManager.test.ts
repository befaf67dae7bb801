import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithOwnRole } from '../rls/roleMember';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack } from '../stack/testStack';

/**
 * An organisation always keeps an Active member whose role edits Settings at Organization level: a
 * signed-in person cannot lock everyone out of users, roles and settings, one row or a bulk change at
 * a time; once someone else manages it, the same change goes through.
 */
const stack = testStack();
let db: pg.Client;
let org: SignedUpOrganization;
let ownerRoleId: string;
let settingsId: string;

const MESSAGE = 'This change would leave the organization with no active member who can manage users and roles';

async function ownerStatus(): Promise<string> {
  const { rows } = await db.query<{ status: string }>('select status from public.user_profiles where id = $1', [org.profileId]);
  return rows[0]!.status;
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  org = await signUpOrganization(stack, 'Keeper');
  const { rows } = await db.query<{ role_id: string }>('select role_id from public.user_profiles where id = $1', [org.profileId]);
  ownerRoleId = rows[0]!.role_id;
  settingsId = (await db.query<{ id: string }>("select id from settings.components where name = 'settings'")).rows[0]!.id;
});

afterAll(async () => {
  await db?.end();
});

describe('an organisation keeps a manager', () => {
  it('refuses the only owner setting themselves Inactive, one row or through a bulk change', async () => {
    const single = await org.client.from('user_profiles').update({ status: 'Inactive' }).eq('id', org.profileId);
    expect(single.error?.code).toBe('ST013');
    expect(single.error?.message).toBe(MESSAGE);

    const bulk = await org.client.rpc('bulk_update', { p_table: 'public.user_profiles', p_ids: [org.profileId], p_changes: { status: 'Inactive' } });
    expect(bulk.error?.code).toBe('ST013');
    expect(await ownerStatus()).toBe('Active');
  });

  it("refuses lowering the only managing role's Settings rights, and taking away its Settings row", async () => {
    const lowered = await org.client
      .schema('settings')
      .from('user_role_permissions')
      .update({ edit_access: 'Personal' })
      .eq('role_id', ownerRoleId)
      .eq('component_id', settingsId);
    expect(lowered.error?.code).toBe('ST013');
    const removed = await org.client.schema('settings').from('user_role_permissions').delete().eq('role_id', ownerRoleId).eq('component_id', settingsId);
    expect(removed.error?.code).toBe('ST013');
    const { rows } = await db.query<{ edit_access: string }>('select edit_access from settings.user_role_permissions where role_id = $1 and component_id = $2', [ownerRoleId, settingsId]);
    expect(rows.map((row) => row.edit_access)).toEqual(['Organization']);
  });

  it('lets other changes to the owner through (a name, a title)', async () => {
    const { error } = await org.client.from('user_profiles').update({ title: 'Director' }).eq('id', org.profileId);
    expect(error).toBeNull();
  });

  it('lets the owner step down once another active member manages the organisation', async () => {
    const { member } = await memberWithOwnRole(stack, org, 'Deputy');
    const { rows } = await db.query<{ role_id: string }>("select role_id from public.user_profiles where org_name = $1 and name = 'Deputy'", [org.orgName]);
    const deputyRole = rows[0]!.role_id;
    const granted = await org.client.schema('settings').from('user_role_permissions').update({ edit_access: 'Organization' }).eq('role_id', deputyRole).eq('component_id', settingsId);
    expect(granted.error).toBeNull();

    const { error } = await org.client.from('user_profiles').update({ status: 'Inactive' }).eq('id', org.profileId);
    expect(error).toBeNull();
    expect(await ownerStatus()).toBe('Inactive');
    // The deputy is now the one who keeps it: they cannot leave in turn.
    const deputyLeaves = await member.client.from('user_profiles').update({ status: 'Inactive' }).eq('org_name', org.orgName).eq('name', 'Deputy');
    expect(deputyLeaves.error?.code).toBe('ST013');
  });

  it('does not hold operators: a change made directly in the database by an operator may leave no manager', async () => {
    const { rows } = await db.query<{ id: string }>("select id from public.user_profiles where org_name = $1 and name = 'Deputy'", [org.orgName]);
    await db.query("update public.user_profiles set status = 'Inactive' where id = $1", [rows[0]!.id]);
    const { rows: after } = await db.query<{ status: string }>('select status from public.user_profiles where id = $1', [rows[0]!.id]);
    expect(after[0]!.status).toBe('Inactive');
  });
});
