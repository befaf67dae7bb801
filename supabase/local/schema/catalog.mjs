// @ts-check
// What a database is, read from its catalogue as a list of objects, each with the SQL that creates it.
// The same reading serves three jobs: writing supabase/schemas from a database, comparing a database
// built from the migrations with one built from the schema files, and writing the migration between two.
//
// An object's `sql` is canonical: two databases with the same definition give the same text, whatever
// order or spelling their statements used (functions as pg_get_functiondef prints them, views as
// pg_get_viewdef, privileges as sorted grants over what the object's creator starts with).

/** Schemas that are PostgreSQL's own; never read. */
const SYSTEM_SCHEMAS = ['pg_catalog', 'information_schema', 'pg_toast'];
/** The migration runner's bookkeeping: written by migrate.mjs, not part of the model. */
const BOOKKEEPING_SCHEMAS = ['supabase_migrations'];
/** The roles every Supabase project has; their privileges are stated, never created. */
const API_ROLES = ['anon', 'authenticated', 'service_role'];

/**
 * @typedef {'role' | 'schema' | 'extension' | 'type' | 'sequence' | 'function' | 'table' | 'sequence_owner' | 'constraint'
 *   | 'foreign_key' | 'index' | 'view' | 'trigger' | 'policy' | 'default_privileges' | 'event_trigger'} Kind
 * @typedef {object} DbObject
 * @property {Kind} kind
 * @property {string} key      unique identity, e.g. `function app.org_slug(text)`
 * @property {string} schema   where it lives (for a trigger, policy, index or constraint: its table's)
 * @property {string} sql      the statements that create it as it is now
 * @property {string} [drop]   the statement that removes it
 * @property {string} [table]  for columns' owners: the table it belongs to (`schema.name`); for a
 *   sequence_owner (`alter sequence … owned by …`, after its table), the table whose column owns it
 * @property {boolean} [usesRowType] a function whose signature names a table's or view's row
 * @property {boolean} [earlyFunction] a function that a column default, check or index uses
 * @property {string[]} [dependsOnViews] for a view: the views it reads
 * @property {string[]} [viewColumns] for a (not materialized) view: its columns in order, each
 *   `name type collate collation`, which decide whether a change can replace it in place
 * @property {string} [definition] for a function: its CREATE statement alone (no owner, comment or privileges)
 */

/** @param {string} text */
const ident = (text) => (/^[a-z_][a-z0-9_]*$/.test(text) && !RESERVED.has(text) ? text : `"${text.replace(/"/g, '""')}"`);
/** @param {string} schema @param {string} name */
const qname = (schema, name) => `${ident(schema)}.${ident(name)}`;
/** @param {string} text */
const literal = (text) => `'${text.replace(/'/g, "''")}'`;

/** Keywords that need quoting as identifiers; filled from the server's own list on first read. */
let RESERVED = new Set();

/**
 * @param {import('pg').Client} client
 * @returns {Promise<DbObject[]>}
 */
export async function readCatalog(client) {
  const q = async (/** @type {string} */ sql, /** @type {unknown[]} */ params = []) => (await client.query(sql, params)).rows;
  RESERVED = new Set((await q(`select word from pg_get_keywords() where catcode <> 'U'`)).map((r) => r.word));
  await client.query(`set search_path = ''`);
  try {
    const skip = [...SYSTEM_SCHEMAS, ...BOOKKEEPING_SCHEMAS];
    /** @type {DbObject[]} */
    const objects = [];
    objects.push(...(await readRoles(q)));
    objects.push(...(await readSchemas(q, skip)));
    objects.push(...(await readExtensions(q)));
    objects.push(...(await readTypes(q, skip)));
    objects.push(...(await readSequences(q, skip)));
    objects.push(...(await readFunctions(q, skip)));
    objects.push(...(await readTables(q, skip)));
    objects.push(...(await readConstraints(q, skip)));
    objects.push(...(await readIndexes(q, skip)));
    objects.push(...(await readViews(q, skip)));
    objects.push(...(await readTriggers(q, skip)));
    objects.push(...(await readPolicies(q, skip)));
    objects.push(...(await readDefaultPrivileges(q)));
    objects.push(...(await readEventTriggers(q)));
    return objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  } finally {
    await client.query('reset search_path');
  }
}

