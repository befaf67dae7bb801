// Conversations (issue 49; CONVERSATIONS-CONTRACT.md): e-mail written from a record goes through the
// outbox into the stack's mail outbox (MailDev) or the organisation's own SMTP account; replies and other
// mail come back through the stack's inbound SMTP server and land on the records or in the inbox.
// Real Postgres, PostgREST, SMTP servers on both sides.
import { createHmac, randomUUID } from 'node:crypto';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import nodemailer from 'nodemailer';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInboundMailHandler } from '../../functions/inbound-mail/handler.mjs';
import { memberWithOwnRole } from '../rls/roleMember';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { mailOutboxUrl, waitForMail, type OutboxMail } from './mailOutbox';
import { ownSmtpAccount, startOwnSmtpServer } from './ownSmtpServer';
import { connectDb, createTestClient, testStack } from './testStack';

const stack = testStack();
let db: pg.Client;
let cedar: SignedUpOrganization;
let harbor: SignedUpOrganization;
let inbound: nodemailer.Transporter;

type Message = { id: string; thread_id: string; direction: string; status: string; error: string | null; subject: string; body_text: string; from_email: string; attachments: { file_name: string; storage_path: string }[] };

/** A contact with an e-mail address, added as the owner adds one. */
async function addContact(org: SignedUpOrganization, first: string, last: string, email: string | null): Promise<string> {
  const { data, error } = await org.client.schema('crm').from('contacts').insert({ org_name: org.orgName, name: `${first} ${last}`, first_name: first, last_name: last }).select('id').single();
  expect(error).toBeNull();
  const id = (data as { id: string }).id;
  if (email) {
    const { rows } = await db.query<{ id: string }>(`select id from crm.contact_method_types where kind = 'email' and org_name in ($1, '_system_default_') order by org_name = $1 desc limit 1`, [org.orgName]);
    const { error: methodError } = await org.client
      .schema('crm')
      .from('contact_methods')
      .insert({ org_name: org.orgName, contact_id: id, value: email, label: 'E-mail', type_id: rows[0]!.id, is_primary: true });
    expect(methodError).toBeNull();
  }
  return id;
}

async function send(client: SupabaseClient, message: Record<string, unknown>) {
  return client.schema('crm').rpc('send_message', { p_message: message });
}

async function recordMessages(client: SupabaseClient, kind: string, id: string): Promise<Message[]> {
  const { data, error } = await client.schema('crm').rpc('record_messages', { p_kind: kind, p_id: id });
  expect(error).toBeNull();
  return data as Message[];
}

/** A delivered mail's header fields as sent (MailDev's JSON leaves some out), read from its source. */
async function rawHeaders(mail: OutboxMail): Promise<Record<string, string>> {
  const response = await fetch(`${mailOutboxUrl(stack.portBase)}/api/email/${mail.id}/source`);
  expect(response.ok).toBe(true);
  const source = await response.text();
  const head = source.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return Object.fromEntries(head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
}

async function statusOf(id: string) {
  return (await db.query<{ status: string; error: string | null }>('select status, error from crm.messages where id = $1', [id])).rows[0];
}

/** Rows of the conversation tables and the outbox of an organisation: what a refusal must leave alone. */
async function written(orgName: string) {
  const { rows } = await db.query(
    `select (select count(*) from crm.messages where org_name = $1)::int as messages,
            (select count(*) from crm.message_links where org_name = $1)::int as links,
            (select count(*) from crm.message_attachments where org_name = $1)::int as attachments,
            (select count(*) from app.mail_outbox where org_name = $1)::int as outbox,
            (select count(*) from crm.mail_campaigns where org_name = $1)::int as campaigns,
            (select count(*) from app.mail_unsubscribe_tokens where org_name = $1)::int as tokens`,
    [orgName],
  );
  return rows[0];
}

async function outboxOf(messageId: string) {
  return (await db.query<{ reply_to: string; header_message_id: string; list_unsubscribe: string | null }>('select reply_to, header_message_id, list_unsubscribe from app.mail_outbox where message_id = $1', [messageId])).rows[0]!;
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  [cedar, harbor] = await Promise.all([signUpOrganization(stack, 'Conversations Cedar'), signUpOrganization(stack, 'Conversations Harbor')]);
  inbound = nodemailer.createTransport({ host: '127.0.0.1', port: stack.portBase + 6, secure: false, ignoreTLS: true });
  const { error } = await cedar.client.schema('settings').from('mail_settings').insert({ org_name: cedar.orgName, signature: 'Alex Morgan\nThe river desk', from_name: 'Cedar Desk' });
  expect(error).toBeNull();
});

afterAll(async () => {
  inbound?.close();
  await db?.end();
});

