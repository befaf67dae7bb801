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

// No answer tells one organisation whether another's object exists: every path answers for an
// existing object in another organisation's folder exactly as for a name nobody has used.
describe('another organisation’s objects answer as missing ones', () => {
  it('on upload, upsert, update, info, signed URL, remove, copy and move', async () => {
    const folder = orgSlug(orgB.orgName);
    const existing = `${folder}/${Date.now()}_exists.png`;
    const missing = `${folder}/${Date.now()}_missing.png`;
    expect((await orgB.client.storage.from('accommodations').upload(existing, PNG, { contentType: 'image/png' })).error).toBeNull();
    const mine = `${orgSlug(orgA.orgName)}/${Date.now()}_${randomUUID().slice(0, 6)}`;
    const bucket = () => orgA.client.storage.from('accommodations');
    const answers = async (name: string) => {
      const strip = (result: { error: unknown }) => JSON.stringify(result.error ?? 'no error').replaceAll(name, '<name>');
      return {
        upload: strip(await bucket().upload(name, PNG, { contentType: 'image/png' })),
        upsert: strip(await bucket().upload(name, PNG, { contentType: 'image/png', upsert: true })),
        update: strip(await bucket().update(name, PNG, { contentType: 'image/png' })),
        info: strip(await bucket().info(name)),
        sign: strip(await bucket().createSignedUrl(name, 60)),
        remove: JSON.stringify((await bucket().remove([name])).data),
        copy: strip(await bucket().copy(name, `${mine}_copy.png`)),
        move: strip(await bucket().move(name, `${mine}_move.png`)),
      };
    };
    const forExisting = await answers(existing);
    expect(forExisting).toEqual(await answers(missing));
    expect(forExisting.upload).not.toBe('"no error"');
    const { data } = await orgB.client.storage.from('accommodations').download(existing);
    expect(Buffer.from(await (data as Blob).arrayBuffer())).toEqual(PNG);
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

// Move and copy create an object in their destination as an upload does: the destination bucket's
// allowed types and size limit hold there too (organization-assets: images and PDFs, 5 MiB;
// accommodations: no SVG, 10 MiB).
describe('move, copy, update and signed uploads meet the destination bucket’s rules', () => {
  const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
  // A PNG signature padded past organization-assets' 5 MiB, within accommodations' 10 MiB.
  const SIX_MIB_PNG = Buffer.concat([PNG, Buffer.alloc(6 * 1024 * 1024)]);
  const assets = () => orgA.client.storage.from('organization-assets');
  const accommodations = () => orgA.client.storage.from('accommodations');
  const unique = () => `${Date.now()}_${randomUUID().slice(0, 6)}`;

  async function stored(bucket: string, name: string) {
    const folder = name.includes('/') ? name.slice(0, name.lastIndexOf('/')) : '';
    const file = name.slice(name.lastIndexOf('/') + 1);
    const { data } = await orgA.client.storage.from(bucket).list(folder, { search: file });
    return (data ?? []).some((entry) => entry.name === file);
  }

  it('refuses moving or copying an SVG into accommodations (no SVG there), and leaves the source in place', async () => {
    const source = `${orgSlug(orgA.orgName)}-${unique()}_logo.svg`;
    expect((await assets().upload(source, SVG, { contentType: 'image/svg+xml' })).error).toBeNull();
    const target = `${orgSlug(orgA.orgName)}/${unique()}_logo.svg`;

    const moved = await assets().move(source, target, { destinationBucket: 'accommodations' });
    expect(moved.error).toMatchObject({ status: 415 });
    const copied = await assets().copy(source, target, { destinationBucket: 'accommodations' });
    expect(copied.error).toMatchObject({ status: 415 });

    expect(await stored('accommodations', target)).toBe(false);
    expect(await stored('organization-assets', source)).toBe(true);
  });

  it('refuses moving or copying 6 MiB into organization-assets (5 MiB), and leaves the source in place', async () => {
    const source = `${orgSlug(orgA.orgName)}/${unique()}_large.png`;
    expect((await accommodations().upload(source, SIX_MIB_PNG, { contentType: 'image/png' })).error).toBeNull();
    const target = `${orgSlug(orgA.orgName)}-${unique()}.png`;

    expect((await accommodations().move(source, target, { destinationBucket: 'organization-assets' })).error).toMatchObject({ status: 413 });
    expect((await accommodations().copy(source, target, { destinationBucket: 'organization-assets' })).error).toMatchObject({ status: 413 });
    expect(await stored('organization-assets', target)).toBe(false);
    expect(await stored('accommodations', source)).toBe(true);
  });

  it('moves and copies an image that meets the rules, within a bucket and into organization-assets', async () => {
    const source = `${orgSlug(orgA.orgName)}/${unique()}_small.png`;
    expect((await accommodations().upload(source, PNG, { contentType: 'image/png' })).error).toBeNull();
    const copy = `${orgSlug(orgA.orgName)}-${unique()}.png`;
    expect((await accommodations().copy(source, copy, { destinationBucket: 'organization-assets' })).error).toBeNull();
    const served = await fetch(assets().getPublicUrl(copy).data.publicUrl);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    const renamed = `${orgSlug(orgA.orgName)}/${unique()}_renamed.png`;
    expect((await accommodations().move(source, renamed)).error).toBeNull();
    expect(await stored('accommodations', renamed)).toBe(true);
    expect(await stored('accommodations', source)).toBe(false);
  });

  it('refuses the same through an update (PUT) and a signed upload URL: every path that creates an object', async () => {
    const name = `${orgSlug(orgA.orgName)}/${unique()}_replaced.png`;
    expect((await accommodations().upload(name, PNG, { contentType: 'image/png' })).error).toBeNull();
    expect((await accommodations().update(name, SVG, { contentType: 'image/svg+xml' })).error).toMatchObject({ statusCode: '415' });
    const logo = `${orgSlug(orgA.orgName)}-${unique()}.png`;
    expect((await assets().upload(logo, PNG, { contentType: 'image/png' })).error).toBeNull();
    expect((await assets().update(logo, SIX_MIB_PNG, { contentType: 'image/png' })).error).toMatchObject({ statusCode: '413' });
    const served = await fetch(assets().getPublicUrl(logo).data.publicUrl);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);

    const signedLogo = `${orgSlug(orgA.orgName)}-${unique()}_signed.png`;
    const signed = await assets().createSignedUploadUrl(signedLogo);
    expect(signed.error).toBeNull();
    const tooLarge = await assets().uploadToSignedUrl(signedLogo, signed.data?.token ?? '', SIX_MIB_PNG, { contentType: 'image/png' });
    expect(tooLarge.error).toMatchObject({ statusCode: '413' });
    const signedSvg = `${orgSlug(orgA.orgName)}/${unique()}_signed.svg`;
    const signedPlace = await accommodations().createSignedUploadUrl(signedSvg);
    const svg = await accommodations().uploadToSignedUrl(signedSvg, signedPlace.data?.token ?? '', SVG, { contentType: 'image/svg+xml' });
    expect(svg.error).toMatchObject({ statusCode: '415' });
    expect(await stored('organization-assets', signedLogo)).toBe(false);
    expect(await stored('accommodations', signedSvg)).toBe(false);
  });

  it('refuses moving or copying into another organisation’s folder', async () => {
    const source = `${orgSlug(orgA.orgName)}/${unique()}_mine.png`;
    expect((await accommodations().upload(source, PNG, { contentType: 'image/png' })).error).toBeNull();
    const foreign = `${orgSlug(orgB.orgName)}/${unique()}_taken.png`;
    expect((await accommodations().copy(source, foreign)).error).not.toBeNull();
    expect((await accommodations().move(source, foreign)).error).not.toBeNull();
    const { data } = await orgB.client.storage.from('accommodations').list(orgSlug(orgB.orgName));
    expect((data ?? []).some((entry) => foreign.endsWith(entry.name))).toBe(false);
    expect(await stored('accommodations', source)).toBe(true);
  });
});
