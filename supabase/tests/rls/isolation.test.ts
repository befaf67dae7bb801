import type { SupabaseClient } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, createTestClient, testStack } from '../stack/testStack';
import { orgRowFactory, toJsonRow, type OrgRow } from './orgRowFactory';
import { signUpOrganization, type SignedUpOrganization } from './signUpOrganization';
import { hasColumn, qualifiedName, readTableInventory, type RelationInfo } from './tableInventory';

const SYSTEM_ORG = '_system_default_';
/** Columns a copied row must not carry into an insert. */
const NOT_INSERTABLE = new Set(['id', 'short_id', 'sku', 'created_at', 'created_by', 'last_modified_at', 'last_modified_by', 'updated_at']);

const stack = testStack();
const inventoryDb = await connectDb(stack.dbUrl);
const inventory = await readTableInventory(inventoryDb);
await inventoryDb.end();

const tables = inventory.filter((relation) => relation.kind === 'table');
const orgTables = tables.filter((relation) => hasColumn(relation, 'org_name'));
const orgViews = inventory.filter((relation) => relation.kind === 'view' && hasColumn(relation, 'org_name'));

let db: pg.Client;
let orgA: SignedUpOrganization;
let orgB: SignedUpOrganization;
let anon: SupabaseClient;
let factory: ReturnType<typeof orgRowFactory>;
let checks = 0;

function from(client: SupabaseClient, relation: RelationInfo) {
  return client.schema(relation.schema).from(relation.table);
}

async function readRow(relation: RelationInfo, id: string): Promise<OrgRow | undefined> {
  const { rows } = await db.query<OrgRow>(`select * from "${relation.schema}"."${relation.table}" where id = $1`, [id]);
  return rows[0];
}

