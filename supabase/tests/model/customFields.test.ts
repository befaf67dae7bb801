import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithOwnRole } from '../rls/roleMember';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, createTestClient, testStack } from '../stack/testStack';

// Fields an organisation defines for itself (issue 48): definitions in settings.custom_fields, values in
// each record table's custom jsonb column, checked by the database against the definitions; sensitive
// values withheld by the database from people whose role does not edit the area.
const stack = testStack();
let org: SignedUpOrganization;
let other: SignedUpOrganization;
let viewer: SignedUpOrganization;
let anon: SupabaseClient;
let db: pg.Client;

type Field = { id: string; label: string; choices: { id: string; label: string; archived: boolean }[] };

async function defineField(member: SignedUpOrganization, definition: Record<string, unknown>): Promise<Field> {
  const { data, error } = await member.client.schema('settings').from('custom_fields').insert({ org_name: member.orgName, record_kind: 'contact', ...definition }).select('id, label, choices').single();
  if (error) throw new Error(error.message);
  return data as Field;
}

async function newContact(member: SignedUpOrganization, name: string, custom: Record<string, unknown> = {}) {
  return member.client.schema('crm').from('contacts').insert({ org_name: member.orgName, name, custom }).select('id, custom').single();
}

async function contactId(member: SignedUpOrganization, name: string, custom: Record<string, unknown> = {}): Promise<string> {
  const { data, error } = await newContact(member, name, custom);
  if (error) throw new Error(error.message);
  return (data as { id: string }).id;
}

let level: Field;
let waiver: Field;
let medical: Field;
let dietary: Field;
let sponsor: Field;
let beginner: string;
let intermediate: string;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  anon = createTestClient(stack.apiUrl, stack.anonKey);
  org = await signUpOrganization(stack, 'Fields');
  other = await signUpOrganization(stack, 'Elsewhere');
  const narrow = await memberWithOwnRole(stack, org, 'Viewer');
  await narrow.grant('crm', 'Organization', 'allowed');
  viewer = narrow.member;
  level = await defineField(org, { label: 'Paddling level', field_type: 'single_choice', choices: [{ label: 'Beginner' }, { label: 'Intermediate' }] });
  beginner = level.choices[0]!.id;
  intermediate = level.choices[1]!.id;
  waiver = await defineField(org, { label: 'Waiver expires', field_type: 'date' });
  medical = await defineField(org, { label: 'Medical notes', field_type: 'long_text', sensitive: true });
  dietary = await defineField(org, { label: 'Dietary needs', field_type: 'multiple_choice', choices: [{ label: 'Vegan' }, { label: 'Nut allergy' }, { label: 'Gluten free' }] });
  sponsor = await defineField(org, { label: 'Sponsor', field_type: 'link', link_kind: 'contact' });
});
afterAll(async () => {
  await db.end();
});

