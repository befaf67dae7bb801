import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { acceptInvitation } from '../rls/acceptInvitation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack, uniqueEmail } from '../stack/testStack';

// Tasks with an owner and a date, notifications written by the database for the person concerned
// only, and the daily digest of due and overdue tasks (migration 20261125150000_work_management).
const stack = testStack();
let db: pg.Client;
let org: SignedUpOrganization;
let other: SignedUpOrganization;
let member: { profileId: string; client: SupabaseClient; email: string };

type Notice = { kind: string; title: string; link: string; profile_id: string; org_name: string; read_at: string | null };

async function notices(client: SupabaseClient): Promise<Notice[]> {
  const { data, error } = await client.from('notifications').select('*').order('created_at');
  if (error) throw new Error(error.message);
  return data as Notice[];
}

async function orgToday(orgName: string): Promise<string> {
  const { rows } = await db.query<{ today: string }>(`select app.org_today($1)::text as today`, [orgName]);
  return rows[0]!.today;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function addTask(client: SupabaseClient, orgName: string, values: Record<string, unknown>) {
  const { data, error } = await client.schema('ops').from('tasks').insert({ org_name: orgName, status: 'To Do', ...values }).select('*').single();
  if (error) throw new Error(error.message);
  return data as { id: string; short_id: string };
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  [org, other] = await Promise.all([signUpOrganization(stack, 'Work Notices'), signUpOrganization(stack, 'Work Outsider')]);
  // A second member of the organisation, invited and activated as the product does it.
  const email = uniqueEmail('member');
  const { data: invited, error } = await org.client
    .from('user_profiles')
    .insert({ org_name: org.orgName, name: 'Robin Member', first_name: 'Robin', username: 'robin', email, status: 'Pending' })
    .select('id')
    .single();
  if (error) throw new Error(error.message);
  await acceptInvitation(stack, { email, orgName: org.orgName, password: 'Member-pass-2026', fullName: 'Robin Member' });
  member = { profileId: (invited as { id: string }).id, client: await signIn(stack, email, 'Member-pass-2026'), email };
});

afterAll(async () => {
  await db?.end();
});

