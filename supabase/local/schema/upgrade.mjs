// @ts-check
// An upgrade as a team runs one: the previous release's database (its own migration runner, migrations
// and seed, plus a realistic load) taken to this checkout's migrations by this checkout's runner.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createLogger } from '../log.mjs';
import { migrate } from '../migrate.mjs';
import { SUPABASE_DIR, withScratchDatabase } from './builds.mjs';
import { readCatalog } from './catalog.mjs';
import { extractSupabaseFolder, previousRelease } from './releases.mjs';
import { tableChecksums } from './rows.mjs';

const REPO_ROOT = path.resolve(SUPABASE_DIR, '..');
const quiet = createLogger('silent');

/**
 * @param {{ loadFile?: string }} [options] SQL run on the release's database before the upgrade
 */
export async function upgradeFromPreviousRelease({ loadFile } = {}) {
  const release = await previousRelease(REPO_ROOT);
  const workDir = path.join(REPO_ROOT, '.steward', 'scratch', `release-${release.version}-${process.pid}-${Date.now()}`);
  try {
    const oldSupabase = await extractSupabaseFolder(REPO_ROOT, release.commit, workDir);
    /** @type {{ migrate: typeof migrate }} */
    const old = await import(pathToFileURL(path.join(oldSupabase, 'local', 'migrate.mjs')).href);
    return await withScratchDatabase('upgrade', async (client) => {
      await old.migrate(client, { migrationsDir: path.join(oldSupabase, 'migrations'), seedFile: path.join(oldSupabase, 'seed.sql'), log: quiet });
      if (loadFile) await client.query(await fs.readFile(loadFile, 'utf8'));
      const before = await tableChecksums(client);
      const started = performance.now();
      const result = await migrate(client, { migrationsDir: path.join(SUPABASE_DIR, 'migrations'), seedFile: path.join(SUPABASE_DIR, 'seed.sql'), log: quiet });
      const upgradeMs = performance.now() - started;
      const after = await tableChecksums(client);
      const { rows: recorded } = await client.query('select version from supabase_migrations.schema_migrations order by version');
      return {
        release, before, after, upgradeMs, applied: result.applied, recorded: recorded.map((r) => r.version), catalog: await readCatalog(client),
      };
    });
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
  }
}