describe('writing from a record', () => {
  it('an e-mail sent from a contact reaches the mail outbox with merge fields filled, the signature and cc, and is marked sent', async () => {
    const email = `abigail-${randomUUID().slice(0, 8)}@mail.example`;
    const cc = `cc-${randomUUID().slice(0, 8)}@mail.example`;
    const contact = await addContact(cedar, 'Abigail', 'Foster', email);
    const { data: template, error: templateError } = await cedar.client
      .schema('settings')
      .from('mail_templates')
      .insert({ org_name: cedar.orgName, name: 'Welcome', subject: 'Welcome, {{first_name}}', body: 'Dear {{full_name}},\n\n**{{organization.name}}** is glad to see you.' })
      .select('id')
      .single();
    expect(templateError).toBeNull();
    const { data: preview } = await cedar.client.schema('crm').rpc('render_message', { p_subject: 'Welcome, {{first_name}}', p_body: 'Dear {{full_name}}', p_kind: 'contact', p_id: contact });
    expect(preview).toMatchObject({ subject: 'Welcome, Abigail', body: 'Dear Abigail Foster', to: email });

    const { data: id, error } = await send(cedar.client, { to: [email], cc: [cc], links: [{ kind: 'contact', id: contact }], template_id: (template as { id: string }).id });
    expect(error).toBeNull();
    const mail = (await waitForMail(mailOutboxUrl(stack.portBase), email, 'Welcome, Abigail')) as OutboxMail & { cc?: { address: string }[]; headers: Record<string, string> };
    expect(mail.text).toContain('Dear Abigail Foster');
    expect(mail.text).toContain(`**${cedar.orgName}** is glad to see you.`);
    expect(mail.text).toContain('Alex Morgan\nThe river desk');
    expect(mail.html).toContain(`<strong>${cedar.orgName}</strong>`);
    expect(mail.cc?.map((to) => to.address)).toEqual([cc]);
    const headers = await rawHeaders(mail);
    expect(headers['reply-to']).toMatch(/\+[0-9a-f]{32}@in\.steward\.localhost$/);
    expect(headers['message-id']).toBe((await outboxOf(id as string)).header_message_id);
    expect(headers.from).toBe(`Cedar Desk <noreply@steward.local>`);
    await expect.poll(async () => (await statusOf(id as string))?.status).toBe('sent');

    const timeline = await recordMessages(cedar.client, 'contact', contact);
    expect(timeline).toHaveLength(1);
    expect(timeline[0]).toMatchObject({ id, direction: 'out', status: 'sent', subject: 'Welcome, Abigail' });
  });
});

describe('attachments', () => {
  it("a file uploaded under the organisation's folder as the composer names it (capitals kept) goes with the message", async () => {
    const email = `upload-${randomUUID().slice(0, 8)}@mail.example`;
    const contact = await addContact(cedar, 'Ursula', 'Upload', email);
    const slug = (await db.query<{ slug: string }>('select app.org_slug($1) as slug', [cedar.orgName])).rows[0]!.slug;
    expect(slug).toMatch(/[A-Z]/);
    const path = `${slug}/${randomUUID()}`;
    const { error: uploadError } = await cedar.client.storage.from('message-files').upload(path, new Blob(['Paddle, tent, stove'], { type: 'text/plain' }), { contentType: 'text/plain' });
    expect(uploadError).toBeNull();
    const { error } = await send(cedar.client, {
      to: [email], subject: 'Packing list', body: 'Attached.', links: [{ kind: 'contact', id: contact }],
      attachments: [{ storage_path: path, file_name: 'packing-list.txt', content_type: 'text/plain', size_bytes: 19 }],
    });
    expect(error).toBeNull();
    const mail = (await waitForMail(mailOutboxUrl(stack.portBase), email, 'Packing list')) as OutboxMail & { attachments?: { filename: string }[] };
    expect(mail.attachments?.map((file) => file.filename)).toEqual(['packing-list.txt']);
  });
});