async function countRows(relation: RelationInfo, orgName: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from "${relation.schema}"."${relation.table}" where org_name = $1`,
    [orgName],
  );
  return rows[0]?.n ?? 0;
}

/** An insert payload for `orgName` copied from one of its real rows: valid except for who sends it. */
function insertPayloadLike(relation: RelationInfo, row: OrgRow, orgName: string): Record<string, unknown> {
  const generated = new Set(relation.columns.filter((column) => column.generated).map((column) => column.name));
  const payload = Object.fromEntries(
    Object.entries(toJsonRow(row)).filter(([column]) => !NOT_INSERTABLE.has(column) && !generated.has(column)),
  );
  if (!generated.has('org_name')) payload.org_name = orgName;
  return payload;
}

/** The four operations of one organisation's owner against another organisation's row. */
async function expectNoCrossOrgAccess(relation: RelationInfo, attacker: SignedUpOrganization, victim: SignedUpOrganization) {
  const target = await factory.ensureRow(relation, victim);
  const before = await readRow(relation, target.id);
  expect(before, `${qualifiedName(relation)}: victim row exists`).toBeDefined();

  // The victim itself sees its row: the checks below can fail.
  const own = await from(victim.client, relation).select('id').eq('id', target.id);
  expect(own.error, `${qualifiedName(relation)}: owner reads own row`).toBeNull();
  expect(own.data).toHaveLength(1);

  // select
  const byId = await from(attacker.client, relation).select('*').eq('id', target.id);
  const byOrg = await from(attacker.client, relation).select('*').eq('org_name', victim.orgName);
  expect(byId.data ?? [], `${qualifiedName(relation)}: select by id across organisations`).toHaveLength(0);
  expect(byOrg.data ?? [], `${qualifiedName(relation)}: select by org_name across organisations`).toHaveLength(0);
  checks += 1;

  // insert
  const countBefore = await countRows(relation, victim.orgName);
  const inserted = await from(attacker.client, relation).insert(insertPayloadLike(relation, target, victim.orgName)).select('id');
  expect(inserted.error?.code, `${qualifiedName(relation)}: insert into another organisation`).toBe('42501');
  expect(await countRows(relation, victim.orgName)).toBe(countBefore);
  checks += 1;

  // update (a harmless column, then an attempt to pull the row into the attacker's organisation)
  const updated = await from(attacker.client, relation).update({ archive: true }).eq('id', target.id).select('id');
  expect(updated.data ?? [], `${qualifiedName(relation)}: update across organisations`).toHaveLength(0);
  if (!relation.columns.find((column) => column.name === 'org_name')?.generated) {
    const moved = await from(attacker.client, relation).update({ org_name: attacker.orgName }).eq('id', target.id).select('id');
    expect(moved.data ?? [], `${qualifiedName(relation)}: re-homing across organisations`).toHaveLength(0);
  }
  expect(toJsonRow((await readRow(relation, target.id)) ?? {})).toEqual(toJsonRow(before ?? {}));
  checks += 1;

  // delete
  const deleted = await from(attacker.client, relation).delete().eq('id', target.id).select('id');
  expect(deleted.data ?? [], `${qualifiedName(relation)}: delete across organisations`).toHaveLength(0);
  expect(await readRow(relation, target.id), `${qualifiedName(relation)}: row survives`).toBeDefined();
  checks += 1;
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  [orgA, orgB] = await Promise.all([signUpOrganization(stack, 'Isolation Alpha'), signUpOrganization(stack, 'Isolation Beta')]);
  anon = createTestClient(stack.apiUrl, stack.anonKey);
  factory = orgRowFactory(inventory, db);
});

afterAll(async () => {
  console.log(`isolation matrix: ${orgTables.length} tables × 4 operations × 2 organisations = ${checks} checks`);
  await db?.end();
});

describe('the catalogue', () => {
  it('has row-level security enabled on every table of the API schemas', () => {
    const withoutRls = tables.filter((relation) => !relation.rlsEnabled).map(qualifiedName);
    expect(withoutRls).toEqual([]);
  });

  it('finds the org-owned tables of every area', () => {
    const schemas = new Set(orgTables.map((relation) => relation.schema));
    expect([...schemas].sort()).toEqual(['catalog', 'crm', 'hr', 'ops', 'public', 'settings']);
    expect(orgTables.length).toBeGreaterThan(50);
  });
});

describe('isolation between two organisations', () => {
  it.each(orgTables.map((relation) => [qualifiedName(relation), relation] as const))(
    '%s: no reads or writes across organisations',
    async (_name, relation) => {
      await expectNoCrossOrgAccess(relation, orgB, orgA);
      await expectNoCrossOrgAccess(relation, orgA, orgB);
    },
  );

  it.each(orgViews.map((relation) => [qualifiedName(relation), relation] as const))(
    '%s (view): shows nothing of another organisation',
    async (_name, relation) => {
      const { data, error } = await from(orgB.client, relation).select('*').eq('org_name', orgA.orgName);
      expect(error).toBeNull();
      expect(data).toEqual([]);
    },
  );
});

describe('_system_default_ rows', () => {
  it.each(orgTables.map((relation) => [qualifiedName(relation), relation] as const))(
    '%s: readable by members, never writable',
    async (_name, relation) => {
      const systemCount = await countRows(relation, SYSTEM_ORG);
      const insert = await from(orgA.client, relation)
        .insert(hasColumn(relation, 'name') && relation.columns.find((c) => c.name === 'org_name')?.generated
          ? { name: `Matrix ${SYSTEM_ORG}` }
          : { org_name: SYSTEM_ORG })
        .select('id');
      expect(insert.error?.code, 'insert into _system_default_').toBe('42501');
      expect(await countRows(relation, SYSTEM_ORG)).toBe(systemCount);
      if (systemCount === 0) return;

      const { rows } = await db.query<OrgRow>(
        `select * from "${relation.schema}"."${relation.table}" where org_name = $1 order by id limit 1`,
        [SYSTEM_ORG],
      );
      const systemRow = rows[0] as OrgRow;
      const read = await from(orgA.client, relation).select('id').eq('org_name', SYSTEM_ORG);
      expect(read.error).toBeNull();
      expect(read.data).toHaveLength(systemCount);
      const updated = await from(orgA.client, relation).update({ archive: true }).eq('id', systemRow.id).select('id');
      expect(updated.data ?? []).toHaveLength(0);
      const deleted = await from(orgA.client, relation).delete().eq('id', systemRow.id).select('id');
      expect(deleted.data ?? []).toHaveLength(0);
      expect(toJsonRow((await readRow(relation, systemRow.id)) ?? {})).toEqual(toJsonRow(systemRow));
    },
  );
});

describe('anon', () => {
  it.each(inventory.map((relation) => [qualifiedName(relation), relation] as const))('%s: reads nothing', async (_name, relation) => {
    const { data } = await from(anon, relation).select('*').limit(1);
    expect(data ?? []).toEqual([]);
  });

  it('cannot write either', async () => {
    const crmBusinesses = orgTables.find((relation) => qualifiedName(relation) === 'crm.businesses') as RelationInfo;
    const { error } = await from(anon, crmBusinesses).insert({ name: 'Anonymous', org_name: orgA.orgName });
    expect(error?.code).toBe('42501');
  });
});
