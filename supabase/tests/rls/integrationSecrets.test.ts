import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, testStack } from '../stack/testStack';
import { signUpOrganization, type SignedUpOrganization } from './signUpOrganization';

/**
 * Integration secrets are written for a row the caller owns, once the conflict of an upsert is
 * decided: an insert that names another organisation's integration id changes nothing of theirs,
 * whatever the API's conflict resolution.
 */
const stack = testStack();
let db: pg.Client;
let victim: SignedUpOrganization;
let attacker: SignedUpOrganization;

type Stored = { api_key: string | null; api_secret: string | null; webhook_secret: string | null };
type Flags = { api_key_set: boolean; api_key_last4: string | null; api_secret_set: boolean; webhook_secret_set: boolean };

async function stored(id: string): Promise<Stored | undefined> {
  const { rows } = await db.query<Stored>('select api_key, api_secret, webhook_secret from app.integration_secrets where integration_id = $1', [id]);
  return rows[0];
}

async function flags(id: string): Promise<Flags | undefined> {
  const { rows } = await db.query<Flags>(
    'select api_key_set, api_key_last4, api_secret_set, webhook_secret_set from settings.integrations where id = $1',
    [id],
  );
  return rows[0];
}

async function createIntegration(org: SignedUpOrganization, secrets: Partial<Stored>): Promise<string> {
  const { data, error } = await org.client
    .schema('settings')
    .from('integrations')
    .insert({ name: 'Payments', type: 'stripe', org_name: org.orgName, ...secrets })
    .select('id')
    .single();
  if (error || !data) throw new Error(`insert failed: ${error?.message}`);
  return (data as { id: string }).id;
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  [victim, attacker] = await Promise.all([signUpOrganization(stack, 'Secrets Victim'), signUpOrganization(stack, 'Secrets Attacker')]);
});

afterAll(async () => {
  await db?.end();
});

describe("another organisation's integration id", () => {
  it.each([
    ['ignore-duplicates', true],
    ['merge-duplicates', false],
  ] as const)('an upsert with resolution=%s changes none of its secrets', async (_resolution, ignoreDuplicates) => {
    const id = await createIntegration(victim, { api_key: 'victim-key-1111', api_secret: 'victim-secret-2222', webhook_secret: 'victim-hook-3333' });
    const before = { secrets: await stored(id), flags: await flags(id) };
    expect(before.secrets).toEqual({ api_key: 'victim-key-1111', api_secret: 'victim-secret-2222', webhook_secret: 'victim-hook-3333' });

    const { data } = await attacker.client
      .schema('settings')
      .from('integrations')
      .upsert(
        { id, name: 'Mine', type: 'stripe', org_name: attacker.orgName, api_key: 'attacker-key-9999', api_secret: '', webhook_secret: 'attacker-hook-8888' },
        { ignoreDuplicates },
      )
      .select('id');
    expect(data ?? []).toEqual([]);

    expect(await stored(id)).toEqual(before.secrets);
    expect(await flags(id)).toEqual(before.flags);
  });
});

describe("the caller's own integrations", () => {
  it('an insert stores the secrets and shows only whether each is set', async () => {
    const id = await createIntegration(attacker, { api_key: 'own-key-12345678', webhook_secret: 'own-hook-abcdefgh' });
    expect(await stored(id)).toEqual({ api_key: 'own-key-12345678', api_secret: null, webhook_secret: 'own-hook-abcdefgh' });
    expect(await flags(id)).toEqual({ api_key_set: true, api_key_last4: '5678', api_secret_set: false, webhook_secret_set: true });
    const { rows } = await db.query('select api_key, api_secret, webhook_secret from settings.integrations where id = $1', [id]);
    expect(rows[0]).toEqual({ api_key: null, api_secret: null, webhook_secret: null });
  });

  it('merge-duplicates on an own row replaces the secrets it sends and keeps the others', async () => {
    const id = await createIntegration(attacker, { api_key: 'first-key-11111111', api_secret: 'first-secret-2222' });
    const { error } = await attacker.client
      .schema('settings')
      .from('integrations')
      .upsert({ id, name: 'Payments', type: 'stripe', org_name: attacker.orgName, api_key: 'second-key-33333333' });
    expect(error).toBeNull();
    expect(await stored(id)).toEqual({ api_key: 'second-key-33333333', api_secret: 'first-secret-2222', webhook_secret: null });
    expect(await flags(id)).toMatchObject({ api_key_set: true, api_key_last4: '3333', api_secret_set: true });
  });

  it('ignore-duplicates on an own existing row changes nothing', async () => {
    const id = await createIntegration(attacker, { api_key: 'kept-key-44444444' });
    const { error } = await attacker.client
      .schema('settings')
      .from('integrations')
      .upsert({ id, name: 'Payments', type: 'stripe', org_name: attacker.orgName, api_key: 'ignored-key-55555555' }, { ignoreDuplicates: true });
    expect(error).toBeNull();
    expect(await stored(id)).toEqual({ api_key: 'kept-key-44444444', api_secret: null, webhook_secret: null });
  });

  it('an update writes a sent secret, keeps one left out and clears one sent empty', async () => {
    const id = await createIntegration(attacker, { api_key: 'update-key-66666666', api_secret: 'update-secret-7777' });
    const { error } = await attacker.client.schema('settings').from('integrations').update({ api_key: 'changed-key-88888888', api_secret: '' }).eq('id', id);
    expect(error).toBeNull();
    expect(await stored(id)).toEqual({ api_key: 'changed-key-88888888', api_secret: null, webhook_secret: null });
    expect(await flags(id)).toMatchObject({ api_key_set: true, api_key_last4: '8888', api_secret_set: false });
  });
});
