// @ts-check
// The migration that takes a database built from the migrations to the one supabase/schemas describes:
// removals first (dependants before what they depend on), then changes and additions in the order a
// build creates things. A change no statement can make safely (a column's generated expression, a
// domain) is left as a comment for its author; `npm run db:check` fails until it is written.
import fs from 'node:fs/promises';
import path from 'node:path';
import { viewOrder } from './schemaFiles.mjs';

/** @typedef {import('./catalog.mjs').DbObject} DbObject */

const CREATE_ORDER = ['role', 'schema', 'extension', 'type', 'sequence', 'early_function', 'table', 'sequence_owner', 'constraint', 'index', 'foreign_key', 'function', 'view', 'trigger', 'policy', 'default_privileges', 'event_trigger'];
const DROP_ORDER = ['event_trigger', 'policy', 'trigger', 'view', 'function', 'foreign_key', 'constraint', 'index', 'table', 'sequence', 'type', 'extension', 'schema'];

/** @param {DbObject} object */
const phase = (object) => (object.kind === 'function' && object.earlyFunction && !object.usesRowType ? 'early_function' : object.kind);
/** @param {string} sql the first statement of an object's SQL */
const firstStatement = (sql) => sql.slice(0, sql.indexOf(';\n') === -1 ? sql.length : sql.indexOf(';\n') + 1);
/** @param {string} sql the statements after the first */
const laterStatements = (sql) => (sql.indexOf(';\n') === -1 ? '' : sql.slice(sql.indexOf(';\n') + 2));

/**
 * @param {ReturnType<typeof import('./builds.mjs').compareCatalogs>} difference
 * @param {DbObject[]} [target] the whole target reading (to rebuild views that read a changed view)
 * @returns {{ sql: string, byHand: string[] }}
 */
export function migrationSql({ onlyInFrom, onlyInTo, changed }, target = []) {
  /** @type {string[]} */
  const drops = [];
  /** @type {{ object: DbObject, sql: string }[]} */
  const creates = [];
  /** @type {string[]} */
  const byHand = [];

  for (const object of onlyInFrom) {
    if (object.kind === 'role') byHand.push(`${object.key} is gone: drop or revoke it by hand`);
    else if (object.kind === 'default_privileges') creates.push({ object, sql: undoDefaultPrivileges(object.sql) });
    else if (object.drop) drops.push(object.drop);
  }
  for (const object of onlyInTo) creates.push({ object, sql: object.sql });

  // A changed view whose columns stay as they were (more may follow them) is replaced in place:
  // whatever refers to it (the views that read it, a function's regclass, a stored reference such as
  // app.list_sources) keeps it. Any other changed view is rebuilt, and so is every view that reads it.
  const replacedViews = new Set(changed.filter(({ from, to }) => to.kind === 'view' && replacesInPlace(from, to)).map(({ to }) => to.key));
  const rebuiltViews = new Set(changed.filter(({ to }) => to.kind === 'view' && !replacedViews.has(to.key)).map(({ to }) => to.key));
  let grew = true;
  while (grew) {
    grew = false;
    for (const view of target.filter((o) => o.kind === 'view' && !rebuiltViews.has(o.key))) {
      if ((view.dependsOnViews ?? []).some((name) => rebuiltViews.has(`view ${name}`))) {
        rebuiltViews.add(view.key);
        grew = true;
      }
    }
  }
  const changedKeys = new Set(changed.map(({ to }) => to.key));
  for (const key of rebuiltViews) {
    const view = target.find((o) => o.key === key);
    if (!view) continue;
    drops.push(`${view.drop?.replace(/;$/, '')};`);
    if (!changedKeys.has(key)) creates.push({ object: view, sql: view.sql });
  }

  for (const { from, to } of changed) {
    switch (to.kind) {
      case 'function':
        // Only its owner, comment or privileges changed: restate those, leave the body alone.
        if (from.definition !== undefined && from.definition === to.definition) {
          creates.push({ object: to, sql: to.sql.slice(to.definition.length).trim() });
          break;
        }
        if (/RETURNS .*/.exec(from.sql)?.[0] !== /RETURNS .*/.exec(to.sql)?.[0]) drops.push(/** @type {string} */ (from.drop));
        creates.push({ object: to, sql: to.sql });
        break;
      case 'view':
        creates.push({ object: to, sql: replacedViews.has(to.key) ? to.sql.replace(/^create view /, 'create or replace view ') : to.sql });
        break;
      case 'policy':
      case 'trigger':
      case 'index':
      case 'constraint':
      case 'foreign_key':
      case 'event_trigger':
      case 'sequence':
      case 'sequence_owner':
        drops.push(/** @type {string} */ (from.drop));
        creates.push({ object: to, sql: to.sql });
        break;
      case 'table':
        creates.push({ object: to, sql: tableChange(from, to, byHand) });
        break;
      case 'role':
        creates.push({ object: to, sql: `alter role ${to.key.slice('role '.length)} reset all;\n${to.sql}` });
        break;
      case 'schema':
        creates.push({ object: to, sql: to.sql.replace(/^create schema [^;]*;\n?/, '') });
        break;
      case 'default_privileges':
        creates.push({ object: to, sql: `${undoDefaultPrivileges(from.sql)}\n${to.sql}` });
        break;
      default:
        byHand.push(`${to.key} changed: write its change by hand`);
    }
  }

  const dropRank = (/** @type {string} */ statement) => DROP_ORDER.findIndex((kind) => statement.startsWith(`drop ${kind.replace('_', ' ')}`) || (kind === 'foreign_key' && / drop constraint /.test(statement)));
  const viewsInOrder = viewOrder(target.filter((o) => o.kind === 'view')).map((o) => o.key);
  // Views that read others go first, in the reverse of the order a build creates them.
  const viewRank = (/** @type {string} */ statement) => -viewsInOrder.findIndex((key) => `drop view ${key.slice('view '.length)};` === statement);
  const orderedDrops = [...new Set(drops)].sort((a, b) => dropRank(a) - dropRank(b) || viewRank(a) - viewRank(b));
  const orderedCreates = creates.sort((a, b) => {
    const byPhase = CREATE_ORDER.indexOf(phase(a.object)) - CREATE_ORDER.indexOf(phase(b.object));
    if (byPhase !== 0 || a.object.kind !== 'view') return byPhase;
    return viewsInOrder.indexOf(a.object.key) - viewsInOrder.indexOf(b.object.key);
  });
  const parts = ['set check_function_bodies = off;', ...orderedDrops, ...orderedCreates.map(({ sql }) => sql).filter(Boolean)];
  if (byHand.length) parts.unshift(byHand.map((line) => `-- BY HAND: ${line}`).join('\n'));
  return { sql: `${parts.join('\n\n')}\n`, byHand };
}

