import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import nodemailer from 'nodemailer';
import { MAIL_OUTBOX_URL, waitForMail as waitForOutboxMail, type OutboxMail } from '../auth/support/mailOutbox';
import { expectAccessible } from './pages/a11y';
import { chooseOption } from './pages/chooseOption';
import { CrmList } from './pages/CrmList';
import { signInThroughApi } from '../../support/signInThroughApi';
import { TEST_STACK_PORT_BASE } from '../../support/ports';
import { ownSmtpAccount, startOwnSmtpServer } from '../../../supabase/tests/stack/ownSmtpServer';
import { anonClient, createOwner, serviceClient, unique, uniqueEmail, type Owner } from '../shell/support/shellApi';
import { utcDay } from '../lodging/lodgingApi';

test.describe.configure({ timeout: 240_000 });

/** The stack's inbound SMTP server (gateway + 6). */
const INBOUND_PORT = TEST_STACK_PORT_BASE + 6;
const INBOUND_DOMAIN = 'in.steward.localhost';

/** The newest mail in the local outbox with this subject to this address; these journeys give it 30 s. */
const waitForMail = (address: string, subject: string) => waitForOutboxMail(address, subject, 30_000);

/** A sent mail's headers as its source has them (MailDev's JSON leaves some out, Reply-To among them). */
async function rawHeaders(mail: OutboxMail): Promise<Record<string, string>> {
  const source = await (await fetch(`${MAIL_OUTBOX_URL}/api/email/${mail.id}/source`)).text();
  const head = source.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return Object.fromEntries(head.split(/\r?\n/).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
}

/** The organisation's slug as its inbound address has it (app.org_slug). */
const slugOf = (orgName: string) => orgName.replace(/\s+/g, '').replace(/[^A-Za-z0-9_-]/g, '-');

/** Sends a mail by SMTP to the stack's inbound server, as a person's mail program would. */
async function sendInbound(mail: { from: string; to: string; subject: string; text: string; html?: string; inReplyTo?: string }) {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: INBOUND_PORT, secure: false, ignoreTLS: true });
  await transport.sendMail({ ...mail, references: mail.inReplyTo });
  transport.close();
}

/** The shared "e-mail" kind of contact method: a method of it is the contact's address. */
async function emailTypeId(): Promise<string> {
  const { data, error } = await serviceClient().schema('crm').from('contact_method_types').select('id').eq('org_name', '_system_default_').eq('kind', 'email').limit(1).single();
  if (error || !data) throw new Error(`e-mail type: ${error?.message}`);
  return (data as { id: string }).id;
}

async function contactWithEmail(owner: Owner, name: string, email: string): Promise<{ id: string; shortId: string }> {
  const db = serviceClient().schema('crm');
  const typeId = await emailTypeId();
  const { data, error } = await db.from('contacts').insert({ org_name: owner.orgName, name, first_name: name.split(' ')[0], last_name: name.split(' ').slice(1).join(' ') }).select('id, short_id').single();
  if (error || !data) throw new Error(`contact: ${error?.message}`);
  const method = await db.from('contact_methods').insert({ org_name: owner.orgName, contact_id: data.id, type_id: typeId, value: email, label: 'Email', is_primary: true });
  if (method.error) throw new Error(`contact method: ${method.error.message}`);
  return { id: data.id as string, shortId: String(data.short_id) };
}

/** Types an address into a tags field and adds it. */
async function addAddress(field: Locator, address: string) {
  await field.fill(address);
  await field.press('Enter');
}

/** The composer: its title names whom it writes to ("Send e-mail to …", or "Reply"). */
function composer(page: Page) {
  return page.getByRole('dialog', { name: /^(Send e-mail to|Reply)/ });
}