describe('definitions', () => {
  it('are read by every member of their organisation only, and written only with Settings edit', async () => {
    const { data: mine } = await org.client.schema('settings').from('custom_fields').select('label').order('position');
    expect((mine ?? []).map((row) => row.label)).toEqual(['Paddling level', 'Waiver expires', 'Medical notes', 'Dietary needs', 'Sponsor']);
    const { data: theirs } = await other.client.schema('settings').from('custom_fields').select('id');
    expect(theirs).toEqual([]);
    const { data: viewed } = await viewer.client.schema('settings').from('custom_fields').select('label').eq('id', level.id);
    expect(viewed).toEqual([{ label: 'Paddling level' }]);
    const { error: insertError } = await viewer.client.schema('settings').from('custom_fields').insert({ org_name: org.orgName, record_kind: 'contact', label: 'Sneaky', field_type: 'short_text' });
    expect(insertError?.code).toBe('42501');
    const { data: renamed } = await viewer.client.schema('settings').from('custom_fields').update({ label: 'Renamed' }).eq('id', level.id).select('id');
    expect(renamed).toEqual([]);
    const { error: crossOrg } = await other.client.schema('settings').from('custom_fields').insert({ org_name: org.orgName, record_kind: 'contact', label: 'Intruder', field_type: 'short_text' });
    expect(crossOrg?.code).toBe('42501');
    const { error: anonError } = await anon.schema('settings').from('custom_fields').select('id');
    expect(anonError).not.toBeNull();
  });

  it('give every choice a stable id; renaming, reordering and archiving choices leaves values alone; removing one is refused', async () => {
    const id = await contactId(org, 'Choice Keeper', { [level.id]: intermediate });
    const reordered = [
      { id: intermediate, label: 'Improver', archived: true },
      { id: beginner, label: 'Beginner', archived: false },
    ];
    const { data, error } = await org.client.schema('settings').from('custom_fields').update({ choices: reordered }).eq('id', level.id).select('choices').single();
    expect(error).toBeNull();
    expect((data as Field).choices).toEqual(reordered);
    const { data: row } = await org.client.schema('crm').from('contacts').select('custom').eq('id', id).single();
    expect((row as { custom: Record<string, unknown> }).custom[level.id]).toBe(intermediate);
    // The archived choice stays where it is stored, but is not chosen anew.
    const { error: again } = await newContact(org, 'New Improver', { [level.id]: intermediate });
    expect(again).toMatchObject({ code: '23514', message: 'Paddling level: the choice Improver is archived' });
    const { error: keep } = await org.client.schema('crm').from('contacts').update({ custom: { [level.id]: intermediate, [waiver.id]: '2027-05-01' } }).eq('id', id);
    expect(keep).toBeNull();
    const { error: removed } = await org.client.schema('settings').from('custom_fields').update({ choices: [reordered[1]] }).eq('id', level.id);
    expect(removed).toMatchObject({ code: '23514', message: 'A choice of Paddling level cannot be removed: archive it instead (its values stay)' });
    await org.client.schema('settings').from('custom_fields').update({ choices: [{ id: beginner, label: 'Beginner' }, { id: intermediate, label: 'Intermediate' }] }).eq('id', level.id);
  });

  it('refuse a second field with the same label (any case), a bad default, and a direct type change', async () => {
    const { error: same } = await org.client.schema('settings').from('custom_fields').insert({ org_name: org.orgName, record_kind: 'contact', label: 'paddling LEVEL', field_type: 'short_text' });
    expect(same?.code).toBe('23505');
    const { error: badDefault } = await org.client.schema('settings').from('custom_fields').insert({ org_name: org.orgName, record_kind: 'contact', label: 'Age', field_type: 'number', default_value: 'forty' });
    expect(badDefault).toMatchObject({ code: '23514', message: 'Default value: Age must be a number' });
    const { error: retype } = await org.client.schema('settings').from('custom_fields').update({ field_type: 'short_text' }).eq('id', waiver.id);
    expect(retype).toMatchObject({ code: '23514', message: "A field's type is changed with settings.change_field_type, which converts its values" });
    // Another organisation may use the same label.
    const theirs = await defineField(other, { label: 'Paddling level', field_type: 'short_text' });
    expect(theirs.label).toBe('Paddling level');
  });
});

