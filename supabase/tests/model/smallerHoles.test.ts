import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithOwnRole } from '../rls/roleMember';
import { signUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack } from '../stack/testStack';

// Issue 46, item 9: the keep-a-manager rule holds for the Settings component's row and for two
// managers demoting each other at once; undo refuses a batch the caller cannot fully see; the search
// words of deleted records go with them.
const stack = testStack();
let db: pg.Client;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
});
afterAll(async () => {
  await db.end();
});

async function setAccess(memberName: string, orgName: string, component: string, access: Record<string, string>) {
  const entries = Object.entries(access);
  const sets = entries.map(([column], i) => `${column} = $${i + 4}`).join(', ');
  await db.query(
    `update settings.user_role_permissions rp set ${sets} from settings.components c
      where c.id = rp.component_id and c.name = $1
        and rp.role_id = (select p.role_id from public.user_profiles p where p.name = $2 and p.org_name = $3)`,
    [component, memberName, orgName, ...entries.map(([, value]) => value)],
  );
}

describe('an organisation keeps a manager', () => {
  it("refuses deleting the Settings component's row, which would lock every member out", async () => {
    const org = await signUpOrganization(stack, 'Keep Settings Row');
    const { data: rows } = await org.client.schema('settings').from('org_components').select('id, name').eq('org_name', org.orgName).eq('name', 'settings');
    expect(rows).toHaveLength(1);
    const { error } = await org.client.schema('settings').from('org_components').delete().eq('id', rows![0]!.id);
    expect(error?.code).toBe('ST013');
    const { data: still } = await org.client.schema('settings').from('org_components').select('id').eq('id', rows![0]!.id);
    expect(still).toHaveLength(1);
  });

  it('lets only one of two managers demoting each other at the same time succeed', async () => {
    const org = await signUpOrganization(stack, 'Two Managers');
    await memberWithOwnRole(stack, org, 'Deputy');
    await setAccess('Deputy', org.orgName, 'settings', { view_access: 'Organization', edit_access: 'Organization' });
    const { rows: profiles } = await db.query<{ id: string; auth_user_id: string; role_id: string; name: string }>(
      'select id, auth_user_id, role_id, name from public.user_profiles where org_name = $1 and status = $2 order by created_at',
      [org.orgName, 'Active'],
    );
    expect(profiles).toHaveLength(2);
    const narrow = await db.query<{ id: string }>(
      `insert into public.user_roles (org_name, role_name) values ($1, 'narrow') returning id`,
      [org.orgName],
    );
    await db.query(
      `insert into settings.user_role_permissions (role_id, component_id) select $1, c.id from settings.components c`,
      [narrow.rows[0]!.id],
    );
    const [a, b] = [await connectDb(stack.dbUrl), await connectDb(stack.dbUrl)];
    try {
      const demote = async (client: pg.Client, actor: (typeof profiles)[number], target: (typeof profiles)[number]) => {
        await client.query('begin');
        await client.query('set local role authenticated');
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: actor.auth_user_id, role: 'authenticated' })]);
        return client.query('update public.user_profiles set role_id = $1 where id = $2', [narrow.rows[0]!.id, target.id]);
      };
      await demote(a, profiles[0]!, profiles[1]!);
      const second = demote(b, profiles[1]!, profiles[0]!).then(
        () => 'changed',
        (error: Error & { code?: string }) => error.code,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      await a.query('commit');
      const outcome = await second;
      await b.query(outcome === 'changed' ? 'commit' : 'rollback').catch(() => undefined);
      expect(outcome).toBe('ST013');
      const { rows: managers } = await db.query<{ ok: boolean }>('select app.organization_has_manager($1) as ok', [org.orgName]);
      expect(managers[0]!.ok).toBe(true);
    } finally {
      await a.end();
      await b.end();
    }
  });
});

describe('undo', () => {
  it('refuses a batch the caller could not see all of, and leaves it for someone who can', async () => {
    const org = await signUpOrganization(stack, 'Undo Sight');
    const { member, grant } = await memberWithOwnRole(stack, org, 'Partial');
    await grant('crm', 'Personal', 'allowed');
    await setAccess('Partial', org.orgName, 'crm', { edit_access: 'Personal' });
    const own = await member.client.schema('crm').from('contacts').insert({ name: 'Mine To Undo', org_name: org.orgName }).select('id').single();
    const theirs = await org.client.schema('crm').from('contacts').insert({ name: 'Not Mine To Undo', org_name: org.orgName }).select('id').single();
    const ids = [(own.data as { id: string }).id, (theirs.data as { id: string }).id];
    const { data, error } = await org.client.rpc('bulk_update', { p_table: 'crm.contacts', p_ids: ids, p_changes: { status: 'Inactive - Former' } });
    expect(error).toBeNull();
    const batchId = (data as { batch_id: string }).batch_id;

    const refused = await member.client.rpc('undo_batch', { p_batch_id: batchId });
    expect(refused.error?.code).toBe('42501');
    const undone = await org.client.rpc('undo_batch', { p_batch_id: batchId });
    expect(undone.error).toBeNull();
    expect(undone.data).toMatchObject({ restored: 2, kept: 0 });
  });
});

describe('search words', () => {
  it('go with the deleted contact, business or household unless another name still uses them', async () => {
    const org = await signUpOrganization(stack, 'Forgotten Words');
    const words = async () =>
      (await db.query<{ word: string }>(`select distinct word from app.search_words where org_name = $1 and word in ('wolfgangus', 'quibblesworth', 'zanzibarco', 'hollowmere') order by 1`, [org.orgName])).rows.map((row) => row.word);
    const contact = await org.client.schema('crm').from('contacts').insert({ name: 'Wolfgangus Quibblesworth', org_name: org.orgName }).select('id').single();
    await org.client.schema('crm').from('contacts').insert({ name: 'Wolfgangus Other', org_name: org.orgName });
    const business = await org.client.schema('crm').from('businesses').insert({ name: 'Zanzibarco', org_name: org.orgName }).select('id').single();
    const household = await org.client.schema('crm').from('households').insert({ name: 'Hollowmere', org_name: org.orgName }).select('id').single();
    expect(await words()).toEqual(['hollowmere', 'quibblesworth', 'wolfgangus', 'zanzibarco']);

    await org.client.schema('crm').from('contacts').delete().eq('id', (contact.data as { id: string }).id);
    await org.client.schema('crm').from('businesses').delete().eq('id', (business.data as { id: string }).id);
    await org.client.schema('crm').from('households').delete().eq('id', (household.data as { id: string }).id);
    expect(await words()).toEqual(['wolfgangus']);
  });
});
