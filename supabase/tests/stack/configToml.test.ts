import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { PASSWORD_MIN_LENGTH } from '../../local/auth/authSchemas.mjs';
import { ACCESS_TOKEN_SECONDS } from '../../local/auth/sessions.mjs';
import { API_MAX_ROWS, EXPOSED_SCHEMAS, GLOBAL_FILE_SIZE_LIMIT, REPO_ROOT, resolveStackConfig } from '../../local/config.mjs';
import { DEFAULT_PORT_BASE } from '../../local/keys.mjs';
import { postgrestEnv } from '../../local/postgrest.mjs';
import { connectDb, testStack } from './testStack';

type Bucket = { public: boolean; file_size_limit: string; allowed_mime_types: string[] };
type ConfigToml = {
  api: { port: number; schemas: string[]; extra_search_path: string[]; max_rows: number };
  db: { port: number };
  storage: { file_size_limit: string; buckets: Record<string, Bucket> };
  auth: { jwt_expiry: number; minimum_password_length: number; email: { enable_confirmations: boolean } };
};

const config = parse(readFileSync(path.join(REPO_ROOT, 'supabase/config.toml'), 'utf8')) as unknown as ConfigToml;

/** "5MiB" → bytes, as the Supabase CLI reads sizes. */
function bytes(size: string): number {
  const match = /^(\d+)\s*(B|KiB|MiB|GiB|KB|MB|GB)$/i.exec(size.trim());
  if (!match) throw new Error(`unreadable size ${size}`);
  const units: Record<string, number> = { b: 1, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3, kb: 1000, mb: 1000 ** 2, gb: 1000 ** 3 };
  return Number(match[1]) * (units[match[2]!.toLowerCase()] ?? Number.NaN);
}

/**
 * supabase/config.toml says what `supabase start` does; the Docker-free stack must do the same, so a
 * team can use either. Each value is compared with what the local stack actually reads or runs.
 */
describe('config.toml and the local stack agree', () => {
  const defaults = resolveStackConfig({}, {});

  it('ports, exposed schemas, search path and row limit of the API', () => {
    expect(config.api.port).toBe(DEFAULT_PORT_BASE);
    expect(config.db.port).toBe(defaults.pgPort);
    expect(config.api.schemas).toEqual(EXPOSED_SCHEMAS);
    const env = postgrestEnv(defaults);
    expect(env.PGRST_DB_SCHEMAS).toBe(config.api.schemas.join(','));
    expect(env.PGRST_DB_EXTRA_SEARCH_PATH).toBe(config.api.extra_search_path.join(','));
    expect(config.api.max_rows).toBe(API_MAX_ROWS);
    expect(env.PGRST_DB_MAX_ROWS).toBe(String(config.api.max_rows));
  });

  it('auth: token lifetime, minimum password length, confirmations', () => {
    expect(config.auth.jwt_expiry).toBe(ACCESS_TOKEN_SECONDS);
    expect(config.auth.minimum_password_length).toBe(PASSWORD_MIN_LENGTH);
    // The local stack confirms sign-ups at once exactly when config.toml turns confirmations off.
    expect(config.auth.email.enable_confirmations).toBe(!defaults.autoconfirm);
  });

  it('storage: the global upload limit', () => {
    expect(bytes(config.storage.file_size_limit)).toBe(GLOBAL_FILE_SIZE_LIMIT);
  });

  describe('storage buckets as the migrations create them', () => {
    let db: pg.Client;
    beforeAll(async () => {
      db = await connectDb(testStack().dbUrl);
    });
    afterAll(async () => {
      await db.end();
    });

    it('has every bucket of config.toml with the same visibility, size limit and types, and no other', async () => {
      const { rows } = await db.query<{ id: string; public: boolean; file_size_limit: string | null; allowed_mime_types: string[] | null }>(
        // Buckets the storage tests make for themselves on the shared test stack are not the product's.
        "select id, public, file_size_limit, allowed_mime_types from storage.buckets where id not like 'stack-tests%' order by id",
      );
      const fromDb = Object.fromEntries(rows.map((row) => [row.id, { public: row.public, bytes: Number(row.file_size_limit), types: row.allowed_mime_types }]));
      const fromToml = Object.fromEntries(
        Object.entries(config.storage.buckets).map(([id, bucket]) => [id, { public: bucket.public, bytes: bytes(bucket.file_size_limit), types: bucket.allowed_mime_types ?? null }]),
      );
      expect(fromDb).toEqual(fromToml);
    });
  });
});
