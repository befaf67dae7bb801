// The previous release's database, with its seed and a realistic load, upgraded by this checkout's
// migrations: the schema a fresh install builds, and every row as it was.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { both, compareCatalogs, describeDifference, migrationsCatalog } from '../../local/schema/builds.mjs';
import { upgradeFromPreviousRelease } from '../../local/schema/upgrade.mjs';

const LOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'realisticLoad.sql');
/**
 * The rows a migration of this release changes on purpose (row counts never change but for the rows
 * it adds), and the tables it creates: remove an entry once the release that brings its migration is
 * the previous release.
 */
const ROW_CHANGES: { migration: string; tables: string[]; added?: Record<string, number>; created?: string[] }[] = [
  // None yet: every migration of this checkout shipped in the previous release.
];

describe('upgrading the previous release', () => {
  const rowsOf = (table: string) => upgrade.before[table]?.rows ?? 0;
  let upgrade: Awaited<ReturnType<typeof upgradeFromPreviousRelease>>;
  let fresh: Awaited<ReturnType<typeof migrationsCatalog>>;

  beforeAll(async () => {
    [upgrade, fresh] = await both(upgradeFromPreviousRelease({ loadFile: LOAD }), migrationsCatalog());
  }, 300_000);

  it('starts from a database with the seed and the load: at least 10,000 contacts with methods, history, files, stays and their own fields’ values', () => {
    expect(rowsOf('crm.contacts')).toBeGreaterThanOrEqual(10_000);
    expect(rowsOf('crm.contact_methods')).toBeGreaterThanOrEqual(20_000);
    expect(rowsOf('crm.addresses')).toBeGreaterThanOrEqual(5_000);
    expect(rowsOf('public.record_history')).toBeGreaterThanOrEqual(10_000);
    expect(rowsOf('crm.crm_files')).toBeGreaterThanOrEqual(500);
    expect(rowsOf('catalog.reservations')).toBeGreaterThanOrEqual(300);
    // A third of the imported contacts hold the seed's fields (a date keeps a sort key), some a sensitive one.
    expect(rowsOf('app.custom_sort_keys')).toBeGreaterThanOrEqual(3_000);
    expect(rowsOf('app.custom_sensitive')).toBeGreaterThanOrEqual(60);
  });

  it('keeps every row of every table: counts and checksums equal, except the rows a migration adds or changes on purpose', () => {
    const applied = ROW_CHANGES.filter(({ migration }) => upgrade.applied.includes(migration));
    const created = applied.flatMap((change) => change.created ?? []);
    expect(Object.keys(upgrade.after).sort()).toEqual([...Object.keys(upgrade.before), ...created].sort());
    // A table a migration creates was there before with no rows.
    const before: typeof upgrade.before = { ...Object.fromEntries(created.map((table) => [table, { rows: 0, checksum: '' }])), ...upgrade.before };
    const added = (table: string) => applied.reduce((sum, change) => sum + (change.added?.[table] ?? 0), 0);
    const counts = (side: typeof upgrade.before, plus = (_table: string) => 0) => Object.fromEntries(Object.entries(side).map(([table, { rows }]) => [table, rows + plus(table)]));
    expect(counts(upgrade.after)).toEqual(counts(before, added));
    const changed = Object.keys(before).filter((table) => upgrade.after[table]?.checksum !== before[table]?.checksum);
    const expected = applied.flatMap(({ tables }) => tables);
    expect(changed.sort()).toEqual([...new Set(expected)].sort());
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