describe('replies and other mail coming back', () => {
  it('a reply sent by SMTP to the inbound address appears on the contact, threaded to the original, with its attachment', async () => {
    const email = `reply-${randomUUID().slice(0, 8)}@mail.example`;
    const contact = await addContact(cedar, 'Rita', 'Reply', email);
    const { data: id } = await send(cedar.client, { to: [email], subject: 'Your trip', body: 'Shall we keep a place?', links: [{ kind: 'contact', id: contact }] });
    const outbox = await outboxOf(id as string);
    await inbound.sendMail({
      from: `"Rita Reply" <${email.toUpperCase()}>`,
      to: outbox.reply_to,
      subject: 'Re: Your trip',
      text: 'Yes please!',
      inReplyTo: outbox.header_message_id,
      references: outbox.header_message_id,
      attachments: [{ filename: 'paddle.txt', content: 'my own paddle' }],
    });
    const timeline = await recordMessages(cedar.client, 'contact', contact);
    expect(timeline.map((message) => [message.direction, message.subject])).toEqual([
      ['in', 'Re: Your trip'],
      ['out', 'Your trip'],
    ]);
    expect(timeline[0]!.thread_id).toBe(id);
    expect(timeline[0]!.body_text).toContain('Yes please!');
    expect(timeline[0]!.attachments.map((file) => file.file_name)).toEqual(['paddle.txt']);
    // The attachment is in the private bucket, readable by who sees the message, not by another organisation.
    const path = timeline[0]!.attachments[0]!.storage_path;
    const { data: body, error } = await cedar.client.storage.from('message-files').download(path);
    expect(error).toBeNull();
    expect(await body!.text()).toBe('my own paddle');
    const { error: otherError } = await harbor.client.storage.from('message-files').download(path);
    expect(otherError).toMatchObject({ status: 404, message: 'Object not found' });
  });

  it('the same Message-ID received twice is kept once', async () => {
    const messageId = `<${randomUUID()}@mail.example>`;
    const to = `${(await db.query('select lower(app.org_slug($1)) as slug', [cedar.orgName])).rows[0].slug}@in.steward.localhost`;
    for (let i = 0; i < 2; i++) await inbound.sendMail({ from: 'twice@mail.example', to, subject: 'Twice', text: 'Once only', messageId });
    expect((await db.query('select count(*)::int as n from crm.messages where message_id = $1', [messageId])).rows[0].n).toBe(1);
  });

  it('unmatched mail lands in the inbox; staff attach it to a record or create a contact from it', async () => {
    const slug = (await db.query('select lower(app.org_slug($1)) as slug', [cedar.orgName])).rows[0].slug as string;
    const { data: address } = await cedar.client.schema('settings').rpc('inbound_address', { p_org_name: cedar.orgName });
    expect(address).toBe(`${slug}@in.steward.localhost`);
    const stranger = `stranger-${randomUUID().slice(0, 8)}@elsewhere.example`;
    const newcomer = `newcomer-${randomUUID().slice(0, 8)}@elsewhere.example`;
    await inbound.sendMail({ from: stranger, to: address as string, subject: 'A question', text: 'Do you rent canoes?' });
    await inbound.sendMail({ from: `"Nina Newcomer" <${newcomer}>`, to: address as string, subject: 'Hello', text: 'New here' });
    const { data: inbox } = await cedar.client.schema('crm').from('inbox_messages').select('id, from_email, subject').in('from_email', [stranger, newcomer]).order('created_at', { ascending: false });
    expect((inbox ?? []).map((row: { subject: string }) => row.subject)).toEqual(['Hello', 'A question']);
    const [hello, question] = inbox as { id: string }[];

    const contact = await addContact(cedar, 'Canoe', 'Asker', null);
    expect((await cedar.client.schema('crm').rpc('attach_message', { p_message: question!.id, p_kind: 'contact', p_id: contact })).error).toBeNull();
    expect((await recordMessages(cedar.client, 'contact', contact)).map((message) => message.subject)).toEqual(['A question']);

    const { data: created, error } = await cedar.client.schema('crm').rpc('create_contact_from_message', { p_message: hello!.id });
    expect(error).toBeNull();
    const { data: person } = await cedar.client.schema('crm').from('contacts').select('name, first_name, last_name').eq('id', created as string).single();
    expect(person).toEqual({ name: 'Nina Newcomer', first_name: 'Nina', last_name: 'Newcomer' });
    expect((await recordMessages(cedar.client, 'contact', created as string)).map((message) => message.subject)).toEqual(['Hello']);
    const { data: left } = await cedar.client.schema('crm').from('inbox_messages').select('id').in('id', [hello!.id, question!.id]);
    expect(left).toEqual([]);
    // Later mail from that address goes straight to the new contact.
    await inbound.sendMail({ from: newcomer, to: address as string, subject: 'Me again', text: 'Hi' });
    expect((await recordMessages(cedar.client, 'contact', created as string)).map((message) => message.subject)).toEqual(['Me again', 'Hello']);
  });

  it("a hosted deployment's inbound webhook (Mailgun's signed post) files a reply the same way, its attachment in the private bucket", async () => {
    const email = `hook-${randomUUID().slice(0, 8)}@mail.example`;
    const contact = await addContact(cedar, 'Hana', 'Hook', email);
    const { data: id } = await send(cedar.client, { to: [email], subject: 'Your hook', body: 'x', links: [{ kind: 'contact', id: contact }] });
    const outbox = await outboxOf(id as string);
    const signingKey = 'key-test-signing';
    const handler = createInboundMailHandler({ apiUrl: stack.apiUrl, serviceRoleKey: stack.serviceRoleKey, signingKey });
    const signedPost = (fields: Record<string, string>, files: File[] = []) => {
      const form = new FormData();
      const timestamp = String(Math.floor(Date.now() / 1000));
      const token = randomUUID().replace(/-/g, '');
      form.set('timestamp', timestamp);
      form.set('token', token);
      form.set('signature', createHmac('sha256', signingKey).update(`${timestamp}${token}`).digest('hex'));
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      files.forEach((file, index) => form.set(`attachment-${index + 1}`, file));
      form.set('attachment-count', String(files.length));
      return new Request('http://functions.invalid/inbound-mail', { method: 'POST', body: form });
    };
    const response = await handler(
      signedPost(
        {
          recipient: outbox.reply_to, from: `Hana Hook <${email}>`, subject: 'Re: Your hook', 'body-plain': 'By webhook',
          'message-headers': JSON.stringify([['Message-Id', `<${randomUUID()}@mail.example>`], ['In-Reply-To', outbox.header_message_id]]),
        },
        [new File(['hook file'], 'hook.txt', { type: 'text/plain' })],
      ),
    );
    expect(response.status).toBe(200);
    const [reply] = await recordMessages(cedar.client, 'contact', contact);
    expect(reply).toMatchObject({ direction: 'in', subject: 'Re: Your hook', body_text: 'By webhook', thread_id: id });
    const { data: body } = await cedar.client.storage.from('message-files').download(reply!.attachments[0]!.storage_path);
    expect(await body!.text()).toBe('hook file');
    // Mail for nobody is refused for good (406), and its attachment is not left behind.
    const before = (await db.query(`select count(*)::int as n from storage.objects where bucket_id = 'message-files'`)).rows[0].n;
    const refused = await handler(signedPost({ recipient: 'nobody@in.steward.localhost', from: email, subject: 'x', 'body-plain': 'x' }, [new File(['x'], 'x.txt')]));
    expect(refused.status).toBe(406);
    expect(await refused.json()).toEqual({ received: false, reason: 'No organisation receives mail at that address' });
    expect((await db.query(`select count(*)::int as n from storage.objects where bucket_id = 'message-files'`)).rows[0].n).toBe(before);
  });

  it('mail for an address nobody receives at is refused by the server', async () => {
    await expect(inbound.sendMail({ from: 'x@mail.example', to: 'no-such-organisation@in.steward.localhost', subject: 'x', text: 'x' })).rejects.toMatchObject({
      responseCode: 550,
      response: '550 No mailbox here for no-such-organisation@in.steward.localhost',
    });
    await expect(inbound.sendMail({ from: 'x@mail.example', to: 'someone@elsewhere.example', subject: 'x', text: 'x' })).rejects.toMatchObject({
      responseCode: 550,
      response: '550 No mailbox here for someone@elsewhere.example',
    });
  });
});