/**
 * The object's privileges as grants, over what its creator starts with: a revoke of everything from
 * the roles that could hold something by default, then one grant per role and privilege, sorted.
 * @param {string} onWhat e.g. `function app.f(text)`, `table crm.contacts`
 * @param {{ grantee: string, privilege: string, grantable: boolean }[] | null} grants null: never changed
 * @param {string} owner
 * @param {string} [columns] for column privileges: `(a, b)`
 */
function privilegesSql(onWhat, grants, owner, columns = '') {
  if (grants === null) return '';
  const byGrantee = new Map();
  for (const grant of grants) {
    if (grant.grantee === owner) continue;
    const name = grant.grantee === '-' ? 'public' : ident(grant.grantee);
    const list = byGrantee.get(name) ?? [];
    list.push(grant.privilege.toLowerCase() + (grant.grantable ? ' with grant option' : ''));
    byGrantee.set(name, list);
  }
  const lines = columns ? [] : [`revoke all on ${onWhat} from public, ${API_ROLES.join(', ')};`];
  for (const [grantee, privileges] of [...byGrantee].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const plain = privileges.filter((/** @type {string} */ p) => !p.includes('grant option')).sort();
    const withOption = privileges.filter((/** @type {string} */ p) => p.includes('grant option')).sort();
    if (plain.length) lines.push(`grant ${plain.map((/** @type {string} */ p) => p + columns).join(', ')} on ${onWhat} to ${grantee};`);
    for (const p of withOption) lines.push(`grant ${p.replace(' with grant option', '')}${columns} on ${onWhat} to ${grantee} with grant option;`);
  }
  return lines.join('\n');
}

/** `aclexplode` rows of an ACL column as JSON, null when the ACL was never changed. */
const ACL = (/** @type {string} */ column) => `case when ${column} is null then null else (
  select coalesce(json_agg(json_build_object('grantee', case when a.grantee = 0 then '-' else pg_get_userbyid(a.grantee) end,
    'privilege', a.privilege_type, 'grantable', a.is_grantable) order by a.grantee, a.privilege_type), '[]')
  from aclexplode(${column}) a) end`;

/**
 * A table's or view's column comments, then its privileges and its columns' privileges.
 * @param {string} name the relation, quoted
 * @param {{ owner: string, acl: any, columns: { name: string, comment: string | null, acl: any }[] | null }} relation
 */
function columnCommentsAndPrivileges(name, { owner, acl, columns }) {
  const lines = (columns ?? []).filter((col) => col.comment !== null).map((col) => `comment on column ${name}.${ident(col.name)} is ${literal(/** @type {string} */ (col.comment))};`);
  lines.push(privilegesSql(`table ${name}`, acl, owner));
  for (const col of columns ?? []) lines.push(privilegesSql(`table ${name}`, col.acl, owner, ` (${ident(col.name)})`));
  return lines.filter(Boolean);
}

