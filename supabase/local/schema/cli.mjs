#!/usr/bin/env node
// @ts-check
// The database's source and its migrations:
//   check        a database built from the migrations equals one built from supabase/schemas
//   diff NAME    write supabase/migrations/<now>_NAME.sql: what takes the migrations to the schema files
//   write        rewrite supabase/schemas from what the migrations build (after a hand-written migration)
//   squash VERSION RELEASE  replace every migration with one baseline: the schema files and the rows the
//                migrations insert; databases that applied them all take it as applied (see squashed.json)
import { both, buildBaseline, buildFromMigrations, buildFromSchemaFiles, catalogOf, compareCatalogs, describeDifference, SUPABASE_DIR } from './builds.mjs';
import { renderSchemaFiles, writeSchemaFiles } from './schemaFiles.mjs';
import { writeMigration } from './migrationDiff.mjs';
import { squashMigrations } from './squash.mjs';

const [command, name] = process.argv.slice(2);

async function main() {
  if (command === 'write') {
    const [current, baseline] = await both(catalogOf(buildFromMigrations, 'migrations'), catalogOf(buildBaseline, 'baseline'));
    const rendered = renderSchemaFiles(current, baseline);
    await writeSchemaFiles(SUPABASE_DIR, rendered);
    console.log(`supabase/schemas: ${rendered.files.size} files written from the migrations`);
    return 0;
  }
  if (command === 'squash') {
    const [, version, release] = process.argv.slice(2);
    if (!/^\d{14}$/.test(version ?? '') || !/^v\d+\.\d+\.\d+$/.test(release ?? '')) {
      console.error('usage: node supabase/local/schema/cli.mjs squash <14-digit version> <release the squashed migrations shipped in, e.g. v0.1.0>');
      return 2;
    }
    const { file, replaced } = await squashMigrations(SUPABASE_DIR, /** @type {string} */ (version), /** @type {string} */ (release));
    console.log(`${file} replaces ${replaced} migrations`);
    return 0;
  }
  if (command === 'check' || command === 'diff') {
    const started = Date.now();
    const [fromMigrations, fromSchemas] = await both(catalogOf(buildFromMigrations, 'migrations'), catalogOf(buildFromSchemaFiles, 'schemas'));
    const difference = compareCatalogs(fromMigrations, fromSchemas);
    const count = difference.onlyInFrom.length + difference.onlyInTo.length + difference.changed.length;
    if (command === 'check') {
      if (count === 0) {
        console.log(`The migrations and supabase/schemas build the same database (${fromSchemas.length} objects, ${((Date.now() - started) / 1000).toFixed(1)} s).`);
        return 0;
      }
      console.error(`The migrations and supabase/schemas differ in ${count} objects:\n${describeDifference(difference, ['migrations', 'schemas'])}\nRun \`npm run db:diff -- <name>\` to write the migration.`);
      return 1;
    }
    if (!name || !/^[a-z0-9_]+$/.test(name)) {
      console.error('usage: npm run db:diff -- <name in lower_snake_case>');
      return 2;
    }
    if (count === 0) {
      console.log('supabase/schemas and the migrations already agree: no migration written.');
      return 0;
    }
    const file = await writeMigration(SUPABASE_DIR, name, difference, fromSchemas);
    console.log(`${file}: ${count} objects. Read it, add any data changes by hand, then run \`npm run db:check\`.`);
    return 0;
  }
  console.error('usage: node supabase/local/schema/cli.mjs check | diff <name> | write');
  return 2;
}

main().then((code) => process.exit(code), (error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