test('written to a contact with a template, the mail leaves with the merge fields filled and is on the Conversations tab; their reply by SMTP comes back onto it', async ({ page, baseURL }) => {
  const owner = await createOwner('Conv');
  const email = uniqueEmail('abigail');
  const contact = await contactWithEmail(owner, 'Abigail Foster', email);
  const template = await serviceClient().schema('settings').from('mail_templates').insert({ org_name: owner.orgName, name: 'Welcome', subject: 'Welcome, {{first_name}}', body: 'Dear {{full_name}},\n\nthank you for visiting **{{organization.name}}**.' });
  expect(template.error).toBeNull();
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');

  await page.goto(`/contact/${contact.shortId}`);
  await page.getByRole('button', { name: 'Send e-mail' }).click();
  const dialog = composer(page);
  await expect(dialog.getByRole('heading', { name: 'Send e-mail to Abigail Foster' }).or(dialog.getByText('Send e-mail to Abigail Foster'))).toBeVisible();
  // To is the contact's address already.
  await expect(dialog.locator('.ant-select').filter({ has: page.getByLabel('To', { exact: true }) })).toContainText(email);
  await chooseOption(page, dialog, 'Template', 'Welcome');
  await expect(dialog.getByLabel('Subject', { exact: true })).toHaveValue('Welcome, {{first_name}}');
  await expect(dialog.getByLabel('Message')).toHaveValue(/Dear \{\{full_name\}\}/);
  await expectAccessible(page);
  // The preview is the mail as Abigail will get it.
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const preview = dialog.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('Welcome, Abigail');
  await expect(preview).toContainText('Dear Abigail Foster');
  await expect(preview.locator('strong')).toHaveText(owner.orgName);
  await dialog.getByRole('button', { name: 'Edit' }).click();
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Message queued for sending' })).toBeVisible();
  await expect(dialog).toHaveCount(0);

  const mail = await waitForMail(email, 'Welcome, Abigail');
  expect(mail.text).toContain('Dear Abigail Foster');
  expect(mail.text).toContain(owner.orgName);
  expect(mail.text).not.toContain('{{');

  await page.getByRole('tab', { name: 'Conversations' }).click();
  const thread = page.getByRole('region', { name: 'Conversation: Welcome, Abigail' });
  await expect(thread).toBeVisible();
  await expect(thread.getByRole('article').first()).toContainText(email);
  await expect(thread.getByText('Sent', { exact: true }).first()).toBeVisible();

  // Abigail answers from her mail program, to the reply address the mail carried.
  const headers = await rawHeaders(mail);
  const replyTo = headers['reply-to'] ?? '';
  expect(replyTo).toContain(`@${INBOUND_DOMAIN}`);
  await sendInbound({ from: `Abigail Foster <${email}>`, to: replyTo.replace(/^.*<|>.*$/g, ''), subject: 'Re: Welcome, Abigail', text: 'Thank you, see you soon!', inReplyTo: headers['message-id'] });
  await expect(async () => {
    await page.reload();
    await page.getByRole('tab', { name: 'Conversations' }).click();
    await expect(thread.getByRole('article', { name: 'Received message: Re: Welcome, Abigail' })).toContainText('Thank you, see you soon!', { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(thread).toContainText('2 messages');
  await expectAccessible(page);
});

test('a bad address or an empty subject is named and the draft stays; the database’s refusal is shown as it words it', async ({ page, baseURL }) => {
  const owner = await createOwner('ConvBad');
  const contact = await contactWithEmail(owner, 'Bram Visser', uniqueEmail('bram'));
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  await page.goto(`/contact/${contact.shortId}`);
  await page.getByRole('button', { name: 'Send e-mail' }).click();
  const dialog = composer(page);
  await addAddress(dialog.getByLabel('Cc', { exact: true }), 'bram-at-example.org');
  await dialog.getByLabel('Message').fill('Hello {{nickname}}');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByText('bram-at-example.org is not an e-mail address')).toBeVisible();
  await expect(dialog.getByText('Give the message a subject')).toBeVisible();
  await expect(dialog.getByLabel('Message')).toHaveValue('Hello {{nickname}}');
  await expectAccessible(page);

  // Fixed here; the unknown field is the database's to refuse, and nothing is lost.
  await dialog.locator('.ant-select').filter({ has: page.getByLabel('Cc', { exact: true }) }).locator('.ant-select-selection-item-remove').click();
  await dialog.getByLabel('Subject', { exact: true }).fill('Hello');
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: '{{nickname}} is not a merge field' })).toBeVisible();
  await expect(dialog.getByLabel('Subject', { exact: true })).toHaveValue('Hello');
  await expect(dialog.getByLabel('Message')).toHaveValue('Hello {{nickname}}');
  const { count } = await serviceClient().schema('crm').from('messages').select('id', { count: 'exact', head: true }).eq('org_name', owner.orgName);
  expect(count).toBe(0);
});