describe('values', () => {
  it('are stored in their shapes and refused with the field label when they do not fit, nothing written', async () => {
    const { data, error } = await newContact(org, 'Abigail Foster', { [level.id]: beginner, [waiver.id]: '2027-06-30', [dietary.id]: [dietary.choices[0]!.id] });
    expect(error).toBeNull();
    expect((data as { custom: unknown }).custom).toEqual({ [level.id]: beginner, [waiver.id]: '2027-06-30', [dietary.id]: [dietary.choices[0]!.id] });
    const cases: [Record<string, unknown>, string][] = [
      [{ [waiver.id]: '2027-02-30' }, 'Waiver expires must be a date (YYYY-MM-DD)'],
      [{ [waiver.id]: 20270630 }, 'Waiver expires must be a date (YYYY-MM-DD)'],
      [{ [level.id]: 'Beginner' }, 'Paddling level has no such choice (Beginner)'],
      [{ [level.id]: [beginner] }, 'Paddling level must be one of its choices'],
      [{ [dietary.id]: dietary.choices[0]!.id }, 'Dietary needs must be a list of its choices'],
      [{ [dietary.id]: [dietary.choices[0]!.id, dietary.choices[0]!.id] }, 'Dietary needs lists a choice twice'],
      [{ '00000000-0000-4000-8000-00000000dead': 'x' }, 'Unknown field: 00000000-0000-4000-8000-00000000dead'],
      [{ 'not-a-field': 'x' }, 'Unknown field: not-a-field'],
      [{ [sponsor.id]: 'nobody' }, 'Sponsor must link to a contact of this organisation'],
    ];
    for (const [custom, message] of cases) {
      const name = `Refused ${message.slice(0, 20)}`;
      const { error: refused } = await newContact(org, name, custom);
      expect(refused, message).toMatchObject({ code: '23514', message });
      const { data: none } = await org.client.schema('crm').from('contacts').select('id').eq('name', name);
      expect(none).toEqual([]);
    }
  });

  it('refuse another organisation\'s field ids and a link to another organisation\'s record', async () => {
    const theirContact = await contactId(other, 'Their Contact');
    const { error: link } = await newContact(org, 'Linked Away', { [sponsor.id]: theirContact });
    expect(link).toMatchObject({ code: '23514', message: 'Sponsor must link to a contact of this organisation' });
    const ours = await contactId(org, 'Our Sponsor');
    const { error: linked } = await newContact(org, 'Linked Home', { [sponsor.id]: ours });
    expect(linked).toBeNull();
    const { error: foreignField } = await newContact(other, 'Borrowed Field', { [level.id]: beginner });
    expect(foreignField).toMatchObject({ code: '23514', message: `Unknown field: ${level.id}` });
  });

  it('refuse 10,000 keys in one request with one clear message', async () => {
    const custom = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, 'x']));
    const { error } = await newContact(org, 'Too Many', custom);
    expect(error).toMatchObject({ code: '23514', message: 'A record takes at most 500 custom field values (10000 sent)' });
  });

  it('apply defaults on insert and keep required fields filled', async () => {
    const kind = 'household';
    const { data: seats, error } = await org.client.schema('settings').from('custom_fields').insert({ org_name: org.orgName, record_kind: kind, label: 'Pew', field_type: 'number', required: true, default_value: 3 }).select('id').single();
    expect(error).toBeNull();
    const pew = (seats as { id: string }).id;
    const { data: household } = await org.client.schema('crm').from('households').insert({ org_name: org.orgName, name: 'The Fosters' }).select('id, custom').single();
    expect((household as { custom: unknown }).custom).toEqual({ [pew]: 3 });
    const { error: emptied } = await org.client.schema('crm').from('households').update({ custom: { [pew]: null } }).eq('id', (household as { id: string }).id);
    expect(emptied).toMatchObject({ code: '23514', message: 'Pew is required' });
    await org.client.schema('settings').from('custom_fields').update({ default_value: null }).eq('id', pew);
    const { error: missing } = await org.client.schema('crm').from('households').insert({ org_name: org.orgName, name: 'The Empties' });
    expect(missing).toMatchObject({ code: '23514', message: 'Pew is required' });
    await org.client.schema('settings').from('custom_fields').update({ archive: true }).eq('id', pew);
  });

  it('are written in the record history: old and new custom values', async () => {
    const id = await contactId(org, 'History Paddler', { [level.id]: beginner });
    await org.client.schema('crm').from('contacts').update({ custom: { [level.id]: intermediate } }).eq('id', id);
    const { data } = await org.client.rpc('record_history_page', { p_record_id: id });
    const [update] = data as { action: string; changes: Record<string, unknown> }[];
    expect(update).toMatchObject({ action: 'update', changes: { custom: [{ [level.id]: beginner }, { [level.id]: intermediate }] } });
  });
});