describe('a long conversation', () => {
  it('is read 50 at a time, newest first, each page after the last one read: none twice, none left out, even at one instant', async () => {
    const contact = await addContact(cedar, 'Lena', 'Longtalk', `long-${randomUUID().slice(0, 8)}@mail.example`);
    // 130 messages, the newest 70 written at one instant (as a mail to many writes them), the rest a minute apart.
    await db.query(
      `with made as (
         insert into crm.messages (org_name, direction, thread_id, message_id, subject, body_text, from_email, to_emails, status, created_at)
         select $1, 'in', gen_random_uuid(), '<long-' || n || '-' || gen_random_uuid() || '@mail.example>', 'Long ' || n, 'x', 'lena@mail.example',
                array['x@in.steward.localhost'], 'received', case when n <= 70 then now() else now() - make_interval(mins => n) end
         from generate_series(1, 130) n
         returning id)
       insert into crm.message_links (message_id, record_kind, record_id, org_name) select id, 'contact', $2, $1 from made`,
      [cedar.orgName, contact],
    );
    const pages: Message[][] = [];
    let after: { p_before: string; p_before_id: string } | null = null;
    for (;;) {
      const { data, error } = await cedar.client.schema('crm').rpc('record_messages', { p_kind: 'contact', p_id: contact, p_limit: 50, ...(after ?? {}) });
      expect(error).toBeNull();
      const page = data as (Message & { created_at: string })[];
      pages.push(page);
      if (page.length < 50) break;
      after = { p_before: page.at(-1)!.created_at, p_before_id: page.at(-1)!.id };
    }
    expect(pages.map((page) => page.length)).toEqual([50, 50, 30]);
    const read = pages.flat() as (Message & { created_at: string })[];
    expect(new Set(read.map((message) => message.id)).size).toBe(130);
    const { rows } = await db.query<{ id: string }>(
      `select m.id from crm.messages m join crm.message_links l on l.message_id = m.id where l.record_id = $1 order by m.created_at desc, m.id desc`,
      [contact],
    );
    expect(read.map((message) => message.id)).toEqual(rows.map((row) => row.id));
  });
});

