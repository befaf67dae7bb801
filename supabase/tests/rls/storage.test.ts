import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestClient, testStack } from '../stack/testStack';
import { signUpOrganization, type SignedUpOrganization } from './signUpOrganization';

const stack = testStack();
let orgA: SignedUpOrganization;
let orgB: SignedUpOrganization;

/** The spec's organisation folder name, as app.org_slug computes it. */
function orgSlug(name: string): string {
  return name.replace(/\s+/g, '').replace(/[^A-Za-z0-9_-]/g, '-') || 'org';
}

// The smallest valid PNG (1×1 transparent pixel).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

beforeAll(async () => {
  [orgA, orgB] = await Promise.all([signUpOrganization(stack, 'Storage Alpha'), signUpOrganization(stack, 'Storage Beta')]);
});

describe('organization-assets', () => {
  it('accepts uploads named after the caller’s organisation and serves them publicly', async () => {
    const path = `${orgSlug(orgA.orgName)}-logo.png`;
    const { error } = await orgA.client.storage.from('organization-assets').upload(path, PNG, { contentType: 'image/png', upsert: true });
    expect(error).toBeNull();
    const url = orgA.client.storage.from('organization-assets').getPublicUrl(path).data.publicUrl;
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
  });

  it('refuses names in another organisation’s namespace, and overwriting its objects', async () => {
    const foreign = `${orgSlug(orgB.orgName)}-logo.png`;
    const { error } = await orgA.client.storage.from('organization-assets').upload(foreign, PNG, { contentType: 'image/png' });
    expect(error).not.toBeNull();

    const own = `${orgSlug(orgA.orgName)}-banner.png`;
    await orgA.client.storage.from('organization-assets').upload(own, PNG, { contentType: 'image/png' });
    const overwrite = await orgB.client.storage.from('organization-assets').upload(own, PNG, { contentType: 'image/png', upsert: true });
    expect(overwrite.error).not.toBeNull();
    const removed = await orgB.client.storage.from('organization-assets').remove([own]);
    expect(removed.data ?? []).toEqual([]);
    const stillThere = await fetch(orgA.client.storage.from('organization-assets').getPublicUrl(own).data.publicUrl);
    expect(stillThere.status).toBe(200);
  });

  it('keeps an organisation out of a longer name that starts with its own ("Acme-" within "Acme-Labs-…")', async () => {
    const base = `Overlap${randomUUID().slice(0, 6)}`;
    const [short, long] = await Promise.all([signUpOrganization(stack, 'short', base), signUpOrganization(stack, 'long', `${base}-Labs`)]);
    const longsName = `${orgSlug(long.orgName)}-logo.png`;
    expect(longsName.startsWith(`${orgSlug(short.orgName)}-`)).toBe(true);

    const intrusion = await short.client.storage.from('organization-assets').upload(longsName, PNG, { contentType: 'image/png' });
    expect(intrusion.error).not.toBeNull();
    const owned = await long.client.storage.from('organization-assets').upload(longsName, PNG, { contentType: 'image/png' });
    expect(owned.error).toBeNull();
    const shortsOwn = await short.client.storage.from('organization-assets').upload(`${orgSlug(short.orgName)}-logo.png`, PNG, { contentType: 'image/png' });
    expect(shortsOwn.error).toBeNull();
  });

  it('refuses anonymous uploads', async () => {
    const anon = createTestClient(stack.apiUrl, stack.anonKey);
    const { error } = await anon.storage.from('organization-assets').upload(`${orgSlug(orgA.orgName)}-anon.png`, PNG, { contentType: 'image/png' });
    expect(error).not.toBeNull();
  });
});

describe('accommodations', () => {
  it('accepts {org}/{timestamp}_{file} for the caller’s organisation only', async () => {
    const own = `${orgSlug(orgA.orgName)}/${Date.now()}_cabin.png`;
    const ok = await orgA.client.storage.from('accommodations').upload(own, PNG, { contentType: 'image/png' });
    expect(ok.error).toBeNull();
    const foreign = `${orgSlug(orgB.orgName)}/${Date.now()}_cabin.png`;
    const refused = await orgA.client.storage.from('accommodations').upload(foreign, PNG, { contentType: 'image/png' });
    expect(refused.error).not.toBeNull();
    const { data: listed } = await orgB.client.storage.from('accommodations').list(orgSlug(orgA.orgName));
    expect(listed ?? []).toEqual([]);
  });
});
