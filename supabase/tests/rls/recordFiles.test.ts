// A record's files live in the private record-files bucket as '{organisation id}/{file id}': read only
// where the crm_files row is readable (its own rule, Personal included), through the API or a short-
// lived signed URL; never by public URL, by another organisation or by a role without CRM access.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, testStack } from '../stack/testStack';
import { memberWithOwnRole } from './roleMember';
import { signUpOrganization, type SignedUpOrganization } from './signUpOrganization';

const stack = testStack();
const BUCKET = 'record-files';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let orgA: SignedUpOrganization;
let orgB: SignedUpOrganization;
let orgAId: string;
let contactId: string;

async function organizationId(org: SignedUpOrganization): Promise<string> {
  const { data, error } = await org.client.from('organizations').select('id').eq('name', org.orgName).single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

async function newContact(client: SupabaseClient, orgName: string, name: string): Promise<string> {
  const { data, error } = await client.schema('crm').from('contacts').insert({ org_name: orgName, name }).select('id').single();
  expect(error).toBeNull();
  return (data as { id: string }).id;
}

/** Uploads a PDF and records it on the contact, as the Files tab does; the path and row id. */
async function storeRecordFile(client: SupabaseClient, orgName: string, orgId: string, contact: string) {
  const id = randomUUID();
  const path = `${orgId}/${id}`;
  const upload = await client.storage.from(BUCKET).upload(path, PDF, { contentType: 'application/pdf' });
  expect(upload.error).toBeNull();
  const row = await client.schema('crm').from('crm_files').insert({ id, org_name: orgName, name: 'waiver.pdf', storage_path: path, content_type: 'application/pdf', size_bytes: PDF.length, contact_id: contact });
  expect(row.error).toBeNull();
  return { id, path };
}

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([signUpOrganization(stack, 'Files Alpha'), signUpOrganization(stack, 'Files Beta')]);
  orgAId = await organizationId(orgA);
  contactId = await newContact(orgA.client, orgA.orgName, 'Dana Waiver');
});