describe('sensitive fields', () => {
  let id: string;
  beforeAll(async () => {
    id = await contactId(org, 'Sensitive Sam', { [level.id]: beginner, [medical.id]: 'asthma' });
  });

  it('are shown to people who edit the area, through the list view and custom_values', async () => {
    const { data } = await org.client.schema('crm').from('contacts_view').select('custom').eq('id', id).single();
    expect((data as { custom: Record<string, unknown> }).custom).toEqual({ [level.id]: beginner, [medical.id]: 'asthma' });
    const { data: values, error } = await org.client.rpc('custom_values', { p_kind: 'contact', p_ids: [id] });
    expect(error).toBeNull();
    expect(values).toEqual([{ id, custom: { [level.id]: beginner, [medical.id]: 'asthma' } }]);
  });

  it('never reach a member whose role only views the area: not the table, not the view, not the function', async () => {
    const { data: row } = await viewer.client.schema('crm').from('contacts').select('custom').eq('id', id).single();
    expect((row as { custom: Record<string, unknown> }).custom).toEqual({ [level.id]: beginner });
    const { data: viewed } = await viewer.client.schema('crm').from('contacts_view').select('custom').eq('id', id).single();
    expect((viewed as { custom: Record<string, unknown> }).custom).toEqual({ [level.id]: beginner });
    const { data: values } = await viewer.client.rpc('custom_values', { p_kind: 'contact', p_ids: [id] });
    expect(values).toEqual([{ id, custom: { [level.id]: beginner } }]);
    const { data: filtered } = await viewer.client.schema('crm').from('contacts_view').select('id').eq('id', id).eq(`custom->>${medical.id}`, 'asthma');
    expect(filtered).toEqual([]);
    // Not even through another organisation's owner.
    const { data: theirs } = await other.client.schema('crm').from('contacts_view').select('id').eq('id', id);
    expect(theirs).toEqual([]);
  });

  it('reach a member who edits the area only at the Personal level on their own records only', async () => {
    const helper = await memberWithOwnRole(stack, org, 'Helper');
    await helper.grant('crm', 'Organization', 'allowed');
    await db.query(
      `update settings.user_role_permissions p set edit_access = 'Personal' from settings.components c, public.user_profiles u
        where c.id = p.component_id and c.name = 'crm' and u.role_id = p.role_id and u.org_name = $1 and u.name = 'Helper'`,
      [org.orgName],
    );
    const { data: own, error } = await helper.member.client.schema('crm').from('contacts').insert({ org_name: org.orgName, name: 'Helper Own', custom: { [medical.id]: 'own note' } }).select('id').single();
    expect(error).toBeNull();
    const { data: rows } = await helper.member.client.schema('crm').from('contacts_view').select('id, custom').in('id', [id, (own as { id: string }).id]);
    const byId = Object.fromEntries((rows ?? []).map((row) => [row.id, row.custom]));
    expect(byId[(own as { id: string }).id]).toEqual({ [medical.id]: 'own note' });
    expect(byId[id]).toEqual({ [level.id]: beginner });
  });

  it('cannot be written without edit rights, and the viewer writing back what they saw keeps the value', async () => {
    const { error } = await viewer.client.schema('crm').from('contacts').insert({ org_name: org.orgName, name: 'Viewer Adds', custom: { [medical.id]: 'peanuts' } });
    expect(error).toMatchObject({ code: '42501', message: 'Medical notes is sensitive: only people who may edit these records can change it' });
    const { rows } = await db.query(`select custom from app.custom_sensitive where record_id = $1`, [id]);
    expect(rows).toEqual([{ custom: { [medical.id]: 'asthma' } }]);
    // The owner writes back the row they read through the table (no sensitive key): the value stays.
    const { error: writeBack } = await org.client.schema('crm').from('contacts').update({ custom: { [level.id]: intermediate } }).eq('id', id);
    expect(writeBack).toBeNull();
    const { data } = await org.client.schema('crm').from('contacts_view').select('custom').eq('id', id).single();
    expect((data as { custom: Record<string, unknown> }).custom).toEqual({ [level.id]: intermediate, [medical.id]: 'asthma' });
  });

  it('keep their values where they are when a field becomes sensitive or stops being so', async () => {
    const { rows: before } = await db.query(`select custom from crm.contacts where id = $1`, [id]);
    expect(before[0].custom).toEqual({ [level.id]: intermediate });
    await org.client.schema('settings').from('custom_fields').update({ sensitive: true }).eq('id', level.id);
    const { data: hidden } = await viewer.client.schema('crm').from('contacts_view').select('custom').eq('id', id).single();
    expect((hidden as { custom: Record<string, unknown> }).custom).toEqual({});
    const { data: shown } = await org.client.schema('crm').from('contacts_view').select('custom').eq('id', id).single();
    expect((shown as { custom: Record<string, unknown> }).custom).toEqual({ [level.id]: intermediate, [medical.id]: 'asthma' });
    await org.client.schema('settings').from('custom_fields').update({ sensitive: false }).eq('id', level.id);
    const { data: back } = await viewer.client.schema('crm').from('contacts_view').select('custom').eq('id', id).single();
    expect((back as { custom: Record<string, unknown> }).custom).toEqual({ [level.id]: intermediate });
  });

  it('are cleared with null, and leave no values behind when the record is deleted', async () => {
    const gone = await contactId(org, 'Short Lived', { [medical.id]: 'none' });
    const { rows: kept } = await db.query(`select 1 from app.custom_sensitive where record_id = $1`, [gone]);
    expect(kept).toHaveLength(1);
    await org.client.schema('crm').from('contacts').delete().eq('id', gone);
    const { rows: left } = await db.query(`select 1 from app.custom_sensitive where record_id = $1`, [gone]);
    expect(left).toEqual([]);
    const { error } = await org.client.schema('crm').from('contacts').update({ custom: { [medical.id]: null } }).eq('id', id);
    expect(error).toBeNull();
    const { rows: cleared } = await db.query(`select 1 from app.custom_sensitive where record_id = $1`, [id]);
    expect(cleared).toEqual([]);
  });
});

