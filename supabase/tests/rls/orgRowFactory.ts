import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { hasColumn, qualifiedName, type ColumnInfo, type RelationInfo } from './tableInventory';

export type OrgRow = Record<string, unknown> & { id: string };

export type OrgActor = { orgName: string; profileId: string; client: SupabaseClient };

/** Columns the server owns: never part of a generated payload. */
const SERVER_COLUMNS = new Set([
  'id', 'org_name', 'short_id', 'sku', 'created_at', 'created_by', 'last_modified_at', 'last_modified_by', 'updated_at',
]);

/**
 * Values for required columns whose check constraints a generic value would not satisfy. A new table
 * with such a column fails loudly in the matrix until it gets an entry here.
 */
const COLUMN_OVERRIDES: Record<string, Record<string, unknown>> = {
  'settings.saved_filters': { list_key: 'matrix_probe' },
  'settings.integrations': { type: 'webhook' },
  'hr.staff_profiles': { preferred_name: 'Matrix Probe' },
  'catalog.reservation_payments': { line_type: 'payment' },
  'public.notifications': { kind: 'task_due', link: '/tasks' },
  'crm.import_jobs': { kind: 'contact' },
  'settings.custom_fields': { record_kind: 'contact', field_type: 'short_text' },
  // Conversations: a received message waiting in the inbox (seen by the owner without a link).
  'crm.messages': { direction: 'in', status: 'received', inbox: true },
  'crm.message_links': { record_kind: 'contact' },
  'crm.mail_campaigns': { record_kind: 'contact' },
  'crm.mail_suppressions': { reason: 'bounced', email: 'matrix-probe@example.com' },
};

/** Columns that name a row of another table without a foreign key (a link to a record of some kind). */
const RECORD_REFERENCES: Record<string, Record<string, string>> = {
  'crm.message_links': { record_id: 'crm.contacts' },
};

/** Tables no API role writes (the database does): the probe row is inserted directly, for the actor. */
const DATABASE_WRITTEN = new Set(['public.notifications', 'crm.messages', 'crm.message_links', 'crm.message_attachments', 'crm.mail_campaigns', 'crm.mail_suppressions']);

// Every generated payload gets its own dates: two rows of one table never share a period, so rules
// such as "an accommodation is never booked twice for the same night" do not refuse the probe rows.
let payloadSerial = 0;
const day = (offset: number) => new Date(Date.UTC(2031, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10);

function valueFor(column: ColumnInfo, label: string, serial: number): unknown {
  if (column.isArray) return [];
  // The later end of a required range (check_out, block_end, end_at…) must follow its start.
  const isEnd = /(^|_)(end|out)(_|$)/.test(column.name) || column.name.endsWith('_end');
  switch (column.baseType) {
    case 'bool':
      return false;
    case 'int2':
    case 'int4':
    case 'int8':
    case 'numeric':
    case 'float4':
    case 'float8':
      return 1;
    case 'date':
      return day(serial * 2 + (isEnd ? 1 : 0));
    case 'timestamptz':
    case 'timestamp':
      return `${day(serial * 2 + (isEnd ? 1 : 0))}T10:00:00Z`;
    case 'uuid':
      return randomUUID();
    case 'json':
    case 'jsonb':
      return {};
    case 'int4range':
      return '[1,5]';
    case 'daterange':
      return '[2031-01-01,2031-01-05]';
    default:
      if (column.typeName === 'email') return `matrix-${randomUUID().slice(0, 8)}@example.com`;
      if (column.typeName === 'hex_color') return '#336699';
      return `Matrix ${label} ${randomUUID().slice(0, 6)}`;
  }
}

/** JSON-safe copy of a row read with pg (dates become ISO strings). */
export function toJsonRow(row: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));
}

/**
 * One row per (table, organisation): an existing row of the organisation when there is one, else a
 * row the organisation's own client inserts through the API, with every foreign key pointing at rows
 * of the same organisation (created the same way, recursively).
 */