/** @param {string} sql @param {string | null} comment @param {string} onWhat */
const withComment = (sql, comment, onWhat) => (comment === null ? sql : `${sql}\ncomment on ${onWhat} is ${literal(comment)};`);

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q */
async function readRoles(q) {
  const rows = await q(`
    select r.rolname, r.rolsuper, r.rolinherit, r.rolcreaterole, r.rolcreatedb, r.rolcanlogin, r.rolbypassrls,
           (select array_agg(m.rolname::text order by m.rolname) from pg_auth_members am join pg_roles m on m.oid = am.roleid
             where am.member = r.oid) as member_of,
           (select setconfig from pg_db_role_setting s where s.setrole = r.oid and s.setdatabase = 0) as settings
    from pg_roles r where r.rolname !~ '^pg_' and r.rolname <> 'postgres'`);
  return rows.map((row) => {
    const options = [row.rolcanlogin ? 'login' : 'nologin', row.rolinherit ? 'inherit' : 'noinherit', row.rolbypassrls ? 'bypassrls' : 'nobypassrls'];
    if (row.rolcreaterole) options.push('createrole');
    if (row.rolcreatedb) options.push('createdb');
    const name = ident(row.rolname);
    const lines = [
      `do $$ begin if not exists (select 1 from pg_roles where rolname = ${literal(row.rolname)}) then create role ${name}; end if; end $$;`,
      `alter role ${name} ${options.join(' ')};`,
      ...(row.member_of ?? []).map((/** @type {string} */ m) => `grant ${ident(m)} to ${name};`),
      ...(row.settings ?? []).sort().map((/** @type {string} */ s) => {
        const at = s.indexOf('=');
        return `alter role ${name} set ${s.slice(0, at)} = ${literal(s.slice(at + 1))};`;
      }),
    ];
    return { kind: /** @type {Kind} */ ('role'), key: `role ${row.rolname}`, schema: '', sql: lines.join('\n') };
  });
}

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q @param {string[]} skip */
async function readSchemas(q, skip) {
  const rows = await q(`
    select n.nspname, pg_get_userbyid(n.nspowner) as owner, ${ACL('n.nspacl')} as acl, obj_description(n.oid, 'pg_namespace') as comment
    from pg_namespace n
    where n.nspname <> all($1) and n.nspname !~ '^pg_(temp|toast_temp)_' and n.nspname <> 'public'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_namespace'::regclass and d.objid = n.oid and d.deptype = 'e')
    union all
    select n.nspname, pg_get_userbyid(n.nspowner), ${ACL('n.nspacl')}, obj_description(n.oid, 'pg_namespace')
    from pg_namespace n where n.nspname = 'public'`, [skip]);
  return rows.map((row) => {
    const name = ident(row.nspname);
    const create = row.nspname === 'public' ? '' : `create schema ${name};`;
    const grants = privilegesSql(`schema ${name}`, row.acl, row.owner);
    const sql = withComment([create, grants].filter(Boolean).join('\n'), row.comment, `schema ${name}`);
    return { kind: /** @type {Kind} */ ('schema'), key: `schema ${row.nspname}`, schema: row.nspname, sql, drop: create && `drop schema ${name};` };
  });
}

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q */
async function readExtensions(q) {
  const rows = await q(`select e.extname, n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname <> 'plpgsql'`);
  return rows.map((row) => ({
    kind: /** @type {Kind} */ ('extension'),
    key: `extension ${row.extname}`,
    schema: row.nspname,
    sql: `create extension if not exists ${ident(row.extname)} with schema ${ident(row.nspname)};`,
    drop: `drop extension ${ident(row.extname)};`,
  }));
}

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q @param {string[]} skip */
async function readTypes(q, skip) {
  const rows = await q(`
    select n.nspname, t.typname, t.typtype, format_type(t.typbasetype, t.typtypmod) as base, t.typnotnull, t.typdefault,
           (select array_agg(e.enumlabel::text order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid) as labels,
           (select array_agg(format('constraint %s %s', quote_ident(c.conname), pg_get_constraintdef(c.oid, true)) order by c.conname)
              from pg_constraint c where c.contypid = t.oid and c.contype <> 'n') as checks,
           pg_get_userbyid(t.typowner) as owner, ${ACL('t.typacl')} as acl, obj_description(t.oid, 'pg_type') as comment
    from pg_type t join pg_namespace n on n.oid = t.typnamespace
    where n.nspname <> all($1) and t.typtype in ('d', 'e')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')`, [skip]);
  return rows.map((row) => {
    const name = qname(row.nspname, row.typname);
    let create;
    if (row.typtype === 'e') {
      create = `create type ${name} as enum (${row.labels.map(literal).join(', ')});`;
    } else {
      const parts = [`create domain ${name} as ${row.base}`];
      if (row.typdefault !== null) parts.push(`  default ${row.typdefault}`);
      if (row.typnotnull) parts.push('  not null');
      for (const check of row.checks ?? []) parts.push(`  ${check}`);
      create = `${parts.join('\n')};`;
    }
    const sql = withComment([create, privilegesSql(`type ${name}`, row.acl, row.owner)].filter(Boolean).join('\n'), row.comment, `${row.typtype === 'd' ? 'domain' : 'type'} ${name}`);
    return { kind: /** @type {Kind} */ ('type'), key: `type ${row.nspname}.${row.typname}`, schema: row.nspname, sql, drop: `drop ${row.typtype === 'd' ? 'domain' : 'type'} ${name};` };
  });
}

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q @param {string[]} skip */
async function readSequences(q, skip) {
  const rows = await q(`
    select n.nspname, c.relname, format_type(s.seqtypid, null) as type, s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcache, s.seqcycle,
           pg_get_userbyid(c.relowner) as owner, ${ACL('c.relacl')} as acl,
           (select json_build_object('schema', tn.nspname, 'table', t.relname, 'column', a.attname)
              from pg_depend d join pg_class t on t.oid = d.refobjid join pg_namespace tn on tn.oid = t.relnamespace
              join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
             where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'a') as owned_by
    from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_sequence s on s.seqrelid = c.oid
    where n.nspname <> all($1) and c.relkind = 'S'
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('e', 'i'))`, [skip]);
  return rows.flatMap((row) => {
    const name = qname(row.nspname, row.relname);
    const create = `create sequence ${name} as ${row.type} increment by ${row.seqincrement} minvalue ${row.seqmin} maxvalue ${row.seqmax} start with ${row.seqstart} cache ${row.seqcache}${row.seqcycle ? ' cycle' : ''};`;
    /** @type {DbObject[]} */
    const objects = [{
      kind: /** @type {Kind} */ ('sequence'),
      key: `sequence ${row.nspname}.${row.relname}`,
      schema: row.nspname,
      sql: [create, privilegesSql(`sequence ${name}`, row.acl, row.owner)].filter(Boolean).join('\n'),
      drop: `drop sequence ${name};`,
    }];
    // A sequence a column owns (serial, or `owned by`) goes with that column's table: stated after the
    // table exists, so dropping the table or column drops the sequence as it did where it was read.
    const owner = row.owned_by;
    if (owner) {
      objects.push({
        kind: /** @type {Kind} */ ('sequence_owner'),
        key: `sequence owner ${row.nspname}.${row.relname}`,
        schema: owner.schema,
        table: `${owner.schema}.${owner.table}`,
        sql: `alter sequence ${name} owned by ${qname(owner.schema, owner.table)}.${ident(owner.column)};`,
        drop: `alter sequence ${name} owned by none;`,
      });
    }
    return objects;
  });
}

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q @param {string[]} skip */
async function readFunctions(q, skip) {
  const rows = await q(`
    select n.nspname, p.proname, pg_get_function_identity_arguments(p.oid) as args, pg_get_functiondef(p.oid) as def,
           pg_get_userbyid(p.proowner) as owner, ${ACL('p.proacl')} as acl, obj_description(p.oid, 'pg_proc') as comment,
           exists (select 1 from pg_depend d join pg_type t on d.refclassid = 'pg_type'::regclass and d.refobjid = t.oid
                    where d.classid = 'pg_proc'::regclass and d.objid = p.oid and t.typrelid <> 0) as uses_row_type,
           exists (select 1 from pg_depend d where d.refclassid = 'pg_proc'::regclass and d.refobjid = p.oid
                    and d.classid in ('pg_attrdef'::regclass, 'pg_constraint'::regclass, 'pg_class'::regclass)) as early
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname <> all($1) and p.prokind in ('f', 'p')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')`, [skip]);
  return rows.map((row) => {
    const signature = `${qname(row.nspname, row.proname)}(${row.args})`;
    const def = `${row.def.trimEnd()};`;
    const owner = row.owner === 'postgres' ? '' : `alter function ${signature} owner to ${ident(row.owner)};`;
    const sql = withComment([def, owner, privilegesSql(`function ${signature}`, row.acl, row.owner)].filter(Boolean).join('\n'), row.comment, `function ${signature}`);
    return {
      kind: /** @type {Kind} */ ('function'),
      key: `function ${row.nspname}.${row.proname}(${row.args})`,
      schema: row.nspname,
      sql,
      definition: def,
      drop: `drop function ${signature};`,
      usesRowType: row.uses_row_type,
      earlyFunction: row.early,
    };
  });
}

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q @param {string[]} skip */
async function readTables(q, skip) {
  const rows = await q(`
    select c.oid, n.nspname, c.relname, c.relrowsecurity, c.relforcerowsecurity, c.reloptions, c.relreplident,
           pg_get_userbyid(c.relowner) as owner, ${ACL('c.relacl')} as acl, obj_description(c.oid, 'pg_class') as comment,
           (select json_agg(json_build_object(
                     'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'notnull', a.attnotnull,
                     'default', case when a.attgenerated = '' then pg_get_expr(ad.adbin, ad.adrelid) end,
                     'generated', case when a.attgenerated <> '' then pg_get_expr(ad.adbin, ad.adrelid) end,
                     'identity', a.attidentity,
                     'collation', case when a.attcollation <> 0 and a.attcollation <> (select typcollation from pg_type where oid = a.atttypid)
                                       then (select format('%s.%s', quote_ident(cn.nspname), quote_ident(co.collname)) from pg_collation co join pg_namespace cn on cn.oid = co.collnamespace where co.oid = a.attcollation) end,
                     'comment', col_description(c.oid, a.attnum),
                     'acl', ${ACL('a.attacl')}) order by a.attnum)
              from pg_attribute a left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname <> all($1) and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`, [skip]);
  return rows.map((row) => {
    const name = qname(row.nspname, row.relname);
    const columns = row.columns.map((/** @type {any} */ col) => {
      let line = `  ${ident(col.name)} ${col.type}`;
      if (col.collation) line += ` collate ${col.collation}`;
      if (col.generated !== null) line += ` generated always as (${col.generated}) stored`;
      if (col.identity) line += ` generated ${col.identity === 'a' ? 'always' : 'by default'} as identity`;
      if (col.default !== null) line += ` default ${col.default}`;
      if (col.notnull) line += ' not null';
      return line;
    });
    const lines = [`create table ${name} (\n${columns.join(',\n')}\n)${row.reloptions ? ` with (${row.reloptions.join(', ')})` : ''};`];
    if (row.relrowsecurity) lines.push(`alter table ${name} enable row level security;`);
    if (row.relforcerowsecurity) lines.push(`alter table ${name} force row level security;`);
    if (row.relreplident !== 'd') lines.push(`alter table ${name} replica identity ${{ n: 'nothing', f: 'full', i: 'using index' }[/** @type {'n'} */ (row.relreplident)]};`);
    if (row.owner !== 'postgres') lines.push(`alter table ${name} owner to ${ident(row.owner)};`);
    if (row.comment !== null) lines.push(`comment on table ${name} is ${literal(row.comment)};`);
    lines.push(...columnCommentsAndPrivileges(name, row));
    return {
      kind: /** @type {Kind} */ ('table'),
      key: `table ${row.nspname}.${row.relname}`,
      schema: row.nspname,
      table: `${row.nspname}.${row.relname}`,
      sql: lines.join('\n'),
      drop: `drop table ${name};`,
      columns: row.columns,
    };
  });
}

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q @param {string[]} skip */
async function readConstraints(q, skip) {
  const rows = await q(`
    select n.nspname, t.relname, c.conname, c.contype, pg_get_constraintdef(c.oid, true) as def, obj_description(c.oid, 'pg_constraint') as comment
    from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
    where n.nspname <> all($1) and t.relkind in ('r', 'p') and c.contype in ('p', 'u', 'c', 'x', 'f') and c.conparentid = 0
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = t.oid and d.deptype = 'e')`, [skip]);
  return rows.map((row) => {
    const table = qname(row.nspname, row.relname);
    const on = `constraint ${ident(row.conname)} on ${table}`;
    return {
      kind: /** @type {Kind} */ (row.contype === 'f' ? 'foreign_key' : 'constraint'),
      key: `constraint ${row.nspname}.${row.relname}.${row.conname}`,
      schema: row.nspname,
      table: `${row.nspname}.${row.relname}`,
      sql: withComment(`alter table ${table} add constraint ${ident(row.conname)} ${row.def};`, row.comment, on),
      drop: `alter table ${table} drop constraint ${ident(row.conname)};`,
    };
  });
}

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q @param {string[]} skip */
async function readIndexes(q, skip) {
  const rows = await q(`
    select n.nspname, t.relname as table_name, i.relname, pg_get_indexdef(i.oid) as def, obj_description(i.oid, 'pg_class') as comment
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = i.relnamespace
    where n.nspname <> all($1)
      and not exists (select 1 from pg_constraint c where c.conindid = i.oid and c.contype in ('p', 'u', 'x'))
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = t.oid and d.deptype = 'e')`, [skip]);
  return rows.map((row) => {
    const name = qname(row.nspname, row.relname);
    return {
      kind: /** @type {Kind} */ ('index'),
      key: `index ${row.nspname}.${row.relname}`,
      schema: row.nspname,
      table: `${row.nspname}.${row.table_name}`,
      sql: withComment(`${row.def};`, row.comment, `index ${name}`),
      drop: `drop index ${name};`,
    };
  });
}

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q @param {string[]} skip */
async function readViews(q, skip) {
  const rows = await q(`
    select c.oid, n.nspname, c.relname, c.relkind, c.reloptions, pg_get_viewdef(c.oid, true) as def,
           pg_get_userbyid(c.relowner) as owner, ${ACL('c.relacl')} as acl, obj_description(c.oid, 'pg_class') as comment,
           (select json_agg(json_build_object('name', a.attname, 'comment', col_description(c.oid, a.attnum), 'acl', ${ACL('a.attacl')}) order by a.attnum)
              from pg_attribute a where a.attrelid = c.oid and a.attnum > 0) as columns,
           (select array_agg(format('%I %s collate %s', a.attname, format_type(a.atttypid, a.atttypmod), coalesce(co.collname, '-')) order by a.attnum)
              from pg_attribute a left join pg_collation co on co.oid = a.attcollation
             where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as output,
           (select array_agg(distinct format('%s.%s', rn.nspname, r.relname)) from pg_rewrite w
              join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = w.oid
              join pg_class r on d.refclassid = 'pg_class'::regclass and d.refobjid = r.oid and r.relkind in ('v', 'm') and r.oid <> c.oid
              join pg_namespace rn on rn.oid = r.relnamespace
             where w.ev_class = c.oid) as reads
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname <> all($1) and c.relkind in ('v', 'm')
      and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')`, [skip]);
  return rows.map((row) => {
    const name = qname(row.nspname, row.relname);
    const materialized = row.relkind === 'm';
    const options = row.reloptions ? ` with (${row.reloptions.join(', ')})` : '';
    const lines = [`create ${materialized ? 'materialized ' : ''}view ${name}${options} as\n${row.def.trimEnd().replace(/;$/, '')};`];
    if (row.owner !== 'postgres') lines.push(`alter view ${name} owner to ${ident(row.owner)};`);
    if (row.comment !== null) lines.push(`comment on ${materialized ? 'materialized ' : ''}view ${name} is ${literal(row.comment)};`);
    lines.push(...columnCommentsAndPrivileges(name, row));
    return {
      kind: /** @type {Kind} */ ('view'),
      key: `view ${row.nspname}.${row.relname}`,
      schema: row.nspname,
      sql: lines.join('\n'),
      drop: `drop ${materialized ? 'materialized ' : ''}view ${name};`,
      dependsOnViews: row.reads ?? [],
      ...(materialized ? {} : { viewColumns: row.output ?? [] }),
    };
  });
}

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q @param {string[]} skip */
async function readTriggers(q, skip) {
  const rows = await q(`
    select n.nspname, c.relname, t.tgname, t.tgenabled, pg_get_triggerdef(t.oid, true) as def, obj_description(t.oid, 'pg_trigger') as comment
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname <> all($1) and not t.tgisinternal`, [skip]);
  return rows.map((row) => {
    const table = qname(row.nspname, row.relname);
    const lines = [`${row.def};`];
    const state = { D: 'disable', R: 'enable replica', A: 'enable always' }[/** @type {'D'} */ (row.tgenabled)];
    if (state) lines.push(`alter table ${table} ${state} trigger ${ident(row.tgname)};`);
    if (row.comment !== null) lines.push(`comment on trigger ${ident(row.tgname)} on ${table} is ${literal(row.comment)};`);
    return {
      kind: /** @type {Kind} */ ('trigger'),
      key: `trigger ${row.nspname}.${row.relname}.${row.tgname}`,
      schema: row.nspname,
      table: `${row.nspname}.${row.relname}`,
      sql: lines.join('\n'),
      drop: `drop trigger ${ident(row.tgname)} on ${table};`,
    };
  });
}

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q @param {string[]} skip */
async function readPolicies(q, skip) {
  const rows = await q(`
    select n.nspname, c.relname, p.polname, p.polpermissive, p.polcmd,
           case when p.polroles = '{0}' then array['public'] else (select array_agg(quote_ident(r.rolname) order by r.rolname) from pg_roles r where r.oid = any (p.polroles)) end as roles,
           pg_get_expr(p.polqual, p.polrelid, true) as using_expr, pg_get_expr(p.polwithcheck, p.polrelid, true) as check_expr,
           obj_description(p.oid, 'pg_policy') as comment
    from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname <> all($1)`, [skip]);
  const commands = { r: 'select', a: 'insert', w: 'update', d: 'delete', '*': 'all' };
  return rows.map((row) => {
    const table = qname(row.nspname, row.relname);
    const parts = [`create policy ${ident(row.polname)} on ${table}`, `  as ${row.polpermissive ? 'permissive' : 'restrictive'}`, `  for ${commands[/** @type {'r'} */ (row.polcmd)]}`, `  to ${row.roles.join(', ')}`];
    if (row.using_expr !== null) parts.push(`  using (${row.using_expr})`);
    if (row.check_expr !== null) parts.push(`  with check (${row.check_expr})`);
    const sql = withComment(`${parts.join('\n')};`, row.comment, `policy ${ident(row.polname)} on ${table}`);
    return {
      kind: /** @type {Kind} */ ('policy'),
      key: `policy ${row.nspname}.${row.relname}.${row.polname}`,
      schema: row.nspname,
      table: `${row.nspname}.${row.relname}`,
      sql,
      drop: `drop policy ${ident(row.polname)} on ${table};`,
    };
  });
}

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q */
async function readDefaultPrivileges(q) {
  // A schema's entry adds to the global one, so it is its grants; a global entry (no schema) replaces
  // PostgreSQL's built-in default (acldefault: the owner, and PUBLIC for functions and types), so it is
  // what it revokes from that default and what it grants beyond it.
  const rows = await q(`
    select pg_get_userbyid(d.defaclrole) as role, n.nspname, d.defaclobjtype, ${ACL('d.defaclacl')} as acl,
           case when d.defaclnamespace = 0 then ${ACL(`acldefault(case d.defaclobjtype when 'S' then 's' else d.defaclobjtype end, d.defaclrole)`)} end as builtin
    from pg_default_acl d left join pg_namespace n on n.oid = d.defaclnamespace`);
  const objects = { r: 'tables', S: 'sequences', f: 'functions', T: 'types', n: 'schemas' };
  /** @param {{ grantee: string, privilege: string }[]} grants */
  const byGrantee = (grants) => {
    const map = new Map();
    for (const grant of grants) {
      const list = map.get(grant.grantee) ?? [];
      list.push(grant.privilege.toLowerCase());
      map.set(grant.grantee, list);
    }
    return [...map].sort((a, b) => (a[0] < b[0] ? -1 : 1));
  };
  const same = (/** @type {{ grantee: string, privilege: string }} */ a, /** @type {{ grantee: string, privilege: string }} */ b) => a.grantee === b.grantee && a.privilege === b.privilege;
  return rows.map((row) => {
    const what = objects[/** @type {'r'} */ (row.defaclobjtype)];
    const scope = `for role ${ident(row.role)}${row.nspname ? ` in schema ${ident(row.nspname)}` : ''}`;
    const grantee = (/** @type {string} */ name) => (name === '-' ? 'public' : ident(name));
    const acl = row.acl ?? [];
    const builtin = row.builtin ?? [];
    const revoked = builtin.filter((/** @type {any} */ b) => !acl.some((/** @type {any} */ a) => same(a, b)));
    const granted = acl.filter((/** @type {any} */ a) => !builtin.some((/** @type {any} */ b) => same(a, b)));
    const lines = [
      ...byGrantee(revoked).map(([name, privileges]) => `alter default privileges ${scope} revoke ${privileges.sort().join(', ')} on ${what} from ${grantee(name)};`),
      ...byGrantee(granted).map(([name, privileges]) => `alter default privileges ${scope} grant ${privileges.sort().join(', ')} on ${what} to ${grantee(name)};`),
    ];
    return {
      kind: /** @type {Kind} */ ('default_privileges'),
      key: `default privileges ${row.role} ${row.nspname ?? '*'} ${what}`,
      schema: row.nspname ?? '',
      sql: lines.join('\n'),
    };
  });
}

/** @param {(sql: string, params?: unknown[]) => Promise<any[]>} q */
async function readEventTriggers(q) {
  const rows = await q(`
    select e.evtname, e.evtevent, e.evtenabled, e.evttags, p.oid::regprocedure::text as func
    from pg_event_trigger e join pg_proc p on p.oid = e.evtfoid`);
  return rows.map((row) => ({
    kind: /** @type {Kind} */ ('event_trigger'),
    key: `event trigger ${row.evtname}`,
    schema: '',
    sql: `create event trigger ${ident(row.evtname)} on ${row.evtevent}${row.evttags ? ` when tag in (${row.evttags.map(literal).join(', ')})` : ''} execute function ${row.func.replace(/\(\)$/, '')}();`,
    drop: `drop event trigger ${ident(row.evtname)};`,
  }));
}