describe('changing a field\'s type', () => {
  it('previews what would not convert, then converts the rest in one call: text to a number, text to choices made from the values', async () => {
    const { data: made } = await org.client.schema('settings').from('custom_fields').insert({ org_name: org.orgName, record_kind: 'business', label: 'Account number', field_type: 'short_text' }).select('id').single();
    const field = (made as { id: string }).id;
    const add = async (name: string, value: string) => {
      const { data, error } = await org.client.schema('crm').from('businesses').insert({ org_name: org.orgName, name, custom: { [field]: value } }).select('id').single();
      expect(error).toBeNull();
      return (data as { id: string }).id;
    };
    await add('Bakery One', '1001');
    const odd = await add('Bakery Two', 'A-17');
    await add('Bakery Three', ' 1003 ');

    const { data: preview, error } = await org.client.schema('settings').rpc('preview_field_type_change', { p_field: field, p_new_type: 'number' });
    expect(error).toBeNull();
    expect(preview).toMatchObject({ values: 3, converts: 2, count: 1, not_converted: [{ id: odd, name: 'Bakery Two', value: 'A-17' }] });

    const { data: changed, error: changeError } = await org.client.schema('settings').rpc('change_field_type', { p_field: field, p_new_type: 'number' });
    expect(changeError).toBeNull();
    expect(changed).toMatchObject({ converted: 2, cleared: 1, field: { field_type: 'number' } });
    const { data: rows } = await org.client.schema('crm').from('businesses').select('name, custom').like('name', 'Bakery %').order('name');
    expect((rows ?? []).map((row) => [row.name, (row.custom as Record<string, unknown>)[field] ?? null])).toEqual([
      ['Bakery One', 1001],
      ['Bakery Three', 1003],
      ['Bakery Two', null],
    ]);
    // The emptied value is still in the history.
    const { data: history } = await org.client.rpc('record_history_page', { p_record_id: odd });
    expect((history as { changes: Record<string, unknown> }[])[0]!.changes).toEqual({ custom: [{ [field]: 'A-17' }, {}] });
  });

  it('makes choices from distinct texts (any case) when text becomes a choice, and keeps choice ids from single to multiple', async () => {
    const { data: made } = await org.client.schema('settings').from('custom_fields').insert({ org_name: org.orgName, record_kind: 'household', label: 'Small group', field_type: 'short_text' }).select('id').single();
    const field = (made as { id: string }).id;
    for (const [name, value] of [['The Alphas', 'Alpha'], ['The alphas too', 'alpha'], ['The Betas', 'Beta group']] as const) {
      const { error } = await org.client.schema('crm').from('households').insert({ org_name: org.orgName, name, custom: { [field]: value } });
      expect(error).toBeNull();
    }
    const { data: changed } = await org.client.schema('settings').rpc('change_field_type', { p_field: field, p_new_type: 'single_choice' });
    const choices = (changed as { field: Field }).field.choices;
    expect(choices.map((choice) => choice.label)).toEqual(['Alpha', 'Beta group']);
    const { data: rows } = await org.client.schema('crm').from('households').select('name, custom').in('name', ['The Alphas', 'The alphas too', 'The Betas']).order('name');
    expect((rows ?? []).map((row) => (row.custom as Record<string, unknown>)[field])).toEqual([choices[0]!.id, choices[1]!.id, choices[0]!.id]);
    await org.client.schema('settings').rpc('change_field_type', { p_field: field, p_new_type: 'multiple_choice' });
    const { data: multi } = await org.client.schema('crm').from('households').select('custom').eq('name', 'The Betas').single();
    expect((multi as { custom: Record<string, unknown> }).custom[field]).toEqual([choices[1]!.id]);
  });

  it('reads the values of a record that also holds a sensitive value: a choice becoming text converts every one, text becoming a choice makes a choice of each', async () => {
    // The record's sensitive values are kept apart (app.custom_sensitive); its other values are still its own.
    const { data: made } = await org.client.schema('settings').from('custom_fields').insert({ org_name: org.orgName, record_kind: 'contact', label: 'Tier', field_type: 'single_choice', choices: [{ label: 'Gold' }, { label: 'Silver' }] }).select('id, choices').single();
    const tier = made as Field;
    await contactId(org, 'Tier Gold', { [tier.id]: tier.choices[0]!.id, [medical.id]: 'asthma' });
    await contactId(org, 'Tier Silver', { [tier.id]: tier.choices[1]!.id });
    const { data: preview, error } = await org.client.schema('settings').rpc('preview_field_type_change', { p_field: tier.id, p_new_type: 'long_text' });
    expect(error).toBeNull();
    expect(preview).toMatchObject({ values: 2, converts: 2, count: 0, not_converted: [] });

    const { data: text } = await org.client.schema('settings').from('custom_fields').insert({ org_name: org.orgName, record_kind: 'contact', label: 'Canoe', field_type: 'short_text' }).select('id').single();
    const canoe = (text as { id: string }).id;
    await contactId(org, 'Canoe Red', { [canoe]: 'Red', [medical.id]: 'none' });
    await contactId(org, 'Canoe Blue', { [canoe]: 'Blue' });
    const { data: changed, error: changeError } = await org.client.schema('settings').rpc('change_field_type', { p_field: canoe, p_new_type: 'single_choice' });
    expect(changeError).toBeNull();
    expect((changed as { field: Field; cleared: number }).field.choices.map((choice) => choice.label)).toEqual(['Blue', 'Red']);
    expect(changed).toMatchObject({ converted: 2, cleared: 0 });
  });

  it('is refused to people without Settings edit, and to a link', async () => {
    const { error } = await viewer.client.schema('settings').rpc('change_field_type', { p_field: waiver.id, p_new_type: 'short_text' });
    expect(error).toMatchObject({ code: '42501', message: "Only people who may edit Settings change a field's type" });
    const { error: link } = await org.client.schema('settings').rpc('change_field_type', { p_field: waiver.id, p_new_type: 'link' });
    expect(link).toMatchObject({ code: '23514', message: 'A link field only becomes text, and no field becomes a link: make a new link field' });
    const { error: foreign } = await other.client.schema('settings').rpc('preview_field_type_change', { p_field: waiver.id, p_new_type: 'short_text' });
    expect(foreign).toMatchObject({ code: 'P0002', message: 'No such field' });
  });
});