describe('notifications', () => {
  it('a task assigned by someone else reaches the assignee only, linked to the task', async () => {
    const task = await addTask(org.client, org.orgName, { title: 'Count the canoes', assignee_id: member.profileId });
    const mine = await notices(member.client);
    expect(mine).toEqual([expect.objectContaining({ kind: 'task_assigned', title: 'Assigned to you: Count the canoes', link: `/tasks?task=${task.short_id}` })]);
    expect(mine[0]!.profile_id).toBe(member.profileId);
    expect(await notices(org.client)).toEqual([]);
    expect(await notices(other.client)).toEqual([]);
  });

  it('a task of yours due today tells you once, even when you assigned it yourself', async () => {
    const today = await orgToday(org.orgName);
    const task = await addTask(org.client, org.orgName, { title: 'Sweep the dock', assignee_id: org.profileId, due_date: today });
    await org.client.schema('ops').from('tasks').update({ priority: 'High', due_date: today }).eq('id', task.id);
    await db.query('select app.notify_scheduled()');
    const mine = (await notices(org.client)).filter((notice) => notice.kind === 'task_due');
    expect(mine.map((notice) => notice.title)).toEqual(['Due today: Sweep the dock']);
    expect((await notices(member.client)).some((notice) => notice.title.includes('Sweep the dock'))).toBe(false);
  });

  it('the scheduled function finds tasks that became overdue, for their assignee only', async () => {
    const today = await orgToday(org.orgName);
    const { rows } = await db.query<{ id: string }>(
      `insert into ops.tasks (org_name, title, status, assignee_id, due_date) values ($1, 'File the permit', 'To Do', $2, $3::date) returning id`,
      [org.orgName, member.profileId, addDays(today, -2)],
    );
    await db.query(`delete from public.notifications where record_id = $1`, [rows[0]!.id]);
    expect(await db.query('select app.notify_scheduled()')).toBeTruthy();
    const titles = (await notices(member.client)).map((notice) => notice.title);
    expect(titles).toContain('Overdue: File the permit');
    expect((await notices(org.client)).map((notice) => notice.title)).not.toContain('Overdue: File the permit');
  });

  it('a note mentioning @name tells that member', async () => {
    const { data: contact } = await org.client.schema('crm').from('contacts').insert({ org_name: org.orgName, name: 'Ada Guest' }).select('id, short_id').single();
    const contactRow = contact as { id: string; short_id: string };
    const { error } = await org.client
      .schema('crm')
      .from('notes')
      .insert({ org_name: org.orgName, name: 'Late arrival', description: 'Guest arrives at 11pm, @robin please leave the key.', contact_id: contactRow.id });
    expect(error).toBeNull();
    const mention = (await notices(member.client)).find((notice) => notice.kind === 'note_mention');
    expect(mention).toMatchObject({ title: 'Mentioned in a note: Late arrival', link: `/contact/${contactRow.short_id}` });
  });

  it('a stay arriving today tells the person who looks after the unit', async () => {
    const { data: unit, error } = await org.client
      .schema('catalog')
      .from('accommodations')
      .insert({ org_name: org.orgName, name: 'Heron Cabin', base_rate: 100, caretaker_id: member.profileId })
      .select('id')
      .single();
    expect(error).toBeNull();
    const today = await orgToday(org.orgName);
    const unitId = (unit as { id: string }).id;
    const stay = await org.client
      .schema('catalog')
      .from('reservations')
      .insert({ org_name: org.orgName, name: 'Lovelace party', accommodation_id: unitId, check_in: `${today}T15:00:00Z`, check_out: `${addDays(today, 2)}T11:00:00Z` })
      .select('id')
      .single();
    expect(stay.error).toBeNull();
    // Stays that no longer hold the unit are not expected.
    for (const [name, status] of [['Babbage party', 'Cancelled'], ['Somerville party', 'No-show']] as const) {
      const gone = await org.client
        .schema('catalog')
        .from('reservations')
        .insert({ org_name: org.orgName, name, status, accommodation_id: unitId, check_in: `${today}T16:00:00Z`, check_out: `${addDays(today, 1)}T11:00:00Z` });
      expect(gone.error).toBeNull();
    }
    // A unit nobody looks after tells nobody.
    const { data: loose } = await org.client.schema('catalog').from('accommodations').insert({ org_name: org.orgName, name: 'Loose Cabin', base_rate: 80 }).select('id').single();
    const unattended = await org.client
      .schema('catalog')
      .from('reservations')
      .insert({ org_name: org.orgName, name: 'Hopper party', accommodation_id: (loose as { id: string }).id, check_in: `${today}T15:00:00Z`, check_out: `${addDays(today, 1)}T11:00:00Z` });
    expect(unattended.error).toBeNull();
    await db.query('select app.notify_scheduled()');
    await db.query('select app.notify_scheduled()');
    const arrivals = (await notices(member.client)).filter((notice) => notice.kind === 'reservation_arriving');
    expect(arrivals.map((notice) => [notice.title, notice.link])).toEqual([['Arriving today: Lovelace party', `/reservations?stay=${(stay.data as { id: string }).id}`]]);
    // The owner, who does not look after the unit, and the other organisation hear of no arrival.
    expect((await notices(org.client)).filter((notice) => notice.kind === 'reservation_arriving')).toEqual([]);
    expect(await notices(other.client)).toEqual([]);
  });

  it('a mention reaches members of the note’s own organisation only', async () => {
    const { data: contact } = await other.client.schema('crm').from('contacts').insert({ org_name: other.orgName, name: 'Their Guest' }).select('id').single();
    const { error } = await other.client
      .schema('crm')
      .from('notes')
      .insert({ org_name: other.orgName, name: 'Their note', description: 'Ask @robin and @RobinMember about it.', contact_id: (contact as { id: string }).id });
    expect(error).toBeNull();
    expect((await notices(member.client)).some((notice) => notice.title.includes('Their note'))).toBe(false);
    // Nor can another organisation make one of ours look after its unit.
    const unit = await other.client.schema('catalog').from('accommodations').insert({ org_name: other.orgName, name: 'Their Cabin', base_rate: 70, caretaker_id: member.profileId });
    expect(unit.error?.code).toBe('23503');
  });

  it('are marked read one by one or all at once, by their owner only', async () => {
    const before = await notices(member.client);
    expect(before.length).toBeGreaterThan(1);
    // Someone else cannot mark them read.
    const foreign = await org.client.from('notifications').update({ read_at: new Date().toISOString() }).eq('profile_id', member.profileId).select('id');
    expect(foreign.data ?? []).toEqual([]);
    const one = await member.client.from('notifications').update({ read_at: new Date().toISOString() }).eq('link', before[0]!.link).select('id');
    expect(one.error).toBeNull();
    const { count } = await member.client.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null);
    expect(count).toBe(before.length - (one.data ?? []).length);
    const all = await member.client.rpc('mark_all_notifications_read', { p_org_name: org.orgName });
    expect(all.error).toBeNull();
    const after = await member.client.from('notifications').select('id', { count: 'exact', head: true }).is('read_at', null);
    expect(after.count).toBe(0);
    // Nobody writes one through the API.
    const forged = await member.client.from('notifications').insert({ org_name: org.orgName, profile_id: member.profileId, kind: 'task_due', title: 'x', link: '/tasks' });
    expect(forged.error?.code).toBe('42501');
  });

  it('never cross organisations: a task cannot be assigned to another organisation’s member', async () => {
    const { error } = await other.client.schema('ops').from('tasks').insert({ org_name: other.orgName, title: 'Sneaky', assignee_id: member.profileId });
    expect(error?.code).toBe('23503');
    expect((await notices(member.client)).some((notice) => notice.title.includes('Sneaky'))).toBe(false);
    expect(await notices(other.client)).toEqual([]);
  });

  it('a task links to a record of its own organisation only, and the record lists its open tasks', async () => {
    const { data: contact } = await other.client.schema('crm').from('contacts').insert({ org_name: other.orgName, name: 'Outsider' }).select('id').single();
    const refused = await org.client.schema('ops').from('tasks').insert({ org_name: org.orgName, title: 'Call them', contact_id: (contact as { id: string }).id });
    expect(refused.error?.code).toBe('23503');
    const { data: own } = await org.client.schema('crm').from('businesses').insert({ org_name: org.orgName, name: 'Mill Supply' }).select('id').single();
    const businessId = (own as { id: string }).id;
    await addTask(org.client, org.orgName, { title: 'Send the invoice', business_id: businessId });
    await addTask(org.client, org.orgName, { title: 'Old follow-up', business_id: businessId, status: 'Done' });
    const { data: open } = await org.client.schema('ops').from('open_tasks_view').select('title').eq('business_id', businessId);
    expect(open).toEqual([{ title: 'Send the invoice' }]);
  });

  it('a task about a stay or a project links to that stay or project, and each lists its open tasks', async () => {
    const today = await orgToday(org.orgName);
    const { data: unit } = await org.client.schema('catalog').from('accommodations').insert({ org_name: org.orgName, name: 'Wren Cabin', base_rate: 90 }).select('id').single();
    const { data: stay, error } = await org.client
      .schema('catalog')
      .from('reservations')
      .insert({ org_name: org.orgName, name: 'Curie party', accommodation_id: (unit as { id: string }).id, check_in: `${addDays(today, 20)}T15:00:00Z`, check_out: `${addDays(today, 22)}T11:00:00Z` })
      .select('id')
      .single();
    expect(error).toBeNull();
    const stayId = (stay as { id: string }).id;
    const { data: project } = await org.client.schema('ops').from('projects').insert({ org_name: org.orgName, name: 'New jetty', status: 'Active', due_date: addDays(today, 3) }).select('id, short_id').single();
    const projectRow = project as { id: string; short_id: string };
    const stayTask = await addTask(org.client, org.orgName, { title: 'Make up the cots', reservation_id: stayId });
    const projectTask = await addTask(org.client, org.orgName, { title: 'Order the planks', project_id: projectRow.id });
    await addTask(org.client, org.orgName, { title: 'Planks delivered', project_id: projectRow.id, status: 'Done' });

    const { data: paths } = await org.client.schema('ops').from('tasks_view').select('id, record_label, record_path').in('id', [stayTask.id, projectTask.id]);
    expect(new Map((paths as { id: string; record_label: string; record_path: string }[]).map((row) => [row.id, [row.record_label, row.record_path]]))).toEqual(
      new Map([
        [stayTask.id, ['Reservation: Curie party', `/reservations?stay=${stayId}`]],
        [projectTask.id, ['Project: New jetty', `/projects?project=${projectRow.short_id}`]],
      ]),
    );
    const onStay = await org.client.schema('ops').from('open_tasks_view').select('title').eq('reservation_id', stayId);
    expect(onStay.data).toEqual([{ title: 'Make up the cots' }]);
    const onProject = await org.client.schema('ops').from('open_tasks_view').select('title').eq('project_id', projectRow.id);
    expect(onProject.data).toEqual([{ title: 'Order the planks' }]);

    // The calendar's items open the same records.
    const events = await org.client.schema('ops').rpc('calendar_events', { p_org_name: org.orgName, p_from: today, p_to: addDays(today, 30) });
    const links = new Map((events.data as { id: string; link: string }[]).map((event) => [event.id, event.link]));
    expect(links.get(stayId)).toBe(`/reservations?stay=${stayId}`);
    expect(links.get(projectRow.id)).toBe(`/projects?project=${projectRow.short_id}`);
  });
});