describe('who sees a message', () => {
  it('another organisation never sees one, nor its inbox', async () => {
    const email = `private-${randomUUID().slice(0, 8)}@mail.example`;
    const contact = await addContact(cedar, 'Pat', 'Private', email);
    const { data: id } = await send(cedar.client, { to: [email], subject: 'Private', body: 'Only for Cedar', links: [{ kind: 'contact', id: contact }] });
    // Cedar sees it where Harbor looks for it.
    expect((await cedar.client.schema('crm').from('messages').select('id').eq('id', id as string)).data).toEqual([{ id }]);
    expect(await recordMessages(harbor.client, 'contact', contact)).toEqual([]);
    for (const table of ['messages', 'message_links', 'message_attachments', 'inbox_messages', 'mail_campaigns', 'mail_suppressions']) {
      const { data } = await harbor.client.schema('crm').from(table).select('org_name').eq('org_name', cedar.orgName);
      expect(data, table).toEqual([]);
    }
    const { data } = await harbor.client.schema('crm').from('messages').select('id').eq('id', id as string);
    expect(data).toEqual([]);
    const { error } = await send(harbor.client, { reply_to: id, subject: 'Re', body: 'x' });
    expect(error).toMatchObject({ code: '42501', message: 'You cannot see that record' });
    const bulk = await harbor.client.schema('crm').rpc('send_to_many', { p_kind: 'contact', p_ids: [contact], p_filter: null, p_subject: 'S', p_body: 'B', p_template_id: null });
    expect(bulk.error).toMatchObject({ code: '42501', message: 'You cannot see that record' });
  });

  it("the mail writer's rows skip the organisation guards of the mail tables, nobody acts as it, and another writer is still refused a reference to another organisation", async () => {
    const { rows: guards } = await db.query<{ name: string; skips: boolean }>(
      `select t.tgname as name, pg_catalog.pg_get_triggerdef(t.oid) ~ ' WHEN \\(+CURRENT_USER <> ''steward_mail_writer''::name\\) AND ' as skips
         from pg_catalog.pg_trigger t
        where t.tgrelid = any('{crm.messages,crm.message_links,crm.message_attachments,app.mail_unsubscribe_tokens,app.mail_outbox}'::regclass[])
          and not t.tgisinternal and t.tgname like 'steward_30_ref_%'
        order by 1`,
    );
    expect(guards).toEqual(
      [
        'steward_30_ref_mail_outbox_integration_id_fkey',
        'steward_30_ref_mail_outbox_message_id_fkey',
        'steward_30_ref_mail_unsubscribe_tokens_message_id_fkey',
        'steward_30_ref_message_attachments_message_id_fkey',
        'steward_30_ref_message_links_message_id_fkey',
        'steward_30_ref_messages_campaign_id_fkey',
        'steward_30_ref_messages_sent_by_fkey',
      ].map((name) => ({ name, skips: true })),
    );
    // No API role is, or can become, the writer; it cannot log in; it owns the mail writer only.
    const { rows: roles } = await db.query(
      `select r.rolname from pg_catalog.pg_roles r
        where r.rolname in ('anon', 'authenticated', 'service_role', 'authenticator')
          and (pg_catalog.pg_has_role(r.oid, 'steward_mail_writer', 'usage') or pg_catalog.pg_has_role(r.oid, 'steward_mail_writer', 'set'))`,
    );
    expect(roles).toEqual([]);
    const { rows: writer } = await db.query(
      `select r.rolcanlogin, array(select p.oid::regprocedure::text from pg_catalog.pg_proc p where p.proowner = r.oid) as owns
         from pg_catalog.pg_roles r where r.rolname = 'steward_mail_writer'`,
    );
    expect(writer).toEqual([{ rolcanlogin: false, owns: ['app.write_out_messages(text,text,text,jsonb,text[],jsonb,uuid,uuid)'] }]);
    // Any other writer (here the service role) linking Harbor's row to Cedar's message is refused.
    const email = `guarded-${randomUUID().slice(0, 8)}@mail.example`;
    const contact = await addContact(cedar, 'Gus', 'Guarded', email);
    const { data: id } = await send(cedar.client, { to: [email], subject: 'Guarded', body: 'Only for Cedar', links: [{ kind: 'contact', id: contact }] });
    await expect(
      db.query(`insert into crm.message_links (message_id, record_kind, record_id, org_name) values ($1, 'contact', $2, $3)`, [id, randomUUID(), harbor.orgName]),
    ).rejects.toMatchObject({ code: '23503', message: 'crm.message_links refers to a record of another organization' });
  });

  it("a Personal contact's messages are hidden from a role that may not see the contact", async () => {
    const email = `owned-${randomUUID().slice(0, 8)}@mail.example`;
    const contact = await addContact(cedar, 'Olive', 'Owned', email);
    const { data: id } = await send(cedar.client, { to: [email], subject: 'Owner only', body: 'x', links: [{ kind: 'contact', id: contact }] });
    const { member, grant } = await memberWithOwnRole(stack, cedar, 'Helper');
    await grant('crm', 'Personal');
    expect(await recordMessages(member.client, 'contact', contact)).toEqual([]);
    const { data } = await member.client.schema('crm').from('messages').select('id').eq('id', id as string);
    expect(data).toEqual([]);
    const { error } = await member.client.schema('crm').rpc('render_message', { p_subject: 's', p_body: 'b', p_kind: 'contact', p_id: contact });
    expect(error).toMatchObject({ code: '42501', message: 'You cannot see that record' });
    // With Organization view they see it.
    await grant('crm', 'Organization');
    expect((await recordMessages(member.client, 'contact', contact)).map((message) => message.id)).toEqual([id]);
  });
});