describe('custom values through the existing paths', () => {
  it('bulk "Set …" sets one custom key on every chosen record, checked like any write, all or nothing', async () => {
    const a = await contactId(org, 'Bulk Ann', { [waiver.id]: '2027-01-01' });
    const b = await contactId(org, 'Bulk Ben');
    const { data, error } = await org.client.rpc('bulk_update', { p_table: 'crm.contacts', p_ids: [a, b], p_changes: { custom: { [level.id]: intermediate } } });
    expect(error).toBeNull();
    expect(data).toMatchObject({ changed: 2 });
    const { data: rows } = await org.client.schema('crm').from('contacts').select('name, custom').in('id', [a, b]).order('name');
    expect((rows ?? []).map((row) => row.custom)).toEqual([{ [level.id]: intermediate, [waiver.id]: '2027-01-01' }, { [level.id]: intermediate }]);
    const { error: bad } = await org.client.rpc('bulk_update', { p_table: 'crm.contacts', p_ids: [a, b], p_changes: { custom: { [waiver.id]: 'next year' } } });
    expect(bad).toMatchObject({ code: '23514', message: 'Waiver expires must be a date (YYYY-MM-DD)' });
    const { data: cleared } = await org.client.rpc('bulk_update', { p_table: 'crm.contacts', p_ids: [a], p_changes: { custom: { [waiver.id]: null } } });
    expect(cleared).toMatchObject({ changed: 1 });
    const { data: after } = await org.client.schema('crm').from('contacts').select('custom').eq('id', a).single();
    expect((after as { custom: unknown }).custom).toEqual({ [level.id]: intermediate });
  });

  it('merging duplicates keeps both where one is empty, the chosen value where both have one, and moves links to the survivor', async () => {
    const survivor = await contactId(org, 'Merge Keep', { [level.id]: beginner });
    const merged = await contactId(org, 'Merge Gone', { [level.id]: intermediate, [waiver.id]: '2028-02-02', [medical.id]: 'hay fever' });
    const linking = await contactId(org, 'Merge Friend', { [sponsor.id]: merged });
    const { error } = await org.client.schema('crm').rpc('merge_records', { p_kind: 'contacts', p_survivor: survivor, p_merged: merged });
    expect(error).toBeNull();
    const { data } = await org.client.schema('crm').from('contacts_view').select('custom').eq('id', survivor).single();
    expect((data as { custom: unknown }).custom).toEqual({ [level.id]: beginner, [waiver.id]: '2028-02-02', [medical.id]: 'hay fever' });
    const { data: friend } = await org.client.schema('crm').from('contacts').select('custom').eq('id', linking).single();
    expect((friend as { custom: Record<string, unknown> }).custom[sponsor.id]).toBe(survivor);

    const again = await contactId(org, 'Merge Twice', { [level.id]: intermediate });
    const { error: chosen } = await org.client.schema('crm').rpc('merge_records', { p_kind: 'contacts', p_survivor: survivor, p_merged: again, p_values: { custom: { [level.id]: intermediate } } });
    expect(chosen).toBeNull();
    const { data: after } = await org.client.schema('crm').from('contacts').select('custom').eq('id', survivor).single();
    expect((after as { custom: Record<string, unknown> }).custom[level.id]).toBe(intermediate);
  });

  it('CSV import maps columns by field label and choices by label, errors by line (both import paths)', async () => {
    const tag = `Csv${Date.now()}`;
    const { data: count, error } = await org.client.schema('crm').rpc('import_records', {
      p_org_name: org.orgName,
      p_kind: 'contact',
      p_rows: [{ line: 2, name: `${tag} Ada`, custom: { 'paddling level': 'Beginner', 'Waiver expires': '2027-09-09', 'Dietary needs': 'Vegan, Nut allergy' } }],
    });
    expect(error).toBeNull();
    expect(count).toBe(1);
    const { data: ada } = await org.client.schema('crm').from('contacts').select('custom').eq('name', `${tag} Ada`).single();
    expect((ada as { custom: unknown }).custom).toEqual({ [level.id]: beginner, [waiver.id]: '2027-09-09', [dietary.id]: [dietary.choices[0]!.id, dietary.choices[1]!.id] });
    const { error: badLine } = await org.client.schema('crm').rpc('import_records', {
      p_org_name: org.orgName,
      p_kind: 'contact',
      p_rows: [
        { line: 2, name: `${tag} Bo` },
        { line: 3, name: `${tag} Cy`, custom: { 'Paddling level': 'Wizard' } },
      ],
    });
    expect(JSON.parse(badLine?.details ?? '[]')).toEqual([
      {
        line: 3,
        message: 'Paddling level has no choice "Wizard"',
        refusal: { id: 'custom.noChoiceNamed', message: 'Paddling level has no choice "Wizard"', values: { label: 'Paddling level', choice: 'Wizard' } },
      },
    ]);

    const { data: job } = await org.client.schema('crm').from('import_jobs').insert({ org_name: org.orgName, kind: 'contact' }).select('id').single();
    const jobId = (job as { id: string }).id;
    const { error: staged } = await org.client.schema('crm').from('import_rows').insert([
      { job_id: jobId, line: 2, name: `${tag} Dee`, custom: { 'Paddling level': 'intermediate', 'Medical notes': 'pollen', 'Dietary needs': 'nut allergy, Vegan,VEGAN' } },
      { job_id: jobId, line: 3, name: `${tag} Eve`, custom: { 'Waiver expires': '31/12/2027' } },
      { job_id: jobId, line: 4, name: `${tag} Fay`, custom: { 'Shoe size': '9' } },
      { job_id: jobId, line: 5, name: `${tag} Gus`, custom: { Sponsor: 'nobody' } },
      { job_id: jobId, line: 6, name: `${tag} Hal`, custom: { 'Waiver expires': '2027-02-30', 'Dietary needs': 'Vegan, Paleo' } },
    ]);
    expect(staged).toBeNull();
    const { data: problems } = await org.client.schema('crm').rpc('import_problems', { p_job: jobId });
    expect((problems as { line: number; kind: string; message: string; refusal: unknown }[]).filter((problem) => problem.kind === 'error')).toEqual([
      { line: 3, kind: 'error', message: 'Waiver expires must be a date (YYYY-MM-DD)', refusal: { id: 'custom.notDate', message: 'Waiver expires must be a date (YYYY-MM-DD)', values: { label: 'Waiver expires' } } },
      { line: 4, kind: 'error', message: 'Unknown field "Shoe size"', refusal: { id: 'custom.unknownColumn', message: 'Unknown field "Shoe size"', values: { field: 'Shoe size' } } },
      {
        line: 5,
        kind: 'error',
        message: 'Sponsor must link to a contact of this organisation',
        refusal: { id: 'custom.notLink', message: 'Sponsor must link to a contact of this organisation', values: { label: 'Sponsor', kind: 'contact' } },
      },
      // Every cell of a line that does not fit, each its own error.
      {
        line: 6,
        kind: 'error',
        message: 'Dietary needs has no choice "Vegan, Paleo"',
        refusal: { id: 'custom.noChoiceNamed', message: 'Dietary needs has no choice "Vegan, Paleo"', values: { label: 'Dietary needs', choice: 'Vegan, Paleo' } },
      },
      { line: 6, kind: 'error', message: 'Waiver expires must be a date (YYYY-MM-DD)', refusal: { id: 'custom.notDate', message: 'Waiver expires must be a date (YYYY-MM-DD)', values: { label: 'Waiver expires' } } },
    ]);
    // The import call refuses the same lines, and writes nothing.
    const { error: refused } = await org.client.schema('crm').rpc('import_job', { p_job: jobId });
    expect(refused).toMatchObject({ code: '23514', message: 'Import failed: nothing was imported' });
    expect((JSON.parse(refused?.details ?? '[]') as { line: number; message: string }[]).map((problem) => [problem.line, problem.message])).toEqual([
      [3, 'Waiver expires must be a date (YYYY-MM-DD)'],
      [4, 'Unknown field "Shoe size"'],
      [5, 'Sponsor must link to a contact of this organisation'],
      [6, 'Dietary needs has no choice "Vegan, Paleo"'],
      [6, 'Waiver expires must be a date (YYYY-MM-DD)'],
    ]);
    await db.query('delete from crm.import_rows where job_id = $1 and line > 2', [jobId]);
    const { data: written, error: writeError } = await org.client.schema('crm').rpc('import_job', { p_job: jobId });
    expect(writeError).toBeNull();
    expect(written).toBe(1);
    const { data: dee } = await org.client.schema('crm').from('contacts_view').select('id, custom').eq('name', `${tag} Dee`).single();
    // Choices by label in any case, each once, in the order written.
    const dietIds = [dietary.choices[1]!.id, dietary.choices[0]!.id];
    expect((dee as { custom: unknown }).custom).toEqual({ [level.id]: intermediate, [medical.id]: 'pollen', [dietary.id]: dietIds });
    const { rows: own } = await db.query('select custom from crm.contacts where id = $1', [(dee as { id: string }).id]);
    expect(own[0].custom).toEqual({ [level.id]: intermediate, [dietary.id]: dietIds });
  });

  it('CSV import fills defaults and names each required field a line leaves empty', async () => {
    const tag = `Req${Date.now()}`;
    const fields = org.client.schema('settings').from('custom_fields');
    const { data: made, error: madeError } = await fields
      .insert([
        { org_name: org.orgName, record_kind: 'business', label: `${tag} account`, field_type: 'short_text', required: true },
        { org_name: org.orgName, record_kind: 'business', label: `${tag} payment days`, field_type: 'number', required: true, default_value: 30 },
      ])
      .select('id, label');
    expect(madeError).toBeNull();
    const [accountId, termsId] = (made as { id: string }[]).map((field) => field.id);
    try {
      const { data: job } = await org.client.schema('crm').from('import_jobs').insert({ org_name: org.orgName, kind: 'business' }).select('id').single();
      const jobId = (job as { id: string }).id;
      await org.client.schema('crm').from('import_rows').insert([
        { job_id: jobId, line: 2, name: `${tag} Mill`, custom: { [`${tag} ACCOUNT`]: ' W-1042 ' } },
        { job_id: jobId, line: 3, name: `${tag} Forge`, custom: { [`${tag} account`]: '', [`${tag} payment days`]: '' } },
        { job_id: jobId, line: 4, name: `${tag} Kiln` },
      ]);
      const { data: problems } = await org.client.schema('crm').rpc('import_problems', { p_job: jobId });
      const message = `${tag} account is required`;
      const required = { id: 'custom.required', message, values: { label: `${tag} account` } };
      expect(problems).toEqual([
        { line: 3, kind: 'error', message, refusal: required },
        { line: 4, kind: 'error', message, refusal: required },
      ]);
      await db.query('delete from crm.import_rows where job_id = $1 and line > 2', [jobId]);
      const { error } = await org.client.schema('crm').rpc('import_job', { p_job: jobId });
      expect(error).toBeNull();
      const { rows } = await db.query('select custom from crm.businesses where org_name = $1 and name = $2', [org.orgName, `${tag} Mill`]);
      expect(rows).toEqual([{ custom: { [accountId!]: 'W-1042', [termsId!]: 30 } }]);
    } finally {
      await fields.update({ archive: true }).in('id', [accountId, termsId]);
    }
  });

  it('a viewer cannot import sensitive values', async () => {
    const { data: job, error } = await viewer.client.schema('crm').from('import_jobs').insert({ org_name: org.orgName, kind: 'contact' }).select('id').single();
    expect(error).toBeNull();
    const jobId = (job as { id: string }).id;
    await viewer.client.schema('crm').from('import_rows').insert([{ job_id: jobId, line: 2, name: 'Viewer Import', custom: { 'Medical notes': 'secret' } }]);
    const { error: refused } = await viewer.client.schema('crm').rpc('import_job', { p_job: jobId });
    expect(refused).toMatchObject({ code: '42501', message: 'This import fills sensitive fields: only people who may edit these records can' });
    const { rows } = await db.query(`select 1 from crm.contacts where name = 'Viewer Import'`);
    expect(rows).toEqual([]);
  });

  it('text values feed the organisation\'s search words; choice ids and dates do not', async () => {
    const { data: made } = await org.client.schema('settings').from('custom_fields').insert({ org_name: org.orgName, record_kind: 'contact', label: 'Nickname at camp', field_type: 'short_text' }).select('id').single();
    const nick = (made as { id: string }).id;
    await contactId(org, 'Word Source', { [nick]: 'Kayakwizard', [level.id]: beginner });
    const { rows } = await db.query(`select distinct word from app.search_words where org_name = $1 and word in ('kayakwizard', $2)`, [org.orgName, beginner.slice(0, 8)]);
    expect(rows).toEqual([{ word: 'kayakwizard' }]);
  });
});