export function orgRowFactory(inventory: readonly RelationInfo[], db: pg.Client) {
  const byName = new Map(inventory.map((relation) => [qualifiedName(relation), relation]));
  const cache = new Map<string, OrgRow>();

  async function existingRow(relation: RelationInfo, orgName: string): Promise<OrgRow | undefined> {
    const { rows } = await db.query<OrgRow>(
      `select * from "${relation.schema}"."${relation.table}" where org_name = $1 order by created_at, id limit 1`,
      [orgName],
    );
    return rows[0];
  }

  async function ensureRow(relation: RelationInfo, actor: OrgActor, visiting: readonly string[] = []): Promise<OrgRow> {
    const name = qualifiedName(relation);
    const key = `${name}|${actor.orgName}`;
    const cached = cache.get(key);
    if (cached) return cached;
    const existing = await existingRow(relation, actor.orgName);
    if (existing) {
      cache.set(key, existing);
      return existing;
    }

    const payload: Record<string, unknown> = { org_name: actor.orgName };
    const foreignKeyColumns = new Set(relation.foreignKeys.flatMap((key) => key.columns));
    for (const foreignKey of relation.foreignKeys) {
      const target = `${foreignKey.refSchema}.${foreignKey.refTable}`;
      if (target === 'public.organizations') continue;
      if (foreignKey.columns.every((column) => SERVER_COLUMNS.has(column))) continue;
      if (target === 'public.user_profiles' && foreignKey.columns.length === 1) {
        payload[foreignKey.columns[0] as string] = actor.profileId;
        continue;
      }
      const targetRelation = byName.get(target);
      if (!targetRelation) throw new Error(`${name}: foreign key to ${target}, which is not in the API schemas`);
      if (target === name || visiting.includes(target)) continue; // a cycle: leave the nullable side empty
      const referenced = hasColumn(targetRelation, 'org_name')
        ? await ensureRow(targetRelation, actor, [...visiting, name])
        : (await db.query<OrgRow>(`select * from "${targetRelation.schema}"."${targetRelation.table}" limit 1`)).rows[0];
      if (!referenced) throw new Error(`${name}: no row in ${target} to refer to`);
      foreignKey.columns.forEach((column, index) => {
        if (column !== 'org_name') payload[column] = referenced[foreignKey.refColumns[index] as string];
      });
    }
    for (const [column, target] of Object.entries(RECORD_REFERENCES[name] ?? {})) {
      payload[column] = (await ensureRow(byName.get(target) as RelationInfo, actor, [...visiting, name])).id;
      foreignKeyColumns.add(column);
    }
    const serial = (payloadSerial += 1);
    for (const column of relation.columns) {
      if (column.generated || SERVER_COLUMNS.has(column.name) || foreignKeyColumns.has(column.name)) continue;
      const override = COLUMN_OVERRIDES[name]?.[column.name];
      if (override !== undefined) payload[column.name] = override;
      else if (column.notNull && !column.hasDefault) payload[column.name] = valueFor(column, relation.table, serial);
    }

    if (DATABASE_WRITTEN.has(name)) {
      const columns = Object.keys(payload);
      const { rows } = await db.query<OrgRow>(
        `insert into "${relation.schema}"."${relation.table}" (${columns.map((column) => `"${column}"`).join(', ')})
         values (${columns.map((_, index) => `$${index + 1}`).join(', ')}) returning *`,
        columns.map((column) => payload[column]),
      );
      const row = rows[0] as OrgRow;
      cache.set(key, row);
      return row;
    }
    const { data, error } = await actor.client.schema(relation.schema).from(relation.table).insert(payload).select('*').single();
    if (error || !data) {
      throw new Error(`${name}: the organisation's owner could not insert ${JSON.stringify(payload)}: ${error?.code} ${error?.message}`);
    }
    const row = data as OrgRow;
    cache.set(key, row);
    return row;
  }

  return { ensureRow };
}