describe('suppressions and mail to many', () => {
  it('a suppressed address is refused for one mail and skipped in a mail to many; the unsubscribe link works once and only for its address', async () => {
    const gone = `gone-${randomUUID().slice(0, 8)}@mail.example`;
    const stays = `stays-${randomUUID().slice(0, 8)}@mail.example`;
    const goneId = await addContact(cedar, 'Gone', 'Away', gone);
    const staysId = await addContact(cedar, 'Stays', 'Here', stays);
    const noAddress = await addContact(cedar, 'No', 'Address', null);
    await db.query(`insert into crm.mail_suppressions (org_name, email, reason) values ($1, $2, 'unsubscribed')`, [cedar.orgName, gone]);
    const before = await written(cedar.orgName);
    const { error } = await send(cedar.client, { to: [gone], subject: 'Hi', body: 'x', links: [{ kind: 'contact', id: goneId }] });
    expect(error?.message).toBe(`${gone} has unsubscribed`);
    expect(await written(cedar.orgName)).toEqual(before);

    const { data: result, error: bulkError } = await cedar.client.schema('crm').rpc('send_to_many', {
      p_kind: 'contact', p_ids: [goneId, staysId, noAddress], p_filter: null, p_subject: 'News for {{first_name}}', p_body: 'Hello {{first_name}}', p_template_id: null,
    });
    expect(bulkError).toBeNull();
    expect(result).toMatchObject({ total: 3, queued: 1, skipped: 2 });
    const mail = await waitForMail(mailOutboxUrl(stack.portBase), stays, 'News for Stays');
    const link = /(http\S+\/unsubscribe\/([0-9a-f]{64}))/.exec(mail.text);
    expect(link).not.toBeNull();
    expect((await rawHeaders(mail))['list-unsubscribe']).toBe(`<${link![1]}>`);

    const anon = createTestClient(stack.apiUrl, stack.anonKey);
    const { data: unsubscribed, error: unsubscribeError } = await anon.rpc('mail_unsubscribe', { p_token: link![2] });
    expect(unsubscribeError).toBeNull();
    expect(unsubscribed).toEqual({ org_name: cedar.orgName, email: stays });
    const again = await anon.rpc('mail_unsubscribe', { p_token: link![2] });
    expect(again.error?.message).toBe('This unsubscribe link has already been used');
    const forged = await anon.rpc('mail_unsubscribe', { p_token: link![2]!.replace(/.$/, (c) => (c === '0' ? '1' : '0')) });
    expect(forged.error?.message).toBe('This unsubscribe link is not valid');
    const { rows } = await db.query('select email, reason from crm.mail_suppressions where org_name = $1 and email = any($2) order by email', [cedar.orgName, [gone, stays]]);
    expect(rows).toEqual([{ email: gone, reason: 'unsubscribed' }, { email: stays, reason: 'unsubscribed' }]);
    // Harbor's list does not learn Cedar's unsubscribes.
    expect((await db.query('select count(*)::int as n from crm.mail_suppressions where org_name = $1', [harbor.orgName])).rows[0].n).toBe(0);
  });

  it('mail to all matching a list filter: one per person, spaced exactly by the organisation rate', async () => {
    const tag = randomUUID().slice(0, 6);
    const ids: string[] = [];
    for (const n of [1, 2, 3]) ids.push(await addContact(cedar, `Bulk${tag}`, `Person${n}`, `bulk${n}-${tag}@mail.example`));
    const { data, error } = await cedar.client.schema('crm').rpc('send_to_many', {
      p_kind: 'contact', p_ids: null, p_filter: { org_names: [cedar.orgName], filter: { field: 'name', op: 'contains', value: `Bulk${tag}` } },
      p_subject: 'Hello {{last_name}}', p_body: 'Hi', p_template_id: null,
    });
    if (error) throw new Error(error.message);
    expect(data).toMatchObject({ total: 3, queued: 3, skipped: 0 });
    const { rows } = await db.query<{ next_attempt_at: Date; related_id: string }>(
      `select o.next_attempt_at, m.id as related_id from app.mail_outbox o join crm.messages m on m.id = o.message_id where m.campaign_id = $1 order by o.next_attempt_at`,
      [(data as { campaign_id: string }).campaign_id],
    );
    expect(rows).toHaveLength(3);
    const gaps = rows.slice(1).map((row, i) => row.next_attempt_at.getTime() - rows[i]!.next_attempt_at.getTime());
    const perMinute = (await db.query(`select value from app.organization_limits where name = 'bulk_mails_per_minute'`)).rows[0].value as number;
    expect(gaps).toEqual([60_000 / perMinute, 60_000 / perMinute]);
    for (const id of ids) expect(await recordMessages(cedar.client, 'contact', id)).toHaveLength(1);
  });
});

