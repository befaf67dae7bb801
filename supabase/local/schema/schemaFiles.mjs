// @ts-check
// supabase/schemas: the current definition of every object the project adds to the platform baseline,
// one folder per schema and one file per kind of object, applied in the order config.toml lists them
// (`[db.migrations] schema_paths`, as the Supabase CLI reads declarative schemas).
import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import { undoDefaultPrivileges } from './migrationDiff.mjs';

/**
 * The files of one schema folder, in the order a build applies them. Functions that a column default,
 * check or index calls come before the tables; every other function after them (a function may name a
 * table's row type), with bodies checked only when called.
 */
const KIND_FILES = /** @type {const} */ ([
  ['column_functions', 'functions that columns, checks and indexes call'],
  ['tables', 'tables: columns, keys, checks, indexes, row-level security, privileges'],
  ['foreign_keys', 'foreign keys'],
  ['functions', 'functions'],
  ['views', 'views'],
  ['triggers', 'triggers'],
  ['policies', 'row-level security policies'],
]);

const FUNCTION_HEADER = '-- Bodies are checked when called: a function may name objects defined later in this folder.\nset check_function_bodies = off;\n';

/**
 * Which file an object belongs in, relative to supabase/schemas.
 * @param {import('./catalog.mjs').DbObject} object
 */
function fileOf(object) {
  switch (object.kind) {
    case 'role':
    case 'schema':
    case 'extension':
    case 'type':
    case 'sequence':
      return 'setup.sql';
    case 'default_privileges':
    case 'event_trigger':
      return 'privileges.sql';
    case 'function':
      return `${object.schema}/${object.earlyFunction && !object.usesRowType ? 'column_functions' : 'functions'}.sql`;
    case 'table':
    case 'sequence_owner':
    case 'constraint':
    case 'index':
      return `${object.schema}/tables.sql`;
    case 'foreign_key':
      return `${object.schema}/foreign_keys.sql`;
    case 'view':
      return `${object.schema}/views.sql`;
    case 'trigger':
      return `${object.schema}/triggers.sql`;
    case 'policy':
      return `${object.schema}/policies.sql`;
  }
}

/** Order inside setup.sql and a tables file: what others need first. */
const SETUP_ORDER = ['role', 'schema', 'extension', 'type', 'sequence'];

/**
 * The objects of `current` that the baseline does not already have as they are, as schema files.
 * @param {import('./catalog.mjs').DbObject[]} current
 * @param {import('./catalog.mjs').DbObject[]} baseline
 * @returns {{ files: Map<string, string>, order: string[] }}
 */
export function renderSchemaFiles(current, baseline) {
  const inBaseline = new Map(baseline.map((object) => [object.key, object.sql]));
  const changedBaselineTables = current.filter((object) => object.kind === 'table' && inBaseline.has(object.key) && inBaseline.get(object.key) !== object.sql);
  if (changedBaselineTables.length > 0) {
    throw new Error(`The project changes platform tables (${changedBaselineTables.map((t) => t.key).join(', ')}); state those changes by hand`);
  }
  // A platform object the project only grants on or comments keeps its creation to the baseline.
  const inCurrent = new Set(current.map((object) => object.key));
  const own = current
    .filter((object) => inBaseline.get(object.key) !== object.sql)
    .map((object) => (object.kind === 'schema' && inBaseline.has(object.key) ? { ...object, sql: object.sql.replace(/^create schema [^;]*;\n?/, '') } : object))
    // Default privileges of the baseline that the project revoked altogether are gone from the reading:
    // their revokes are what the project states.
    .concat(baseline
      .filter((object) => object.kind === 'default_privileges' && !inCurrent.has(object.key))
      .map((object) => ({ ...object, sql: undoDefaultPrivileges(object.sql) })));
  /** @type {Map<string, import('./catalog.mjs').DbObject[]>} */
  const byFile = new Map();
  for (const object of own) {
    const file = fileOf(object);
    byFile.set(file, [...(byFile.get(file) ?? []), object]);
  }
  /** @type {Map<string, string>} */
  const files = new Map();
  for (const [file, objects] of byFile) {
    files.set(file, renderFile(file, orderWithinFile(file, objects)));
  }
  return { files, order: fileOrder([...files.keys()], own) };
}

/**
 * @param {string} file
 * @param {import('./catalog.mjs').DbObject[]} objects
 */
function orderWithinFile(file, objects) {
  if (file === 'setup.sql') {
    return [...objects].sort((a, b) => SETUP_ORDER.indexOf(a.kind) - SETUP_ORDER.indexOf(b.kind) || (a.key < b.key ? -1 : 1));
  }
  if (file.endsWith('/tables.sql')) {
    // Each table with the sequences its columns own, its constraints and indexes after it.
    const tables = objects.filter((o) => o.kind === 'table');
    const rest = objects.filter((o) => o.kind !== 'table');
    return tables.flatMap((table) => [
      table,
      ...rest.filter((o) => o.table === table.table && o.kind === 'sequence_owner'),
      ...rest.filter((o) => o.table === table.table && o.kind === 'constraint'),
      ...rest.filter((o) => o.table === table.table && o.kind === 'index'),
    ]).concat(rest.filter((o) => !tables.some((t) => t.table === o.table)));
  }
  if (file.endsWith('/views.sql')) return viewOrder(objects);
  return objects;
}

