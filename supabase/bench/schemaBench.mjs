// @ts-check
// Benchmark of the database's source and its upgrades (throwaway clusters, no stack): the check
// `npm test` runs (a database from the migrations and one from supabase/schemas, compared object for
// object), and the upgrade of the previous release's database with its seed and 10,000 imported
// contacts — how long this release's migrations take on it, and how many rows it loses (none; which rows
// a migration changes on purpose is upgrade.test.ts's to check).
// Usage: npm run bench -- --only=schema
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, printRow } from '../../scripts/lib/benchReport.mjs';
import { both, buildFromMigrations, buildFromSchemaFiles, catalogOf, compareCatalogs } from '../local/schema/builds.mjs';
import { upgradeFromPreviousRelease } from '../local/schema/upgrade.mjs';

const CHECK_RUNS = 5;
const UPGRADE_RUNS = 3;
const LOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), '../tests/schema/realisticLoad.sql');

/** @param {number[]} values @param {string} unit */
const spread = (values, unit) => `min ${Math.min(...values).toFixed(1)} – max ${Math.max(...values).toFixed(1)} ${unit} over ${values.length} runs`;

export async function runSchemaBench() {
  const checks = [];
  let differences = 0;
  for (let run = 0; run < CHECK_RUNS; run += 1) {
    const started = performance.now();
    const [fromMigrations, fromSchemas] = await both(catalogOf(buildFromMigrations, 'bench-migrations'), catalogOf((client) => buildFromSchemaFiles(client), 'bench-schemas'));
    const difference = compareCatalogs(fromMigrations, fromSchemas);
    differences = difference.onlyInFrom.length + difference.onlyInTo.length + difference.changed.length;
    checks.push((performance.now() - started) / 1000);
  }
  printRow({ figure: 'schema drift check: migrations vs supabase/schemas (two builds, compared)', value: median(checks), unit: 's', budget: 30, note: `${spread(checks, 's')}; ${differences} objects differ` });

  const upgrades = [];
  const totals = [];
  let lost = 0;
  let release = '';
  let contacts = 0;
  for (let run = 0; run < UPGRADE_RUNS; run += 1) {
    const started = performance.now();
    const upgrade = await upgradeFromPreviousRelease({ loadFile: LOAD });
    totals.push((performance.now() - started) / 1000);
    upgrades.push(upgrade.upgradeMs / 1000);
    release = upgrade.release.version;
    contacts = upgrade.before['crm.contacts']?.rows ?? 0;
    lost = Object.entries(upgrade.before).reduce((sum, [table, before]) => sum + Math.max(0, before.rows - (upgrade.after[table]?.rows ?? 0)), 0);
  }
  printRow({
    figure: `upgrade of the previous release's database (${release}, ${contacts.toLocaleString('en-US')} contacts) by this release's migrations`,
    value: median(upgrades),
    unit: 's',
    budget: 60,
    note: `${spread(upgrades, 's')}; rehearsal with building the old database and its load ${median(totals).toFixed(1)} s`,
  });
  printRow({ figure: 'rows lost by that upgrade (every table counted before and after)', value: lost, unit: 'rows', budget: 0 });
}
