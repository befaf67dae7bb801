import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation, mailedInviteCode, requestInviteCode } from '../rls/acceptInvitation';
import { signIn, signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { postFromAddress } from '../stack/postFromAddress';
import { connectDb, createTestClient, testStack } from '../stack/testStack';

const stack = testStack();
let db: pg.Client;
let anon: SupabaseClient;
let existing: SignedUpOrganization;

/** Everything Apply for Access or an activation can write. */
const WRITTEN_TABLES = [
  'auth.users', 'auth.identities', 'public.organizations', 'public.user_roles', 'public.user_profiles',
  'settings.org_components', 'settings.user_role_permissions',
];

async function snapshot(): Promise<Record<string, unknown>> {
  const counts: Record<string, unknown> = {};
  for (const table of WRITTEN_TABLES) {
    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    counts[table] = rows[0]?.n;
  }
  const { rows } = await db.query<{ fingerprint: string }>(
    `select md5(string_agg(id::text || status || coalesce(auth_user_id::text, '') || last_modified_at::text, ',' order by id)) as fingerprint
       from public.user_profiles`,
  );
  counts.profiles = rows[0]?.fingerprint;
  return counts;
}

type ApplyInput = {
  p_email?: string | null;
  p_password?: string | null;
  p_full_name?: string | null;
  p_business_name?: string | null;
};

function application(overrides: ApplyInput = {}): Required<ApplyInput> {
  const suffix = randomUUID().slice(0, 8);
  return {
    p_email: `applicant-${suffix}@example.com`,
    p_password: 'long-enough-password',
    p_full_name: 'Casey Applicant',
    p_business_name: `Applicant Works ${suffix}`,
    ...overrides,
  };
}

/** Calls the RPC and checks that it failed with exactly this error and wrote nothing. */
async function expectRejected(fn: string, args: Record<string, unknown>, code: string, message: string) {
  const before = await snapshot();
  const { data, error } = await anon.rpc(fn, args);
  expect(data).toBeNull();
  expect(error?.code).toBe(code);
  expect(error?.message).toBe(message);
  expect(await snapshot()).toEqual(before);
}

async function invite(owner: SignedUpOrganization, email: string, title = 'Volunteer'): Promise<string> {
  const { data: role } = await owner.client.from('user_roles').select('id').eq('org_name', owner.orgName).eq('role_name', 'owner').single();
  const { data, error } = await owner.client
    .from('user_profiles')
    .insert({ org_name: owner.orgName, name: 'Invited Person', email, title, status: 'Pending', source: 'invited', role_id: role?.id })
    .select('id')
    .single();
  if (error || !data) throw new Error(`invite failed: ${error?.message}`);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  anon = createTestClient(stack.apiUrl, stack.anonKey);
  existing = await signUpOrganization(stack, 'Existing Org');
});

afterAll(async () => {
  await db?.end();
});