/** Views after the views they read, by name otherwise. @param {import('./catalog.mjs').DbObject[]} views */
export function viewOrder(views) {
  const byName = new Map(views.map((view) => [view.key.slice('view '.length), view]));
  /** @type {import('./catalog.mjs').DbObject[]} */
  const ordered = [];
  const placed = new Set();
  const visit = (/** @type {import('./catalog.mjs').DbObject} */ view) => {
    if (placed.has(view.key)) return;
    placed.add(view.key);
    for (const read of view.dependsOnViews ?? []) {
      const other = byName.get(read);
      if (other) visit(other);
    }
    ordered.push(view);
  };
  for (const view of views) visit(view);
  return ordered;
}

/**
 * setup.sql, then each kind's files across schemas (a schema's views after the schemas whose views they
 * read), then privileges.sql.
 * @param {string[]} files
 * @param {import('./catalog.mjs').DbObject[]} objects
 */
function fileOrder(files, objects) {
  const schemas = [...new Set(files.filter((f) => f.includes('/')).map((f) => f.split('/')[0]))].sort();
  const order = files.includes('setup.sql') ? ['setup.sql'] : [];
  for (const [kind] of KIND_FILES) {
    let inKind = schemas.map((schema) => `${schema}/${kind}.sql`).filter((file) => files.includes(file));
    if (kind === 'views') {
      const needs = (/** @type {string} */ schema) => new Set(objects.filter((o) => o.kind === 'view' && o.schema === schema).flatMap((o) => (o.dependsOnViews ?? []).map((v) => String(v.split('.')[0]))).filter((s) => s !== schema));
      /** @type {string[]} */
      const sorted = [];
      const seen = new Set();
      const visit = (/** @type {string} */ schema) => {
        if (seen.has(schema)) return;
        seen.add(schema);
        for (const other of needs(schema)) visit(other);
        if (files.includes(`${schema}/views.sql`)) sorted.push(`${schema}/views.sql`);
      };
      for (const file of inKind) visit(String(file.split('/')[0]));
      inKind = sorted;
    }
    order.push(...inKind);
  }
  if (files.includes('privileges.sql')) order.push('privileges.sql');
  return order;
}

/** @param {string} file @param {import('./catalog.mjs').DbObject[]} objects */
function renderFile(file, objects) {
  const [schema, name] = file.includes('/') ? file.replace(/\.sql$/, '').split('/') : ['', file.replace(/\.sql$/, '')];
  const what = schema ? `${schema}: ${KIND_FILES.find(([kind]) => kind === name)?.[1] ?? name}` : name === 'setup' ? 'roles, schemas, extensions, types and sequences' : 'default privileges and event triggers';
  const header = [`-- ${what}.`, '-- The current definition: change it here, then `npm run db:diff -- <name>` writes the migration.', ''];
  if (name === 'functions' || name === 'column_functions') header.push(FUNCTION_HEADER);
  return `${header.join('\n')}\n${objects.map((object) => object.sql).join('\n\n')}\n`;
}

/**
 * The schema files in the order a build applies them, from config.toml's `[db.migrations] schema_paths`.
 * @param {string} supabaseDir
 * @returns {Promise<string[]>} paths relative to supabaseDir
 */
export async function schemaPaths(supabaseDir) {
  const config = parse(await fs.readFile(path.join(supabaseDir, 'config.toml'), 'utf8'));
  const listed = /** @type {any} */ (config).db?.migrations?.schema_paths;
  if (!Array.isArray(listed) || listed.length === 0) throw new Error('supabase/config.toml lists no [db.migrations] schema_paths');
  return listed.map((entry) => path.normalize(String(entry)));
}

/**
 * Write the files and their order; files no longer rendered are removed.
 * @param {string} supabaseDir
 * @param {{ files: Map<string, string>, order: string[] }} rendered
 */
export async function writeSchemaFiles(supabaseDir, { files, order }) {
  const dir = path.join(supabaseDir, 'schemas');
  await fs.rm(dir, { recursive: true, force: true });
  for (const [file, text] of files) {
    await fs.mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await fs.writeFile(path.join(dir, file), text);
  }
  const configFile = path.join(supabaseDir, 'config.toml');
  const config = await fs.readFile(configFile, 'utf8');
  const list = `schema_paths = [\n${order.map((file) => `  "./schemas/${file}",`).join('\n')}\n]`;
  const section = `[db.migrations]\n# The current definition of the database, applied in this order (npm run db:diff compares it with the migrations).\n${list}\n`;
  const replaced = /\[db\.migrations\][\s\S]*?\n\]\n/.test(config)
    ? config.replace(/\[db\.migrations\][\s\S]*?\n\]\n/, section)
    : config.replace(/\[db\.seed\]/, `${section}\n[db.seed]`);
  await fs.writeFile(configFile, replaced);
}