describe('a record file', () => {
  it('is read by its organisation through the API and a signed URL, which downloads under its name', async () => {
    const { path } = await storeRecordFile(orgA.client, orgA.orgName, orgAId, contactId);
    const download = await orgA.client.storage.from(BUCKET).download(path);
    expect(download.error).toBeNull();
    expect(Buffer.from(await download.data!.arrayBuffer())).toEqual(PDF);

    const signed = await orgA.client.storage.from(BUCKET).createSignedUrl(path, 60, { download: 'waiver.pdf' });
    expect(signed.error).toBeNull();
    const response = await fetch(signed.data!.signedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
  });

  it('has no public URL: the bucket is private, and neither that URL nor an unsigned one opens it', async () => {
    const { path } = await storeRecordFile(orgA.client, orgA.orgName, orgAId, contactId);
    const publicUrl = orgA.client.storage.from(BUCKET).getPublicUrl(path).data.publicUrl;
    const missing = { statusCode: '404', error: 'not_found', message: 'Object not found' };
    const viaPublic = await fetch(publicUrl);
    expect([viaPublic.status, await viaPublic.json()]).toEqual([404, missing]);
    const unsigned = await fetch(`${stack.apiUrl}/storage/v1/object/${BUCKET}/${path}`, { headers: { apikey: stack.anonKey } });
    expect([unsigned.status, await unsigned.json()]).toEqual([404, missing]);
    const anon = createTestClient(stack.apiUrl, stack.anonKey);
    expect((await anon.storage.from(BUCKET).download(path)).error).not.toBeNull();
    expect((await anon.storage.from(BUCKET).createSignedUrl(path, 60)).error).not.toBeNull();
    const { data: bucket } = await createTestClient(stack.apiUrl, stack.serviceRoleKey).storage.getBucket(BUCKET);
    expect(bucket?.public).toBe(false);
  });

  it('is neither read, listed, replaced nor removed by another organisation', async () => {
    const { path } = await storeRecordFile(orgA.client, orgA.orgName, orgAId, contactId);
    const other = orgB.client.storage.from(BUCKET);
    expect((await other.download(path)).error).not.toBeNull();
    expect((await other.createSignedUrl(path, 60)).error).not.toBeNull();
    expect((await other.list(orgAId)).data ?? []).toEqual([]);
    expect((await other.upload(path, PDF, { contentType: 'application/pdf', upsert: true })).error).not.toBeNull();
    expect((await other.remove([path])).data ?? []).toEqual([]);
    expect((await other.upload(`${orgAId}/${randomUUID()}`, PDF, { contentType: 'application/pdf' })).error).not.toBeNull();
    expect((await orgA.client.storage.from(BUCKET).download(path)).error).toBeNull();
  });

  it('is hidden from a member whose role has CRM None: no download, no signed URL, an empty listing', async () => {
    const { path } = await storeRecordFile(orgA.client, orgA.orgName, orgAId, contactId);
    const { member } = await memberWithOwnRole(stack, orgA, 'NoCrm');
    const bucket = member.client.storage.from(BUCKET);
    expect((await bucket.download(path)).error).not.toBeNull();
    expect((await bucket.createSignedUrl(path, 60)).error).not.toBeNull();
    expect((await bucket.list(orgAId)).data ?? []).toEqual([]);
    expect((await bucket.remove([path])).data ?? []).toEqual([]);
    expect((await bucket.upload(`${orgAId}/${randomUUID()}`, PDF, { contentType: 'application/pdf' })).error).not.toBeNull();
  });

  it('follows Personal: a member reads the files they added, not the organisation’s others', async () => {
    const owners = await storeRecordFile(orgA.client, orgA.orgName, orgAId, contactId);
    const { member, grant } = await memberWithOwnRole(stack, orgA, 'OwnFiles');
    await grant('crm', 'Personal', 'allowed');
    const ownContact = await newContact(member.client, orgA.orgName, 'Kim Own');
    const theirs = await storeRecordFile(member.client, orgA.orgName, orgAId, ownContact);
    const bucket = member.client.storage.from(BUCKET);
    expect((await bucket.download(theirs.path)).error).toBeNull();
    expect((await bucket.download(owners.path)).error).not.toBeNull();
    const listed = ((await bucket.list(orgAId)).data ?? []).map((object) => object.name);
    expect(listed).toContain(theirs.id);
    expect(listed).not.toContain(owners.id);
  });

  it('names its own row: a row cannot point at another row’s object (23514)', async () => {
    const owners = await storeRecordFile(orgA.client, orgA.orgName, orgAId, contactId);
    const { error } = await orgA.client.schema('crm').from('crm_files').insert({ org_name: orgA.orgName, name: 'copy.pdf', storage_path: owners.path, contact_id: contactId });
    expect(error?.code).toBe('23514');
  });

  it('before a row claims it, is its uploader’s alone: another member cannot read it, the uploader removes it', async () => {
    const path = `${orgAId}/${randomUUID()}`;
    expect((await orgA.client.storage.from(BUCKET).upload(path, PDF, { contentType: 'application/pdf' })).error).toBeNull();
    const { member, grant } = await memberWithOwnRole(stack, orgA, 'Desk');
    await grant('crm', 'Organization', 'allowed');
    expect((await member.client.storage.from(BUCKET).download(path)).error).not.toBeNull();
    expect((await member.client.storage.from(BUCKET).remove([path])).data ?? []).toEqual([]);
    const removed = await orgA.client.storage.from(BUCKET).remove([path]);
    expect(removed.data?.map((object) => object.name)).toEqual([path]);
  });

  it('refuses a name that is not an organisation id and a file id', async () => {
    const { error } = await orgA.client.storage.from(BUCKET).upload(`${orgAId}/waiver.pdf`, PDF, { contentType: 'application/pdf' });
    expect(error).not.toBeNull();
  });
});