describe('apply_for_access', () => {
  it('creates the login, organisation, owner role with full permissions, every component and the Active profile', async () => {
    const input = application({ p_email: `  Mixed.Case-${randomUUID().slice(0, 6)}@Example.com ` });
    const { data, error } = await anon.rpc('apply_for_access', { ...input, p_title: 'Founder', p_phone: '(555) 010-2000', p_username: 'casey' });
    expect(error).toBeNull();
    const result = data as { user_id: string; profile_id: string; org_name: string };
    expect(result.org_name).toBe(input.p_business_name);

    const client = await signIn(stack, (input.p_email as string).trim().toLowerCase(), input.p_password as string);
    const { data: profiles } = await client.from('user_profiles').select('*').eq('auth_user_id', result.user_id);
    expect(profiles).toHaveLength(1);
    expect(profiles?.[0]).toMatchObject({
      id: result.profile_id,
      org_name: input.p_business_name,
      name: 'Casey Applicant',
      first_name: 'Casey',
      last_name: 'Applicant',
      title: 'Founder',
      username: 'casey',
      status: 'Active',
      source: 'Form Application',
      is_primary: true,
    });
    const { data: permissions } = await client.schema('settings').from('user_role_permissions_view').select('*');
    expect(permissions).toHaveLength(7);
    for (const permission of permissions ?? []) {
      expect(permission).toMatchObject({
        role_name: 'owner',
        view_access: 'Organization',
        create_access: 'allowed',
        edit_access: 'Organization',
        delete_access: 'Organization',
        org_enabled: true,
        org_comp_enabled: true,
      });
    }
    const { data: components } = await client.schema('settings').from('org_components').select('name').eq('org_name', result.org_name).eq('enabled', true);
    expect((components ?? []).map((row: { name: string }) => row.name).sort()).toEqual(
      ['booking', 'catalog', 'crm', 'lodging', 'operations', 'settings', 'team-portal'],
    );
  });

  it.each([
    ['a missing full name', { p_full_name: '  ' }, 'ST001', 'Please fill in all required fields'],
    ['a missing e-mail', { p_email: null }, 'ST001', 'Please fill in all required fields'],
    ['a missing password', { p_password: '' }, 'ST001', 'Please fill in all required fields'],
    ['a malformed e-mail', { p_email: 'not-an-email' }, 'ST002', 'Please enter a valid email address'],
    ['an e-mail without a domain', { p_email: 'someone@localhost' }, 'ST002', 'Please enter a valid email address'],
    ['a missing business name', { p_business_name: ' ' }, 'ST003', 'Business name is required for new organizations'],
    ['a short password', { p_password: 'short7!' }, 'ST004', 'Password must be at least 8 characters long'],
    ['the reserved organisation name', { p_business_name: '_SYSTEM_DEFAULT_' }, 'ST005', 'An organization with this name already exists'],
  ] as const)('rejects %s and writes nothing', async (_case, overrides, code, message) => {
    await expectRejected('apply_for_access', application(overrides), code, message);
  });

  it('rejects an existing organisation name in any case and with stray spaces', async () => {
    for (const name of [existing.orgName.toUpperCase(), existing.orgName.toLowerCase(), `  ${existing.orgName}  `]) {
      await expectRejected('apply_for_access', application({ p_business_name: name }), 'ST005', 'An organization with this name already exists');
    }
  });

  it('rejects an e-mail that already has an account, in any case', async () => {
    await expectRejected('apply_for_access', application({ p_email: existing.email.toUpperCase() }), 'ST006', 'A user with this email already exists');
  });

  it('keeps organisation names unique in the database itself, not only in the function', async () => {
    const { rows } = await db.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where schemaname = 'public' and tablename = 'organizations' and indexdef ilike '%unique%lower(name)%'`,
    );
    expect(rows).toHaveLength(1);
    await expect(db.query(`insert into public.organizations (name) values ($1)`, [existing.orgName.toUpperCase()])).rejects.toThrow(
      /organizations_name_lower_key/,
    );
  });

  it('is not callable with a client that asks for other functions', async () => {
    const { error } = await anon.rpc('create_auth_user', { p_email: 'x@example.com', p_password: 'whatever-long', p_user_metadata: {} });
    expect(error).not.toBeNull();
  });
});

describe('invitations: claimed only with the code mailed to the invited address', () => {
  async function mailsTo(email: string): Promise<{ org_name: string; subject: string }[]> {
    const { rows } = await db.query<{ org_name: string; subject: string }>(
      `select org_name, subject from app.mail_outbox where kind = 'invite_code' and to_email = lower($1) order by id`,
      [email],
    );
    return rows;
  }

  it('tell an anonymous caller nothing: no organisation or role without the code, the same answer for any address', async () => {
    const email = `quiet-${randomUUID().slice(0, 8)}@example.com`;
    await invite(existing, email, 'Front Desk');
    // The lookup by e-mail alone is gone.
    const old = await anon.rpc('find_pending_invite', { p_email: email });
    expect(old.data).toBeNull();
    expect(old.error?.code).toBe('PGRST202');
    for (const code of ['', '000000', null]) {
      const { data, error } = await anon.rpc('find_pending_invite', { p_email: email, p_code: code });
      expect(data).toBeNull();
      expect(error).toMatchObject({ code: 'ST011', message: 'The code is not valid or has expired' });
      expect(JSON.stringify(error)).not.toContain(existing.orgName);
    }
    const invited = await anon.rpc('request_invite_code', { p_email: email });
    const uninvited = await anon.rpc('request_invite_code', { p_email: `nobody-${randomUUID().slice(0, 8)}@example.com` });
    expect({ status: invited.status, data: invited.data, error: invited.error }).toEqual({ status: 204, data: null, error: null });
    expect({ status: uninvited.status, data: uninvited.data, error: uninvited.error }).toEqual({ status: 204, data: null, error: null });
    expect(await mailsTo(email)).toEqual([{ org_name: existing.orgName, subject: `Your code to join ${existing.orgName}` }]);
  });

  it('show the invitation for its code, in any case of the address', async () => {
    const email = `invitee-${randomUUID().slice(0, 8)}@example.com`;
    const profileId = await invite(existing, email, 'Front Desk');
    const code = await requestInviteCode(stack, email, existing.orgName);
    const { data, error } = await anon.rpc('find_pending_invite', { p_email: email.toUpperCase(), p_code: code });
    expect(error).toBeNull();
    expect(data).toEqual({
      id: profileId, name: 'Invited Person', title: 'Front Desk', org_name: existing.orgName, role_id: expect.any(String), role_name: 'owner',
      invited_by_name: 'Existing Org Owner',
    });
  });

  it('mail the code in the organisation\'s language (none Steward speaks: English), and the Spanish code is the code', async () => {
    const setLanguage = (language: string | null) => db.query('update public.organizations set language = $2 where org_name = $1', [existing.orgName, language]);
    const lastMail = async (email: string) =>
      (await db.query<{ subject: string; body_text: string }>(
        `select subject, body_text from app.mail_outbox where kind = 'invite_code' and to_email = lower($1) order by id desc limit 1`, [email])).rows[0];
    try {
      await setLanguage('es');
      const email = `spanish-${randomUUID().slice(0, 8)}@example.com`;
      const profileId = await invite(existing, email, 'Front Desk');
      expect((await anon.rpc('request_invite_code', { p_email: email })).error).toBeNull();
      const mail = await lastMail(email);
      expect(mail?.subject).toBe(`Tu código para unirte a ${existing.orgName}`);
      const lines = mail?.body_text.split('\n') ?? [];
      expect(lines[0]).toBe(`Existing Org Owner te ha invitado a unirte a ${existing.orgName} en Steward como owner.`);
      expect(lines[2]).toMatch(/^Tu código: \d{6}$/);
      expect(lines[4]).toBe(`Este código acepta solo la invitación de ${existing.orgName}. Si otras organizaciones han invitado a esta dirección, cada una ha enviado su propio correo con su propio código: usa el código de la organización a la que quieras unirte.`);
      expect(mail?.body_text).toContain('abre Steward, elige Empezar');
      const code = lines[2]?.slice('Tu código: '.length);
      const { data, error } = await anon.rpc('find_pending_invite', { p_email: email, p_code: code });
      expect(error).toBeNull();
      expect(data).toMatchObject({ id: profileId, org_name: existing.orgName });

      // An organisation's language Steward does not speak: English, as before.
      await setLanguage('fr');
      const french = `french-${randomUUID().slice(0, 8)}@example.com`;
      await invite(existing, french, 'Front Desk');
      expect((await anon.rpc('request_invite_code', { p_email: french })).error).toBeNull();
      const english = await lastMail(french);
      expect(english?.subject).toBe(`Your code to join ${existing.orgName}`);
      expect(english?.body_text.split('\n')[0]).toBe(`Existing Org Owner invited you to join ${existing.orgName} on Steward as owner.`);
    } finally {
      await setLanguage(null);
    }
  });

  it('refuse activation without the right code and write nothing', async () => {
    const email = `nocode-${randomUUID().slice(0, 8)}@example.com`;
    await invite(existing, email);
    const args = { p_email: email, p_password: 'invitee-password', p_full_name: 'Riley Invitee' };
    await expectRejected('activate_invite', { ...args, p_code: null }, 'ST011', 'The code is not valid or has expired');
    await requestInviteCode(stack, email, existing.orgName);
    await expectRejected('activate_invite', { ...args, p_code: 'abcdef' }, 'ST011', 'The code is not valid or has expired');
  });

  it('turn the invitation into an Active profile with a new, confirmed login; the code works once', async () => {
    const email = `activate-${randomUUID().slice(0, 8)}@example.com`;
    const profileId = await invite(existing, email);
    const code = await requestInviteCode(stack, email, existing.orgName);
    const args = { p_email: email, p_code: code, p_password: 'invitee-password', p_full_name: 'Riley Invitee', p_title: 'Guide' };
    const { data, error } = await anon.rpc('activate_invite', args);
    expect(error).toBeNull();
    expect(data).toMatchObject({ profile_id: profileId, org_name: existing.orgName, activated: 1 });

    const client = await signIn(stack, email, 'invitee-password');
    const { data: profile } = await client.from('user_profiles').select('*').eq('id', profileId).single();
    expect(profile).toMatchObject({ status: 'Active', name: 'Riley Invitee', title: 'Guide', is_primary: true });
    const { data: org } = await client.from('organizations').select('name').eq('name', existing.orgName);
    expect(org).toHaveLength(1);
    const { rows } = await db.query('select email_confirmed_at is not null as confirmed from auth.users where lower(email) = $1', [email]);
    expect(rows).toEqual([{ confirmed: true }]);

    await expectRejected('activate_invite', args, 'ST011', 'The code is not valid or has expired');
  });

  it("claim each organisation's invitation on its own: accepting one never activates, or makes primary, another's", async () => {
    const email = `twice-${randomUUID().slice(0, 8)}@example.com`;
    const other = await signUpOrganization(stack, 'Other Inviter');
    const wanted = await invite(existing, email);
    const unwanted = await invite(other, email);
    // One request, one mail per invitation, each with its own code.
    const codes = [await requestInviteCode(stack, email, existing.orgName), await mailedInviteCode(stack, email, other.orgName)];
    expect((await mailsTo(email)).map((mail) => mail.org_name).sort()).toEqual([existing.orgName, other.orgName].sort());

    const { data, error } = await anon.rpc('activate_invite', { p_email: email, p_code: codes[0], p_password: 'twice-password', p_full_name: 'Pat Twice' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ profile_id: wanted, activated: 1 });
    const state = async () =>
      (await db.query<{ id: string; status: string; is_primary: boolean; linked: boolean }>(
        'select id, status, is_primary, auth_user_id is not null as linked from public.user_profiles where id = any($1) order by id',
        [[wanted, unwanted]],
      )).rows;
    expect(await state()).toEqual(
      [
        { id: wanted, status: 'Active', is_primary: true, linked: true },
        { id: unwanted, status: 'Pending', is_primary: false, linked: false },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    // The other organisation's code does not claim the first one's invitation, nor itself without the password.
    await expectRejected(
      'activate_invite',
      { p_email: email, p_code: codes[1], p_password: 'not-the-password', p_full_name: 'Pat Twice' },
      'ST008',
      'The password does not match the existing account for this email',
    );
    // Accepted later, by the person, with the password of their login: Active there, not primary.
    const later = await anon.rpc('activate_invite', { p_email: email, p_code: codes[1], p_password: 'twice-password', p_full_name: 'Pat Twice' });
    expect(later.error).toBeNull();
    expect((await state()).find((row) => row.id === unwanted)).toMatchObject({ status: 'Active', is_primary: false });
  });

  it('void the codes of an address after 5 wrong ones', async () => {
    const email = `guess-${randomUUID().slice(0, 8)}@example.com`;
    await invite(existing, email);
    const code = await requestInviteCode(stack, email, existing.orgName);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const { error } = await anon.rpc('find_pending_invite', { p_email: email, p_code: wrong });
      expect(error?.code).toBe('ST011');
    }
    const { data, error } = await anon.rpc('find_pending_invite', { p_email: email, p_code: code });
    expect(data).toBeNull();
    expect(error?.code).toBe('ST011');
    // A new code works again.
    const fresh = await requestInviteCode(stack, email, existing.orgName);
    expect((await anon.rpc('find_pending_invite', { p_email: email, p_code: fresh })).error).toBeNull();
  });

  it('refuse a client every code of an address after its 20 wrong ones in a day, however many new codes it asks for; another client (the invitee) is not refused', async () => {
    const email = `daily-${randomUUID().slice(0, 8)}@example.com`;
    await invite(existing, email);
    for (let round = 0; round < 4; round += 1) {
      const code = await requestInviteCode(stack, email, existing.orgName);
      const wrong = code === '000000' ? '000001' : '000000';
      for (let attempt = 0; attempt < 5; attempt += 1) {
        expect((await anon.rpc('find_pending_invite', { p_email: email, p_code: wrong })).error?.code).toBe('ST011');
      }
    }
    const fifth = await requestInviteCode(stack, email, existing.orgName);
    const refused = await anon.rpc('find_pending_invite', { p_email: email, p_code: fifth });
    expect(refused.data).toBeNull();
    expect(refused.error).toMatchObject({ code: 'ST011', message: 'The code is not valid or has expired' });
    await expectRejected('activate_invite', { p_email: email, p_code: fifth, p_password: 'daily-password', p_full_name: 'Day Guess' }, 'ST011', 'The code is not valid or has expired');

    // The guesser's wrong codes are its own: from another address the mailed code works.
    const elsewhere = await postFromAddress('127.0.66.9', `${stack.apiUrl}/rest/v1/rpc/find_pending_invite`, { p_email: email, p_code: fifth }, { apikey: stack.anonKey });
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toMatchObject({ org_name: existing.orgName });

    // A day later the code works again for the guessing client too (it has two of its five tries used).
    await db.query(`update app.invite_code_wrong_days set day_started_at = now() - interval '1 day 1 minute' where email = $1`, [email]);
    expect((await anon.rpc('find_pending_invite', { p_email: email, p_code: fifth })).error).toBeNull();
  });

  it('write for every request and every wrong code, invited or not, so both cost the same commit', async () => {
    const email = `costly-${randomUUID().slice(0, 8)}@example.com`;
    expect((await anon.rpc('request_invite_code', { p_email: email })).error).toBeNull();
    expect((await anon.rpc('find_pending_invite', { p_email: email, p_code: '123456' })).error?.code).toBe('ST011');
    const { rows } = await db.query('select requests, wrong_codes from app.invite_code_requests where email = $1', [email]);
    expect(rows).toEqual([{ requests: 1, wrong_codes: 1 }]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('send at most 5 codes per invitation per hour', async () => {
    const email = `flood-${randomUUID().slice(0, 8)}@example.com`;
    await invite(existing, email);
    for (let request = 0; request < 7; request += 1) {
      const { error } = await anon.rpc('request_invite_code', { p_email: email });
      expect(error).toBeNull();
    }
    expect(await mailsTo(email)).toHaveLength(5);
  });

  it('link an invitation to an existing login when its password matches', async () => {
    const other = await signUpOrganization(stack, 'Second Org');
    await invite(existing, other.email);
    const result = await acceptInvitation(stack, { email: other.email, orgName: existing.orgName, password: other.password, fullName: 'Second Owner' });
    expect(result).toMatchObject({ user_id: other.userId, activated: 1 });
    const { data: profiles } = await other.client.from('user_profiles').select('org_name, is_primary').eq('auth_user_id', other.userId).order('org_name');
    expect(profiles).toEqual(
      [
        { org_name: existing.orgName, is_primary: false },
        { org_name: other.orgName, is_primary: true },
      ].sort((a, b) => a.org_name.localeCompare(b.org_name)),
    );
  });

  it.each([
    ['a short password', { p_password: 'short' }, 'ST004', 'Password must be at least 8 characters long'],
    ['a malformed e-mail', { p_email: 'invitee at example.com' }, 'ST002', 'Please enter a valid email address'],
    ['a missing name', { p_full_name: '' }, 'ST001', 'Please fill in all required fields'],
  ] as const)('rejects %s and writes nothing', async (_case, overrides, code, message) => {
    const email = `reject-${randomUUID().slice(0, 8)}@example.com`;
    await invite(existing, email);
    const inviteCode = await requestInviteCode(stack, email, existing.orgName);
    await expectRejected(
      'activate_invite',
      { p_email: email, p_code: inviteCode, p_password: 'long-enough-password', p_full_name: 'Invitee', ...overrides },
      code,
      message,
    );
  });
});

describe('invitations from several organisations: the person chooses, nobody captures them', () => {
  type Mail = { org_name: string; subject: string; body_text: string; related_id: string };
  async function inviteMails(email: string): Promise<Mail[]> {
    const { rows } = await db.query<Mail>(
      `select org_name, subject, body_text, related_id from app.mail_outbox where kind = 'invite_code' and to_email = lower($1) order by id`,
      [email],
    );
    return rows;
  }
  const codeOf = (mail: Mail | undefined) => /Your code: (\d{6})/.exec(mail?.body_text ?? '')?.[1] ?? '';
  const state = async (ids: string[]) =>
    (await db.query<{ id: string; status: string; linked: boolean }>(
      'select id, status, auth_user_id is not null as linked from public.user_profiles where id = any($1)',
      [ids],
    )).rows.reduce<Record<string, string>>((all, row) => ({ ...all, [row.id]: `${row.status}${row.linked ? ' linked' : ''}` }), {});

  /** A hostile organisation invites the address first, the one the person means to join second. */
  async function twoInvitations(label: string) {
    const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
    const planter = await signUpOrganization(stack, 'Planter');
    const real = await signUpOrganization(stack, 'Real Employer');
    const planted = await invite(planter, email);
    const wanted = await invite(real, email);
    expect((await anon.rpc('request_invite_code', { p_email: email })).error).toBeNull();
    const mails = await inviteMails(email);
    const mailOf = (orgName: string) => mails.find((mail) => mail.org_name === orgName);
    return { email, planter, real, planted, wanted, mails, plantedCode: codeOf(mailOf(planter.orgName)), wantedCode: codeOf(mailOf(real.orgName)) };
  }

  it('mail each invitation on its own, with its own code, naming its organisation and who invited', async () => {
    const { planter, real, planted, wanted, mails, plantedCode, wantedCode } = await twoInvitations('named');
    expect(mails.map((mail) => ({ org_name: mail.org_name, subject: mail.subject, related_id: mail.related_id }))).toEqual([
      { org_name: planter.orgName, subject: `Your code to join ${planter.orgName}`, related_id: planted },
      { org_name: real.orgName, subject: `Your code to join ${real.orgName}`, related_id: wanted },
    ]);
    // The inviter is the member who wrote the invitation (its created_by, which the server stamps).
    expect(mails[1]?.body_text).toContain(`Real Employer Owner invited you to join ${real.orgName} on Steward as owner.`);
    expect(mails[1]?.body_text).toContain(`This code accepts only the invitation from ${real.orgName}`);
    expect(mails[0]?.body_text).toContain(`Planter Owner invited you to join ${planter.orgName} on Steward as owner.`);
    expect(mails[1]?.body_text).not.toContain(planter.orgName);
    expect(plantedCode).toMatch(/^\d{6}$/);
    expect(wantedCode).toMatch(/^\d{6}$/);
    expect(plantedCode).not.toBe(wantedCode);
  });

  it("show, for a code, the one invitation it was mailed for: its organisation and who invited", async () => {
    const { email, planter, real, planted, wanted, plantedCode, wantedCode } = await twoInvitations('shown');
    const shown = await anon.rpc('find_pending_invite', { p_email: email, p_code: wantedCode });
    expect(shown.error).toBeNull();
    expect(shown.data).toMatchObject({ id: wanted, org_name: real.orgName, invited_by_name: 'Real Employer Owner' });
    const other = await anon.rpc('find_pending_invite', { p_email: email, p_code: plantedCode });
    expect(other.data).toMatchObject({ id: planted, org_name: planter.orgName, invited_by_name: 'Planter Owner' });
  });

  it("accept only the invitation the person chose: the real employer's code and id accept it, never the planted one", async () => {
    const { email, planted, wanted, plantedCode, wantedCode } = await twoInvitations('chosen');
    const args = { p_email: email, p_password: 'chosen-password', p_full_name: 'Pat Chosen' };
    // The planted invitation's code does not accept the invitation the person chose (and counts as wrong).
    await expectRejected('activate_invite', { ...args, p_code: plantedCode, p_invitation: wanted }, 'ST011', 'The code is not valid or has expired');
    expect(await state([planted, wanted])).toEqual({ [planted]: 'Pending', [wanted]: 'Pending' });

    const { data, error } = await anon.rpc('activate_invite', { ...args, p_code: wantedCode, p_invitation: wanted });
    expect(error).toBeNull();
    expect(data).toMatchObject({ profile_id: wanted, activated: 1 });
    expect(await state([planted, wanted])).toEqual({ [planted]: 'Pending', [wanted]: 'Active linked' });

    // The other organisation's code, with its own id, accepts that one — only when the person uses it.
    const later = await anon.rpc('activate_invite', { ...args, p_code: plantedCode, p_invitation: planted });
    expect(later.error).toBeNull();
    expect(await state([planted, wanted])).toEqual({ [planted]: 'Active linked', [wanted]: 'Active linked' });
  });

  it('never let an invitation planted earlier hold the code of another invitation of the address', async () => {
    const { email, planted, wanted, wantedCode } = await twoInvitations('planted');
    // An unlucky draw (or a planted row) giving the earlier invitation the same code: the database refuses it.
    await expect(
      db.query(
        `update app.invite_codes a set code_hash = b.code_hash from app.invite_codes b where a.profile_id = $1 and b.profile_id = $2`,
        [planted, wanted],
      ),
    ).rejects.toThrow(/invite_codes_email_code_key/);
    // The code the person was mailed for the real employer accepts that invitation, and only it.
    const { data, error } = await anon.rpc('activate_invite', { p_email: email, p_code: wantedCode, p_password: 'planted-password', p_full_name: 'Pat Planted' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ profile_id: wanted, activated: 1 });
    expect(await state([planted, wanted])).toEqual({ [planted]: 'Pending', [wanted]: 'Active linked' });
  });

  it('draw every code of an address different from its other live codes', async () => {
    const { email } = await twoInvitations('distinct');
    // The check the draw makes is the one the unique key states: no two rows of the address alike.
    const { rows } = await db.query<{ n: number; distinct_hashes: number }>(
      `select count(*)::int as n, count(distinct code_hash)::int as distinct_hashes from app.invite_codes where email = $1`,
      [email],
    );
    expect(rows).toEqual([{ n: 2, distinct_hashes: 2 }]);
    const { rows: keys } = await db.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where schemaname = 'app' and tablename = 'invite_codes' and indexname = 'invite_codes_email_code_key'`,
    );
    expect(keys.map((key) => key.indexdef)).toEqual(['CREATE UNIQUE INDEX invite_codes_email_code_key ON app.invite_codes USING btree (email, code_hash)']);
  });

  it('after the codes were sent anew, a code the person saw accepts nothing, and the invitation they chose stays theirs to accept', async () => {
    const { email, planted, wanted, wantedCode } = await twoInvitations('rotated');
    expect((await anon.rpc('find_pending_invite', { p_email: email, p_code: wantedCode })).data).toMatchObject({ id: wanted });
    // Anyone may ask for new codes for the address meanwhile: the one shown is void, for every invitation.
    expect((await anon.rpc('request_invite_code', { p_email: email })).error).toBeNull();
    const args = { p_email: email, p_code: wantedCode, p_password: 'rotated-password', p_full_name: 'Pat Rotated' };
    await expectRejected('activate_invite', { ...args, p_invitation: wanted }, 'ST011', 'The code is not valid or has expired');
    expect(await state([planted, wanted])).toEqual({ [planted]: 'Pending', [wanted]: 'Pending' });
  });
});