/**
 * Whether a view's change can be made with `create or replace view`: Postgres takes it when the view
 * keeps every column it had, by name, type and collation, in the same order (new ones after them).
 * @param {DbObject} from @param {DbObject} to
 */
export function replacesInPlace(from, to) {
  if (!from.viewColumns || !to.viewColumns || !to.sql.startsWith('create view ')) return false;
  const kept = to.viewColumns;
  return from.viewColumns.length <= kept.length && from.viewColumns.every((column, i) => kept[i] === column);
}

/**
 * The statements that take default privileges back to what they were before `sql` (a reading's
 * `alter default privileges … grant|revoke …` lines): each grant revoked, each revoke granted again.
 * @param {string} sql
 */
export function undoDefaultPrivileges(sql) {
  return sql
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const grant = / grant (.*) on (\w+) to (.*);$/.exec(line);
      if (grant) return `${line.slice(0, grant.index)} revoke ${grant[1]} on ${grant[2]} from ${grant[3]};`;
      const revoke = / revoke (.*) on (\w+) from (.*);$/.exec(line);
      return revoke ? `${line.slice(0, revoke.index)} grant ${revoke[1]} on ${revoke[2]} to ${revoke[3]};` : line;
    })
    .join('\n');
}

/**
 * A table's change as column changes, then its other statements (row-level security, comments,
 * privileges) restated.
 * @param {DbObject & { columns?: any[] }} from
 * @param {DbObject & { columns?: any[] }} to
 * @param {string[]} byHand
 */
function tableChange(from, to, byHand) {
  const name = firstStatement(to.sql).slice('create table '.length).split(' (')[0];
  const before = new Map((from.columns ?? []).map((c) => [c.name, c]));
  const after = new Map((to.columns ?? []).map((c) => [c.name, c]));
  const lines = [];
  for (const [column] of before) if (!after.has(column)) lines.push(`alter table ${name} drop column ${column};`);
  const definitions = firstStatement(to.sql).split('\n').slice(1, -1).map((line) => line.trim().replace(/,$/, ''));
  const names = [...after.keys()];
  const firstNew = names.findIndex((column) => !before.has(column));
  if (firstNew !== -1 && names.slice(firstNew).some((column) => before.has(column))) {
    byHand.push(`${to.key}: PostgreSQL adds a column after the others; list new columns last in the schema file`);
  }
  for (const [column, now] of after) {
    const was = before.get(column);
    if (!was) {
      lines.push(`alter table ${name} add column ${definitions.find((d) => d.split(' ')[0] === column || d.split(' ')[0] === `"${column}"`)};`);
      continue;
    }
    if (was.generated !== now.generated || was.identity !== now.identity || was.collation !== now.collation) byHand.push(`${to.key}.${column}: its generated expression, identity or collation changed`);
    if (was.type !== now.type) lines.push(`alter table ${name} alter column ${column} type ${now.type};`);
    if (was.default !== now.default) lines.push(now.default === null ? `alter table ${name} alter column ${column} drop default;` : `alter table ${name} alter column ${column} set default ${now.default};`);
    if (was.notnull !== now.notnull) lines.push(`alter table ${name} alter column ${column} ${now.notnull ? 'set' : 'drop'} not null;`);
  }
  if (from.sql.includes('enable row level security') && !to.sql.includes('enable row level security')) lines.push(`alter table ${name} disable row level security;`);
  const rest = laterStatements(to.sql);
  return [...lines, rest].filter(Boolean).join('\n');
}

/**
 * @param {string} supabaseDir
 * @param {string} name
 * @param {ReturnType<typeof import('./builds.mjs').compareCatalogs>} difference
 * @param {DbObject[]} target
 */
export async function writeMigration(supabaseDir, name, difference, target) {
  const { sql, byHand } = migrationSql(difference, target);
  const stamp = new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
  const file = path.join('migrations', `${stamp}_${name}.sql`);
  await fs.writeFile(path.join(supabaseDir, file), `-- ${name.replace(/_/g, ' ')}: written by npm run db:diff from supabase/schemas.\n${sql}`);
  for (const line of byHand) console.warn(`by hand: ${line}`);
  return `supabase/${file}`;
}