describe('the daily digest', () => {
  it('holds exactly the due and overdue open tasks of the person, and goes through the outbox once a day', async () => {
    const today = await orgToday(org.orgName);
    const digestOrg = await signUpOrganization(stack, 'Digest Office');
    await digestOrg.client.from('user_profiles').update({ task_digest: true }).eq('id', digestOrg.profileId);
    const add = (title: string, due: string | null, status = 'To Do', archive = false) =>
      addTask(digestOrg.client, digestOrg.orgName, { title, due_date: due, status, archive, assignee_id: digestOrg.profileId });
    const dTodayOrg = await orgToday(digestOrg.orgName);
    await add('Due today', dTodayOrg);
    await add('Overdue', addDays(dTodayOrg, -3), 'In Progress');
    await add('Tomorrow', addDays(dTodayOrg, 1));
    await add('No date', null);
    await add('Done already', addDays(dTodayOrg, -1), 'Done');
    await add('Archived', addDays(dTodayOrg, -1), 'To Do', true);
    await addTask(digestOrg.client, digestOrg.orgName, { title: 'Nobody’s', due_date: dTodayOrg });
    expect(today).toBeTruthy();

    const { rows: items } = await db.query<{ title: string; overdue: boolean }>(
      `select title, overdue from app.task_digest_items($1, $2::date)`,
      [digestOrg.profileId, dTodayOrg],
    );
    expect(items).toEqual([
      { title: 'Overdue', overdue: true },
      { title: 'Due today', overdue: false },
    ]);

    // At noon in the organisation's zone (UTC: the zone is unset), twice: one mail.
    const noon = `${dTodayOrg}T12:00:00Z`;
    await db.query('select app.send_task_digests($1::timestamptz)', [noon]);
    await db.query('select app.send_task_digests($1::timestamptz)', [noon]);
    const { rows: mails } = await db.query<{ subject: string; body_text: string }>(
      `select subject, body_text from app.mail_outbox where kind = 'task_digest' and org_name = $1`,
      [digestOrg.orgName],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body_text).toContain('OVERDUE: Overdue');
    expect(mails[0]!.body_text).toContain('- Due today');
    for (const absent of ['Tomorrow', 'No date', 'Done already', 'Archived', 'Nobody’s']) expect(mails[0]!.body_text).not.toContain(absent);

    // Someone who did not opt in gets none.
    const { rows: others } = await db.query(`select 1 from app.mail_outbox where kind = 'task_digest' and org_name = $1`, [org.orgName]);
    expect(others).toEqual([]);
  });

  it('is in the member\'s own language, else the organisation\'s, else English', async () => {
    const office = await signUpOrganization(stack, 'Digest Oficina');
    await office.client.from('user_profiles').update({ task_digest: true }).eq('id', office.profileId);
    const today = await orgToday(office.orgName);
    await addTask(office.client, office.orgName, { title: 'Pagar la luz', due_date: today, assignee_id: office.profileId });
    await addTask(office.client, office.orgName, { title: 'Llamar al fontanero', due_date: addDays(today, -3), assignee_id: office.profileId });
    const setLanguages = async (member: string | null, organisation: string | null) => {
      await db.query('update public.user_profiles set language = $2 where id = $1', [office.profileId, member]);
      await db.query('update public.organizations set language = $2 where org_name = $1', [office.orgName, organisation]);
    };
    // One digest a day: each language on its own day, at noon (UTC: the zone is unset).
    const digestOn = async (day: string) => {
      await db.query('select app.send_task_digests($1::timestamptz)', [`${day}T12:00:00Z`]);
      const { rows } = await db.query<{ subject: string; body_text: string }>(
        `select m.subject, m.body_text from app.task_digests_sent s join app.mail_outbox m on m.id = s.mail_id where s.profile_id = $1 and s.sent_on = $2::date`,
        [office.profileId, day]);
      expect(rows).toHaveLength(1);
      return rows[0]!;
    };
    const name = (await db.query<{ name: string }>('select name from public.user_profiles where id = $1', [office.profileId])).rows[0]?.name;
    const esDay = (day: string) => new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
    const enDay = (day: string) => new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

    await setLanguages('es', null);
    const spanish = await digestOn(today);
    expect(spanish.subject).toBe(`Tus tareas del ${esDay(today)} — ${office.orgName}`);
    expect(spanish.body_text).toBe(
      `Hola, ${name}:\n\nEstas tareas vencen hoy o están vencidas:\n\n`
      + `- VENCIDA: Llamar al fontanero (vence el ${esDay(addDays(today, -3))})\n- Pagar la luz (vence el ${esDay(today)})\n\n`
      + 'Abre Mi trabajo: /tasks?view=mine\n');

    // A language Steward does not speak: the organisation's.
    await setLanguages('fr', 'es');
    const tomorrow = addDays(today, 1);
    expect((await digestOn(tomorrow)).subject).toBe(`Tus tareas del ${esDay(tomorrow)} — ${office.orgName}`);

    // Neither: English, as the digest always read.
    await setLanguages('fr', null);
    const after = addDays(today, 2);
    const english = await digestOn(after);
    expect(english.subject).toBe(`Your tasks for ${enDay(after)} — ${office.orgName}`);
    expect(english.body_text).toContain(`- OVERDUE: Llamar al fontanero (due ${enDay(addDays(today, -3))})`);
    expect(english.body_text).toContain(`Hello ${name},`);
  });
});

