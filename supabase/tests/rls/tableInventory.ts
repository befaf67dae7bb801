import type pg from 'pg';

/** The schemas the API serves. */
export const API_SCHEMAS = ['public', 'crm', 'catalog', 'hr', 'ops', 'settings'] as const;

export type ColumnInfo = {
  name: string;
  /** The base type for domains (app.email → text), element type marked by isArray. */
  baseType: string;
  /** The declared type's own name (a domain's name, e.g. 'email', 'hex_color'). */
  typeName: string;
  isArray: boolean;
  notNull: boolean;
  hasDefault: boolean;
  generated: boolean;
};

export type ForeignKeyInfo = {
  columns: string[];
  refSchema: string;
  refTable: string;
  refColumns: string[];
};

export type RelationInfo = {
  schema: string;
  table: string;
  /** 'table' (ordinary or partitioned) or 'view'. */
  kind: 'table' | 'view';
  rlsEnabled: boolean;
  columns: ColumnInfo[];
  foreignKeys: ForeignKeyInfo[];
};

export function qualifiedName(relation: { schema: string; table: string }): string {
  return `${relation.schema}.${relation.table}`;
}

export function hasColumn(relation: RelationInfo, name: string): boolean {
  return relation.columns.some((column) => column.name === name);
}

/** Every table and view of the API schemas, read from the catalog so new ones are covered without edits. */
export async function readTableInventory(db: pg.Client): Promise<RelationInfo[]> {
  const relations = await db.query<{ oid: number; schema: string; table: string; relkind: string; rls: boolean }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as table, c.relkind::text as relkind, c.relrowsecurity as rls
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p', 'v')
      order by n.nspname, c.relname`,
    [[...API_SCHEMAS]],
  );
  const columns = await db.query<ColumnInfo & { oid: number }>(
    `select a.attrelid::int as oid, a.attname as name,
            case when t.typtype = 'd' then bt.typname
                 when t.typcategory = 'A' then et.typname
                 else t.typname end as "baseType",
            t.typname as "typeName",
            t.typcategory = 'A' as "isArray",
            a.attnotnull as "notNull",
            ad.adbin is not null as "hasDefault",
            a.attgenerated <> '' or a.attidentity <> '' as generated
       from pg_attribute a
       join pg_type t on t.oid = a.atttypid
       left join pg_type bt on bt.oid = t.typbasetype
       left join pg_type et on et.oid = t.typelem
       left join pg_attrdef ad on ad.adrelid = a.attrelid and ad.adnum = a.attnum
      where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped
      order by a.attrelid, a.attnum`,
    [relations.rows.map((row) => row.oid)],
  );
  const foreignKeys = await db.query<ForeignKeyInfo & { oid: number }>(
    `select con.conrelid::int as oid,
            array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, i)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i) as columns,
            rn.nspname as "refSchema", rc.relname as "refTable",
            array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, i)
                  join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.i) as "refColumns"
       from pg_constraint con
       join pg_class rc on rc.oid = con.confrelid
       join pg_namespace rn on rn.oid = rc.relnamespace
      where con.contype = 'f' and con.conrelid = any($1::oid[])`,
    [relations.rows.map((row) => row.oid)],
  );
  return relations.rows.map((relation) => ({
    schema: relation.schema,
    table: relation.table,
    kind: relation.relkind === 'v' ? 'view' : 'table',
    rlsEnabled: relation.rls,
    columns: columns.rows
      .filter((column) => column.oid === relation.oid)
      .map(({ oid: _oid, ...column }) => column),
    foreignKeys: foreignKeys.rows
      .filter((key) => key.oid === relation.oid)
      .map(({ oid: _oid, ...key }) => key),
  }));
}