test('mail from an unknown sender waits in the inbox and is attached to a contact', async ({ page, baseURL }) => {
  const owner = await createOwner('ConvInbox');
  const contact = await contactWithEmail(owner, 'Chidi Okeke', uniqueEmail('chidi'));
  const subject = unique('Question about the hall');
  // Anyone's HTML: shown sanitised, its scripts never run.
  await sendInbound({
    from: 'Someone New <someone.new@example.net>',
    to: `${slugOf(owner.orgName)}@${INBOUND_DOMAIN}`,
    subject,
    text: 'Is the hall free on Saturday?',
    html: '<p>Is the hall <b>free</b> on Saturday?</p><img src="x" onerror="window.__stwInjected = 1"><script>window.__stwInjected = 2</script>',
  });
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');

  await expect(async () => {
    await page.goto('/inbox');
    await expect(page.getByRole('article', { name: `Received message: ${subject}` })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const received = page.getByRole('article', { name: `Received message: ${subject}` });
  await expect(received.locator('b')).toHaveText('free');
  await expect(received.locator('script, [onerror]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __stwInjected?: number }).__stwInjected ?? null)).toBeNull();
  await expectAccessible(page);
  await page.getByRole('button', { name: `Attach to record: ${subject}` }).click();
  const dialog = page.getByRole('dialog', { name: `Attach “${subject}” to a record` });
  await dialog.getByLabel('Record', { exact: true }).fill('Chidi');
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Chidi Okeke"]').click();
  await dialog.getByRole('button', { name: 'Attach' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Attached to the record' })).toBeVisible();
  await expect(page.getByText('The inbox is empty.')).toBeVisible();

  await page.goto(`/contact/${contact.shortId}`);
  await page.getByRole('tab', { name: 'Conversations' }).click();
  await expect(page.getByRole('article', { name: `Received message: ${subject}` })).toContainText('Is the hall free on Saturday?');
});

test('mail to every contact matching a filter: one each, the suppressed addresses skipped and counted', async ({ page, baseURL }) => {
  const owner = await createOwner('ConvBulk');
  const stem = unique('Bulkmail');
  const db = serviceClient().schema('crm');
  // More than a page (200), so "all matching" sends the filter rather than ids.
  const people = Array.from({ length: 203 }, (_, index) => ({ name: `${stem} ${String(index).padStart(3, '0')}`, email: `${stem.toLowerCase().replace(/\W/g, '')}.${index}@example.org` }));
  const { data: rows, error } = await db.from('contacts').insert(people.map((person) => ({ org_name: owner.orgName, name: person.name, first_name: person.name }))).select('id, name');
  expect(error).toBeNull();
  const idOf = new Map((rows ?? []).map((row: { id: string; name: string }) => [row.name, row.id]));
  const typeId = await emailTypeId();
  const methods = await db.from('contact_methods').insert(people.map((person) => ({ org_name: owner.orgName, contact_id: idOf.get(person.name), type_id: typeId, value: person.email, label: 'Email', is_primary: true })));
  expect(methods.error).toBeNull();
  const suppressed = await db.from('mail_suppressions').insert([
    { org_name: owner.orgName, email: people[1]!.email, reason: 'unsubscribed' },
    { org_name: owner.orgName, email: people[2]!.email, reason: 'bounced' },
  ]);
  expect(suppressed.error).toBeNull();
  // Someone the filter leaves out.
  await contactWithEmail(owner, 'Outside Filter', 'outside.filter@example.org');
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');

  const list = new CrmList(page);
  await list.goto('/contacts');
  await list.filterBy('Name', 'contains', stem);
  await expect(list.row(people[0]!.name)).toBeVisible();
  await expect(list.row('Outside Filter')).toHaveCount(0);
  await list.table.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
  await page.getByRole('button', { name: 'Select all 203 rows matching this filter' }).click();
  const actions = page.getByRole('group', { name: 'Actions on 203 contacts' });
  await actions.getByRole('button', { name: 'Send e-mail' }).click();
  const dialog = composer(page);
  await expect(dialog.getByText('Send e-mail to 203 records')).toBeVisible();
  const subject = `News for {{first_name}} ${stem}`;
  await dialog.getByLabel('Subject', { exact: true }).fill(subject);
  await dialog.getByLabel('Message').fill('Hello {{first_name}}, our spring newsletter is out.');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText(`Hello ${people[0]!.name}`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Edit' }).click();
  const sending = page.waitForRequest((request) => request.url().includes('/rpc/send_to_many'));
  await dialog.getByRole('button', { name: 'Send to all' }).click();
  // The filter went, not 203 ids: the database found the rows itself.
  expect((await sending).postDataJSON()).toMatchObject({ p_ids: null, p_filter: { org_names: expect.arrayContaining([owner.orgName]), exclude_archived: true } });
  await expect(page.getByRole('status').filter({ hasText: '201 of 203 queued, 2 skipped (unsubscribed, bounced or no address)' })).toBeVisible();

  const { data: campaign } = await db.from('mail_campaigns').select('total, queued, skipped').eq('org_name', owner.orgName).single();
  expect(campaign).toEqual({ total: 203, queued: 201, skipped: 2 });
  const { count } = await db.from('messages').select('id', { count: 'exact', head: true }).eq('org_name', owner.orgName).contains('to_emails', ['outside.filter@example.org']);
  expect(count).toBe(0);
});

test('the composer and the Conversations tab work at a phone’s width', async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const owner = await createOwner('ConvPhone');
  const contact = await contactWithEmail(owner, 'Dana Lee', uniqueEmail('dana'));
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  await page.goto(`/contact/${contact.shortId}`);
  await page.getByRole('button', { name: 'Send e-mail' }).click();
  const dialog = composer(page);
  await dialog.getByLabel('Subject', { exact: true }).fill('Small screen');
  await dialog.getByLabel('Message').fill('Hello');
  // The toolbar works from the keyboard: Bold wraps the selected word.
  await dialog.getByLabel('Message').selectText();
  await dialog.getByRole('button', { name: 'Bold' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('Message')).toHaveValue('**Hello**');
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('tab', { name: 'Conversations' }).click();
  await expect(page.getByRole('region', { name: 'Conversation: Small screen' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
});

test('the unsubscribe link of a mail to many takes the address off that organisation’s mail to many, once; the next one skips it', async ({ page, baseURL }) => {
  const owner = await createOwner('ConvUnsub');
  const address = uniqueEmail('unsub');
  const person = await contactWithEmail(owner, 'Una Subscriber', address);
  // The mail to many is written as the organisation's owner would send it (its screen has its own journey).
  const client = anonClient();
  const signedIn = await client.auth.signInWithPassword({ email: owner.email, password: owner.password });
  expect(signedIn.error).toBeNull();
  const subject = `Spring news ${unique('n')}`;
  const sent = await client.schema('crm').rpc('send_to_many', { p_kind: 'contact', p_ids: [person.id], p_filter: null, p_subject: subject, p_body: 'Hello {{first_name}}.' });
  expect(sent.error).toBeNull();
  expect(sent.data).toMatchObject({ total: 1, queued: 1, skipped: 0 });

  // The person follows the link in the mail they received (on this platform's address).
  const mail = await waitForMail(address, subject);
  const link = /\/unsubscribe\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
  expect(link, 'an unsubscribe link in the mail').toBeTruthy();
  await page.goto(new URL(link!, baseURL).toString());
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${address} will no longer receive mail sent to many people at once from ${owner.orgName}.` })).toBeVisible();

  // The link works once.
  await page.reload();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This unsubscribe link has already been used' })).toBeVisible();

  // The next mail to many skips the address.
  const again = await client.schema('crm').rpc('send_to_many', { p_kind: 'contact', p_ids: [person.id], p_filter: null, p_subject: `${subject} again`, p_body: 'Hello again.' });
  expect(again.error).toBeNull();
  expect(again.data).toMatchObject({ total: 1, queued: 0, skipped: 1 });
});

test('a reader whose browser speaks Spanish reads the unsubscribe page, and its refusal of an unknown link, in Spanish', async ({ browser, baseURL }) => {
  // No session: the page speaks the browser's language, the database's refusal too (by the id it names).
  const context = await browser.newContext({ baseURL, locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto('/unsubscribe/no-such-link');
  await expect(page.getByRole('heading', { name: 'Darse de baja' })).toBeVisible();
  await page.getByRole('button', { name: 'Darme de baja' }).click();
  await expect(page.getByRole('alert')).toHaveText('Este enlace para darse de baja no es válido');
  await expectAccessible(page);
  await context.close();
});

/** Messages written straight into a record's conversation (as mail received over months would leave them). */
async function seedMessages(owner: Owner, contactId: string, count: number, subject: (n: number) => string) {
  const db = serviceClient().schema('crm');
  const rows = Array.from({ length: count }, (_, n) => ({
    org_name: owner.orgName, direction: 'in', status: 'received', thread_id: crypto.randomUUID(), message_id: `<${crypto.randomUUID()}@mail.example>`,
    subject: subject(n), body_text: `Message ${n}`, from_email: 'pen.pal@mail.example', to_emails: ['desk@in.steward.localhost'],
    // n = 0 is the newest.
    created_at: new Date(Date.now() - (n + 1) * 60_000).toISOString(),
  }));
  const { data, error } = await db.from('messages').insert(rows).select('id');
  if (error || !data) throw new Error(`messages: ${error?.message}`);
  const links = await db.from('message_links').insert(data.map((row: { id: string }) => ({ org_name: owner.orgName, message_id: row.id, record_kind: 'contact', record_id: contactId })));
  if (links.error) throw new Error(`message links: ${links.error.message}`);
}

test('a long conversation shows its newest 50; “Show older messages” adds the rest below from the keyboard and puts the focus on the first of them', async ({ page, baseURL }) => {
  const owner = await createOwner('ConvOlder');
  const contact = await contactWithEmail(owner, 'Penny Pal', uniqueEmail('penny'));
  await seedMessages(owner, contact.id, 57, (n) => `Letter ${String(n + 1).padStart(2, '0')}`);
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  await page.goto(`/contact/${contact.shortId}`);
  await page.getByRole('tab', { name: 'Conversations' }).click();
  const letters = page.getByRole('article', { name: /^Received message: Letter / });
  await expect(letters).toHaveCount(50);
  await expect(page.getByRole('article', { name: 'Received message: Letter 50' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Received message: Letter 51' })).toHaveCount(0);
  const older = page.getByRole('button', { name: 'Show older messages' });
  await older.focus();
  await page.keyboard.press('Enter');
  await expect(letters).toHaveCount(57);
  await expect(page.getByRole('article', { name: 'Received message: Letter 51' })).toBeFocused();
  // The newest stay first; none is shown twice; there is nothing older.
  await expect(letters.first()).toHaveAccessibleName('Received message: Letter 01');
  await expect(letters.last()).toHaveAccessibleName('Received message: Letter 57');
  await expect(older).toHaveCount(0);
  await expectAccessible(page);
});

test('a message with an uploaded file and one of the record’s files reaches the outbox with both, and both download from the timeline', async ({ page, baseURL }) => {
  const owner = await createOwner('ConvFiles');
  const email = uniqueEmail('felix');
  const contact = await contactWithEmail(owner, 'Felix Files', email);
  // One of Felix's files (the Files tab's bucket: '{organisation id}/{file id}').
  const service = serviceClient();
  const { data: org } = await service.from('organizations').select('id').eq('name', owner.orgName).single();
  const fileId = crypto.randomUUID();
  const storagePath = `${(org as { id: string }).id}/${fileId}`;
  const stored = await service.storage.from('record-files').upload(storagePath, new Blob(['%PDF-1.4 route map'], { type: 'application/pdf' }), { contentType: 'application/pdf' });
  expect(stored.error).toBeNull();
  const file = await service.schema('crm').from('crm_files').insert({ id: fileId, org_name: owner.orgName, contact_id: contact.id, name: 'route-map.pdf', storage_path: storagePath, content_type: 'application/pdf', size_bytes: 18 });
  expect(file.error).toBeNull();
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');

  await page.goto(`/contact/${contact.shortId}`);
  await page.getByRole('button', { name: 'Send e-mail' }).click();
  const dialog = composer(page);
  const subject = unique('Your trip papers');
  await dialog.getByLabel('Subject', { exact: true }).fill(subject);
  await dialog.getByLabel('Message').fill('Both papers are attached.');
  await dialog.getByRole('checkbox', { name: 'route-map.pdf' }).check();
  await dialog.getByLabel('Upload a file (up to 10 MB)').setInputFiles({ name: 'packing-list.txt', mimeType: 'text/plain', buffer: Buffer.from('Paddle, tent, stove') });
  await expect(dialog.getByRole('button', { name: 'Remove packing-list.txt' })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toHaveCount(0);

  const mail = (await waitForMail(email, subject)) as OutboxMail & { attachments?: { filename: string; generatedFileName: string }[] };
  expect((mail.attachments ?? []).map((attachment) => attachment.filename).sort()).toEqual(['packing-list.txt', 'route-map.pdf']);
  for (const [name, content] of [['packing-list.txt', 'Paddle, tent, stove'], ['route-map.pdf', '%PDF-1.4 route map']] as const) {
    const stored = mail.attachments!.find((attachment) => attachment.filename === name)!;
    expect(await (await fetch(`${MAIL_OUTBOX_URL}/api/email/${mail.id}/attachment/${stored.generatedFileName}`)).text()).toBe(content);
  }

  await page.getByRole('tab', { name: 'Conversations' }).click();
  const sent = page.getByRole('article', { name: `Sent message: ${subject}` });
  await expect(sent.getByText('Sent', { exact: true })).toBeVisible();
  for (const [name, content] of [['packing-list.txt', 'Paddle, tent, stove'], ['route-map.pdf', '%PDF-1.4 route map']] as const) {
    const download = page.waitForEvent('download');
    await sent.getByRole('button', { name: `Download ${name}` }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(name);
    expect((await readFile((await saved.path())!)).toString()).toBe(content);
  }
  await expectAccessible(page);
});

test('mail from a stranger in the inbox becomes a new contact, with the message on it', async ({ page, baseURL }) => {
  const owner = await createOwner('ConvNew');
  const subject = unique('Do you rent canoes');
  const sender = uniqueEmail('nina');
  await sendInbound({ from: `Nina Newcomer <${sender}>`, to: `${slugOf(owner.orgName)}@${INBOUND_DOMAIN}`, subject, text: 'Two canoes for Saturday, please.' });
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  await expect(async () => {
    await page.goto('/inbox');
    await expect(page.getByRole('article', { name: `Received message: ${subject}` })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expectAccessible(page);
  await page.getByRole('button', { name: `Create contact from ${sender}` }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Created a contact for Nina Newcomer' })).toBeVisible();
  // The new contact's page opens, with the sender's name and address.
  await expect(page.getByRole('heading', { name: 'Contact: Nina Newcomer', level: 2 })).toBeVisible();
  await expect(page.getByRole('link', { name: sender }).first()).toBeVisible();
  const { data: person } = await serviceClient().schema('crm').from('contacts').select('first_name, last_name').eq('org_name', owner.orgName).eq('name', 'Nina Newcomer').single();
  expect(person).toEqual({ first_name: 'Nina', last_name: 'Newcomer' });
  await page.getByRole('tab', { name: 'Conversations' }).click();
  await expect(page.getByRole('article', { name: `Received message: ${subject}` })).toContainText('Two canoes for Saturday, please.');
  await expectAccessible(page);
  // The inbox no longer holds it.
  await page.goto('/inbox');
  await expect(page.getByText('The inbox is empty.')).toBeVisible();
});

test('a message the organisation’s mail server refuses shows failed with the server’s reason on the record', async ({ page, baseURL }) => {
  // The organisation's own SMTP account (Settings → Integrations, type smtp): a real SMTP server that refuses the recipient.
  const refusing = await startOwnSmtpServer({ refuseRecipients: '5.1.1 The mailbox does not exist' });
  try {
    const owner = await createOwner('ConvRefused');
    const account = await serviceClient().schema('settings').from('integrations').insert(ownSmtpAccount(owner.orgName, refusing.port, { email: 'desk@refused.example', name: 'Refused Desk' }));
    expect(account.error).toBeNull();
    const contact = await contactWithEmail(owner, 'Rory Gone', uniqueEmail('rory'));
    await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
    await page.goto(`/contact/${contact.shortId}`);
    await page.getByRole('button', { name: 'Send e-mail' }).click();
    const dialog = composer(page);
    await dialog.getByLabel('Subject', { exact: true }).fill('Are you still there?');
    await dialog.getByLabel('Message').fill('Hello Rory');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Message queued for sending' })).toBeVisible();

    const message = page.getByRole('article', { name: 'Sent message: Are you still there?' });
    await expect(async () => {
      await page.reload();
      await page.getByRole('tab', { name: 'Conversations' }).click();
      await expect(message.getByText('Failed', { exact: true })).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await expect(message.getByRole('alert')).toContainText('Not sent: 550 5.1.1 The mailbox does not exist');
    await expectAccessible(page);
  } finally {
    await refusing.close();
  }
});

/**
 * Writes from a record's Conversations section (its To already holds the record's address), sends, and
 * finds the mail in the outbox and the sent message under the section. Returns the subject.
 */
async function sendFromConversations(page: Page, conversations: Locator, email: string, subjectPrefix: string, text: string): Promise<string> {
  await conversations.getByRole('button', { name: 'Send e-mail' }).click();
  const dialog = composer(page);
  await expect(dialog.locator('.ant-select').filter({ has: page.getByLabel('To', { exact: true }) })).toContainText(email);
  const subject = unique(subjectPrefix);
  await dialog.getByLabel('Subject', { exact: true }).fill(subject);
  await dialog.getByLabel('Message').fill(text);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  expect((await waitForMail(email, subject)).text).toContain(text);
  await expect(conversations.getByRole('article', { name: `Sent message: ${subject}` })).toBeVisible();
  await expectAccessible(page);
  return subject;
}

test('a staff member’s conversation: written from their page, it reaches them and shows under it', async ({ page, baseURL }) => {
  const owner = await createOwner('ConvStaff');
  const email = uniqueEmail('sam');
  const { data: staff, error } = await serviceClient().schema('hr').from('staff_profiles').insert({ org_name: owner.orgName, preferred_name: 'Sam', legal_first_name: 'Sam', legal_last_name: 'Staffer', email }).select('short_id').single();
  expect(error).toBeNull();
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  await page.goto(`/staff/${(staff as { short_id: string }).short_id}`);
  await sendFromConversations(page, page.getByRole('region', { name: 'Conversations' }), email, 'Your rota', 'Next week you open the shop.');
});

test('a stay’s conversation: written to its guest from the stay, it reaches them and shows on the stay', async ({ page, baseURL }) => {
  const owner = await createOwner('ConvStay');
  const email = uniqueEmail('gwen');
  const guest = await contactWithEmail(owner, 'Gwen Guest', email);
  const catalog = serviceClient().schema('catalog');
  const { data: cabin, error: cabinError } = await catalog.from('accommodations').insert({ org_name: owner.orgName, name: 'Cabin Fern', base_rate: 100 }).select('id').single();
  expect(cabinError).toBeNull();
  const stay = await catalog.from('reservations').insert({
    org_name: owner.orgName, name: 'Guest family', accommodation_id: (cabin as { id: string }).id, contact_id: guest.id, status: 'Confirmed', adults: 2,
    check_in: `${utcDay(1)}T15:00:00Z`, check_out: `${utcDay(3)}T10:00:00Z`, total_amount: 200,
  });
  expect(stay.error).toBeNull();
  await signInThroughApi(page, owner.email, owner.password, baseURL ?? '');
  await page.goto('/reservations');
  await page.getByRole('table', { name: 'Reservation timeline' }).getByRole('button', { name: /^Reservation .*Guest family/ }).click();
  const stayDialog = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: 'Conversations' }) });
  const subject = await sendFromConversations(page, stayDialog.getByRole('region', { name: 'Conversations' }), email, 'Your arrival', 'The key is under the fern.');
  // The guest's own record has it too.
  await page.goto(`/contact/${guest.shortId}`);
  await page.getByRole('tab', { name: 'Conversations' }).click();
  await expect(page.getByRole('article', { name: `Sent message: ${subject}` })).toBeVisible();
});