describe('the calendar', () => {
  it('returns what is dated in the window, of the caller’s organisation only', async () => {
    const today = await orgToday(org.orgName);
    await addTask(org.client, org.orgName, { title: 'Calendar task', due_date: today });
    const mine = await org.client.schema('ops').rpc('calendar_events', { p_org_name: org.orgName, p_from: addDays(today, -7), p_to: addDays(today, 7) });
    expect(mine.error).toBeNull();
    const kinds = new Set((mine.data as { kind: string }[]).map((event) => event.kind));
    expect(kinds).toEqual(new Set(['task', 'reservation', 'project']));
    const theirs = await other.client.schema('ops').rpc('calendar_events', { p_org_name: org.orgName, p_from: addDays(today, -7), p_to: addDays(today, 7) });
    expect(theirs.data).toEqual([]);
  });

  it('holds only the kinds of the areas the organisation enabled', async () => {
    const today = await orgToday(org.orgName);
    const window = { p_org_name: org.orgName, p_from: addDays(today, -7), p_to: addDays(today, 30) };
    const kindsNow = async () => new Set(((await org.client.schema('ops').rpc('calendar_events', window)).data as { kind: string }[]).map((event) => event.kind));
    expect(await kindsNow()).toContain('reservation');
    const lodging = `select oc.id from settings.org_components oc join settings.components c on c.id = oc.component_id where oc.org_name = $1 and c.name = 'lodging'`;
    await db.query(`update settings.org_components set enabled = false where id in (${lodging})`, [org.orgName]);
    try {
      const kinds = await kindsNow();
      expect(kinds.has('reservation')).toBe(false);
      expect(kinds).toContain('task');
    } finally {
      await db.query(`update settings.org_components set enabled = true where id in (${lodging})`, [org.orgName]);
    }
  });
});
