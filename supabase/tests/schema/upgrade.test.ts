// The previous release's database, with its seed and a realistic load, upgraded by this checkout's
// migrations: the schema a fresh install builds, and every row as it was.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildFromMigrations, catalogOf, compareCatalogs, describeDifference } from '../../local/schema/builds.mjs';
import { upgradeFromPreviousRelease } from '../../local/schema/upgrade.mjs';

const LOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'realisticLoad.sql');

describe('upgrading the previous release', () => {
  const rowsOf = (table: string) => upgrade.before[table]?.rows ?? 0;
  let upgrade: Awaited<ReturnType<typeof upgradeFromPreviousRelease>>;
  let fresh: Awaited<ReturnType<typeof catalogOf>>;

  beforeAll(async () => {
    [upgrade, fresh] = await Promise.all([upgradeFromPreviousRelease({ loadFile: LOAD }), catalogOf(buildFromMigrations, 'fresh')]);
  }, 300_000);

  it('starts from a database with the seed and the load: at least 10,000 contacts with methods, history, files and stays', () => {
    expect(rowsOf('crm.contacts')).toBeGreaterThanOrEqual(10_000);
    expect(rowsOf('crm.contact_methods')).toBeGreaterThanOrEqual(20_000);
    expect(rowsOf('crm.addresses')).toBeGreaterThanOrEqual(5_000);
    expect(rowsOf('public.record_history')).toBeGreaterThanOrEqual(10_000);
    expect(rowsOf('crm.crm_files')).toBeGreaterThanOrEqual(500);
    expect(rowsOf('catalog.reservations')).toBeGreaterThanOrEqual(300);
  });

  it('keeps every row of every table: counts and checksums equal before and after', () => {
    expect(Object.keys(upgrade.after).sort()).toEqual(Object.keys(upgrade.before).sort());
    const changed = Object.keys(upgrade.before).filter((table) => upgrade.after[table]?.checksum !== upgrade.before[table]?.checksum);
    expect(changed).toEqual([]);
  });

  it('ends with the schema a fresh install builds', () => {
    const difference = compareCatalogs(fresh, upgrade.catalog);
    expect(describeDifference(difference, ['fresh install', 'upgraded'])).toBe('');
    expect(upgrade.catalog.length).toBeGreaterThan(1_900);
  });

  it('records every migration of this checkout as applied', async () => {
    const { migrationFiles } = await import('../../local/migrate.mjs');
    const versions = (await migrationFiles(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations'))).map((file) => file.version);
    expect(versions.filter((version) => !upgrade.recorded.includes(version))).toEqual([]);
  });
});