describe("the organisation's own SMTP account", () => {
  it('a server that refuses leaves the message failed with its reason, and the address bounced', async () => {
    const refusing = await startOwnSmtpServer({ refuseRecipients: '5.1.1 Mailbox unavailable here' });
    const org = await signUpOrganization(stack, 'Conversations Own Smtp');
    try {
      const { error: accountError } = await org.client.schema('settings').from('integrations').insert(ownSmtpAccount(org.orgName, refusing.port, { email: 'desk@own.example', name: 'Own Desk' }));
      expect(accountError).toBeNull();
      const email = `refused-${randomUUID().slice(0, 8)}@mail.example`;
      const contact = await addContact(org, 'Ref', 'Used', email);
      const { data: id, error } = await send(org.client, { to: [email], subject: 'Hello', body: 'x', links: [{ kind: 'contact', id: contact }] });
      expect(error).toBeNull();
      await expect.poll(async () => (await statusOf(id as string))?.status, { timeout: 10_000 }).toBe('failed');
      expect((await statusOf(id as string))?.error).toBe('550 5.1.1 Mailbox unavailable here');
      expect((await db.query('select from_email, from_name from crm.messages where id = $1', [id])).rows[0]).toEqual({ from_email: 'desk@own.example', from_name: 'Own Desk' });
      const { data: suppressed } = await org.client.schema('crm').from('mail_suppressions').select('email, reason');
      expect(suppressed).toEqual([{ email, reason: 'bounced' }]);
      const { error: again } = await send(org.client, { to: [email], subject: 'Hello', body: 'x', links: [{ kind: 'contact', id: contact }] });
      expect(again).toMatchObject({ code: '22023', message: `${email} bounced earlier` });
    } finally {
      await refusing.close();
    }
  });
});

describe('an SMTP server that does not answer', () => {
  it('is given up on within the timeout: the message fails with that reason, is tried again by the backoff, and is sent once the server answers', async () => {
    // A socket that accepts and never says a word; once `answering`, the same port leads to a real SMTP server.
    let answering = false;
    const real = await startOwnSmtpServer();
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
      if (!answering) return;
      const upstream = connect(real.port, '127.0.0.1');
      upstream.on('error', () => socket.destroy());
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
    const port = (silent.address() as AddressInfo).port;
    const org = await signUpOrganization(stack, 'Conversations Silent Smtp');
    try {
      const { error: accountError } = await org.client.schema('settings').from('integrations').insert(ownSmtpAccount(org.orgName, port, { email: 'desk@silent.example', name: 'Silent Desk' }));
      expect(accountError).toBeNull();
      const email = `silent-${randomUUID().slice(0, 8)}@mail.example`;
      const contact = await addContact(org, 'Sil', 'Ent', email);
      const { data: id, error } = await send(org.client, { to: [email], subject: 'Are you there?', body: 'x', links: [{ kind: 'contact', id: contact }] });
      expect(error).toBeNull();
      const sentAt = Date.now();
      await expect.poll(async () => (await statusOf(id as string))?.status, { timeout: 15_000 }).toBe('failed');
      // Given up on within the timeout (the test stack's 3 s; the outbox looks every half second) …
      expect(Date.now() - sentAt).toBeLessThan(3_000 + 5_000);
      // and the outbox hung up on it.
      await expect.poll(() => sockets.size).toBe(0);
      expect((await statusOf(id as string))?.error).toBe(`The mail server 127.0.0.1:${port} did not answer within 3 s`);
      // The outbox tries again after its backoff (a minute after the first attempt), and the record says when.
      const { rows: [waiting] } = await db.query<{ attempts: number; wait: number; last_error: string }>(
        `select attempts, extract(epoch from next_attempt_at - now())::float as wait, last_error from app.mail_outbox where message_id = $1`,
        [id],
      );
      expect(waiting).toMatchObject({ attempts: 1, last_error: `The mail server 127.0.0.1:${port} did not answer within 3 s` });
      expect(waiting!.wait).toBeGreaterThan(30);
      expect(waiting!.wait).toBeLessThanOrEqual(60);
      const [shown] = (await recordMessages(org.client, 'contact', contact)) as (Message & { retry_at: string | null })[];
      expect(shown).toMatchObject({ status: 'failed', error: `The mail server 127.0.0.1:${port} did not answer within 3 s` });
      expect(new Date(shown!.retry_at!).getTime()).toBeGreaterThan(Date.now());

      // The server answers again; the minute is up (moved, not waited for): the next attempt goes through.
      answering = true;
      await db.query(`update app.mail_outbox set next_attempt_at = now() where message_id = $1`, [id]);
      await expect.poll(async () => (await statusOf(id as string))?.status, { timeout: 15_000 }).toBe('sent');
      expect(await statusOf(id as string)).toEqual({ status: 'sent', error: null });
      const { rows: [done] } = await db.query<{ attempts: number; sent: boolean }>(`select attempts, sent_at is not null as sent from app.mail_outbox where message_id = $1`, [id]);
      expect(done).toEqual({ attempts: 2, sent: true });
      expect(((await recordMessages(org.client, 'contact', contact)) as (Message & { retry_at: string | null })[])[0]?.retry_at).toBeNull();
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      await real.close();
    }
  });
});

describe('bad input', () => {
  it('every bad input is refused with its message and nothing is written', async () => {
    const email = `bad-${randomUUID().slice(0, 8)}@mail.example`;
    const contact = await addContact(cedar, 'Bea', 'Bad', email);
    const link = [{ kind: 'contact', id: contact }];
    const orgId = (await db.query('select id from public.organizations where name = $1', [cedar.orgName])).rows[0].id as string;
    const bigFile = async (name: string, size: number) => {
      const id = randomUUID();
      await db.query(`insert into crm.crm_files (id, org_name, name, contact_id, storage_path, content_type, size_bytes) values ($1, $2, $3, $4, $5, 'application/pdf', $6)`, [id, cedar.orgName, name, contact, `${orgId}/${id}`, size]);
      return id;
    };
    const huge = await bigFile('huge.pdf', 11 * 1024 * 1024);
    const parts: string[] = [];
    for (const name of ['a.pdf', 'b.pdf', 'c.pdf']) parts.push(await bigFile(name, 8 * 1024 * 1024));
    const before = await written(cedar.orgName);
    const cases: [Record<string, unknown>, string][] = [
      [{ to: ['not-an-address'], subject: 'S', body: 'B', links: link }, 'not-an-address is not an e-mail address'],
      [{ to: [email], cc: ['also bad@x'], subject: 'S', body: 'B', links: link }, 'also bad@x is not an e-mail address'],
      [{ to: [email], subject: '  ', body: 'B', links: link }, 'Give the message a subject'],
      [{ to: [email], subject: 'S', body: ' \n ', links: link }, 'Write the message'],
      [{ to: [email], subject: 'S', body: 'Hi {{nickname}}', links: link }, '{{nickname}} is not a merge field'],
      [{ to: [email], subject: 'Your {{stay.check_in}}', body: 'B', links: link }, '{{stay.check_in}} is not a merge field'],
      [{ to: [email], subject: 'S', body: 'B', links: link, attachments: [{ file_id: huge }] }, 'huge.pdf is larger than 10 MB'],
      [{ to: [email], subject: 'S', body: 'B', links: link, attachments: parts.map((file_id) => ({ file_id })) }, 'The attachments are larger than 20 MB together'],
      [{ to: [email], subject: 'S\nBcc: victim@mail.example', body: 'B', links: link }, "An e-mail's subject and address cannot contain line breaks"],
      [{ to: [`${email}\r\nBcc: victim@mail.example`], subject: 'S', body: 'B', links: link }, `${email}\r\nbcc: victim@mail.example is not an e-mail address`],
      [{ to: [email], subject: 'S', body: 'B', links: [] }, 'Send the message from a record'],
    ];
    for (const [message, expected] of cases) {
      const { error } = await send(cedar.client, message);
      expect(error?.message, JSON.stringify(message)).toBe(expected);
      expect(error?.code).toBe('22023');
    }
    expect(await written(cedar.orgName)).toEqual(before);
  });

  it('a mail to many without records, or with a record twice, is refused or sent once', async () => {
    const email = `twice-${randomUUID().slice(0, 8)}@mail.example`;
    const contact = await addContact(cedar, 'Tess', 'Twice', email);
    const toMany = (ids: string[], subject = 'S', body = 'B') =>
      cedar.client.schema('crm').rpc('send_to_many', { p_kind: 'contact', p_ids: ids, p_filter: null, p_subject: subject, p_body: body, p_template_id: null });
    const before = await written(cedar.orgName);
    for (const [ids, subject, body, expected] of [
      [[], 'S', 'B', 'Choose the records to send to'],
      [[contact], ' ', 'B', 'Give the message a subject'],
      [[contact], 'S', 'Hi {{nickname}}', '{{nickname}} is not a merge field'],
    ] as [string[], string, string, string][]) {
      const { error } = await toMany(ids, subject, body);
      expect(error, expected).toMatchObject({ code: '22023', message: expected });
    }
    expect(await written(cedar.orgName)).toEqual(before);
    const { data, error } = await toMany([contact, contact], 'Once for {{first_name}}');
    expect(error).toBeNull();
    expect(data).toMatchObject({ total: 1, queued: 1, skipped: 0 });
    expect((await recordMessages(cedar.client, 'contact', contact)).map((message) => message.subject)).toEqual(['Once for Tess']);
  });

  it("the daily quota refuses a mail with the outbox's message, and nothing is written", async () => {
    const org = await signUpOrganization(stack, 'Conversations Quota');
    const email = `quota-${randomUUID().slice(0, 8)}@mail.example`;
    const contact = await addContact(org, 'Quinn', 'Quota', email);
    // The organisation has sent its day's mails (held back from the sender, so nothing leaves).
    await db.query(
      `insert into app.mail_outbox (org_name, kind, to_email, subject, body_text, next_attempt_at)
       select $1, 'test_notice', 'someone@mail.example', 'x', 'x', now() + interval '1 day' from generate_series(1, (select value from app.organization_limits where name = 'mails_per_day'))`,
      [org.orgName],
    );
    const before = await written(org.orgName);
    const { error } = await send(org.client, { to: [email], subject: 'S', body: 'B', links: [{ kind: 'contact', id: contact }] });
    expect(error?.code).toBe('PT429');
    expect(error?.message).toBe(`${org.orgName} has reached its limit of 1000 e-mails in 24 hours; this change sends an e-mail, so it was not saved. Try again later.`);
    expect(await written(org.orgName)).toEqual(before);
    await db.query('delete from app.mail_outbox where org_name = $1', [org.orgName]);
  });
});
