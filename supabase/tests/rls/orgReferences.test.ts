import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, testStack } from '../stack/testStack';
import { orgRowFactory, type OrgRow } from './orgRowFactory';
import { signUpOrganization, type SignedUpOrganization } from './signUpOrganization';
import { hasColumn, qualifiedName, readTableInventory, type RelationInfo } from './tableInventory';

/**
 * References stay inside the organisation: every foreign key from an org-owned table to an org-owned
 * table refuses a row of another organisation (23503), and accepts its own and `_system_default_` rows.
 * A caller who is not a member of the other organisation reads the answer a missing row gets.
 */
const stack = testStack();
const inventoryDb = await connectDb(stack.dbUrl);
const inventory = await readTableInventory(inventoryDb);
await inventoryDb.end();

const byName = new Map(inventory.map((relation) => [qualifiedName(relation), relation]));
const orgTables = inventory.filter((relation) => relation.kind === 'table' && hasColumn(relation, 'org_name'));

type Reference = { relation: RelationInfo; column: string; target: RelationInfo; refColumn: string };

/** Single-column org-owned references, read from the catalogue independently of the installer's view. */
const references: Reference[] = orgTables.flatMap((relation) =>
  relation.foreignKeys.flatMap((key) => {
    const target = byName.get(`${key.refSchema}.${key.refTable}`);
    if (!target || !hasColumn(target, 'org_name') || key.columns.includes('org_name') || key.columns.length !== 1) return [];
    return [{ relation, column: key.columns[0] as string, target, refColumn: key.refColumns[0] as string }];
  }),
);
/** The server stamps created_by on insert and keeps it on update: only an insert could set it. */
const updatable = references.filter((reference) => reference.column !== 'created_by');

let db: pg.Client;
let orgA: SignedUpOrganization;
let orgB: SignedUpOrganization;
let factory: ReturnType<typeof orgRowFactory>;
let refused = 0;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  [orgA, orgB] = await Promise.all([signUpOrganization(stack, 'References Alpha'), signUpOrganization(stack, 'References Beta')]);
  factory = orgRowFactory(inventory, db);
});

afterAll(async () => {
  console.log(`org references: ${references.length} references, ${refused} cross-organisation writes refused`);
  await db?.end();
});

/**
 * Runs an update in a transaction that is always rolled back: the error code it raised, or whether
 * the value landed (a server-owned column, like saved_filters.profile_id, keeps its value).
 */
async function tryUpdate(reference: Reference, rowId: string, value: unknown): Promise<{ code?: string; landed: boolean }> {
  const { relation, column } = reference;
  const table = `"${relation.schema}"."${relation.table}"`;
  await db.query('begin');
  try {
    await db.query(`update ${table} set "${column}" = $1 where id = $2`, [value, rowId]);
    await db.query('set constraints all immediate');
    const { rows } = await db.query<{ landed: boolean }>(`select "${column}" = $1 as landed from ${table} where id = $2`, [value, rowId]);
    return { landed: rows[0]?.landed === true };
  } catch (error) {
    return { code: (error as { code?: string }).code, landed: false };
  } finally {
    await db.query('rollback');
  }
}

describe('the catalogue', () => {
  it('guards every org-owned foreign key (the installer left none out)', async () => {
    const { rows } = await db.query('select * from app.unguarded_org_references');
    expect(rows).toEqual([]);
    const { rows: guarded } = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_trigger where (tgname like 'org_ref_guard_%' or tgname like 'steward_30_ref_%') and not tgisinternal`,
    );
    expect(references.length).toBeGreaterThan(100);
    expect(guarded[0]?.n).toBeGreaterThanOrEqual(references.length);
  });

  it('reports a new org-owned foreign key as unguarded until the installer runs again', async () => {
    await db.query('begin');
    try {
      await db.query('create table public.zz_guard_probe (id uuid primary key, org_name text not null, business_id uuid references crm.businesses (id))');
      const before = await db.query('select constraint_name from app.unguarded_org_references');
      expect(before.rows).toEqual([{ constraint_name: 'zz_guard_probe_business_id_fkey' }]);
      const installed = await db.query<{ n: number }>('select app.install_org_reference_guards() as n');
      expect(installed.rows[0]?.n).toBe(1);
      expect((await db.query('select * from app.unguarded_org_references')).rows).toEqual([]);
      expect((await db.query<{ n: number }>('select app.install_org_reference_guards() as n')).rows[0]?.n).toBe(0);
    } finally {
      await db.query('rollback');
    }
  });

  it('holds for the data already in the database (seed and earlier writes)', async () => {
    const offending: string[] = [];
    for (const { relation, column, target, refColumn } of references) {
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from "${relation.schema}"."${relation.table}" t
           join "${target.schema}"."${target.table}" r on r."${refColumn}" = t."${column}"
          where r.org_name <> t.org_name and r.org_name <> '_system_default_'`,
      );
      if ((rows[0]?.n ?? 0) > 0) offending.push(`${qualifiedName(relation)}.${column}: ${rows[0]?.n}`);
    }
    expect(offending).toEqual([]);
  });
});

describe('a reference to another organisation’s row is refused', () => {
  it.each(updatable.map((reference) => [`${qualifiedName(reference.relation)}.${reference.column}`, reference] as const))(
    '%s',
    async (_name, reference) => {
      const own: OrgRow = await factory.ensureRow(reference.relation, orgB);
      const foreign: OrgRow = await factory.ensureRow(reference.target, orgA);
      const attempt = await tryUpdate(reference, own.id, foreign[reference.refColumn]);
      if (attempt.code === undefined) {
        // Only a column the server owns may take the write without an error, and then keeps its value.
        expect(attempt.landed, 'a cross-organisation value landed').toBe(false);
        return;
      }
      expect(attempt.code, 'another organisation').toBe('23503');
      refused += 1;
      if (reference.target === reference.relation) return; // self-references: the API test below covers its own rows
      const sameOrg: OrgRow = await factory.ensureRow(reference.target, orgB);
      expect(await tryUpdate(reference, own.id, sameOrg[reference.refColumn]), 'own organisation').toEqual({ landed: true });
    },
  );
});

describe('the audit columns (created_by, last_modified_by), checked at commit', () => {
  /** Runs the statements as the server (values taken as given) and commits: the commit's error code, if any. */
  async function commitOf(statements: [string, unknown[]][]): Promise<string | undefined> {
    await db.query('begin');
    try {
      for (const [sql, values] of statements) await db.query(sql, values);
      await db.query('commit');
      return undefined;
    } catch (error) {
      await db.query('rollback');
      return (error as { code?: string }).code;
    }
  }

  it('refuses a profile of another organisation, even one that only exists by the time of the commit; accepts its own', async () => {
    const later = randomUUID();
    expect(
      await commitOf([
        ['insert into crm.contacts (org_name, name, created_by) values ($1, $2, $3)', [orgB.orgName, 'Audit Named First', later]],
        ['insert into public.user_profiles (id, org_name, name) values ($1, $2, $3)', [later, orgA.orgName, 'Audit Elsewhere']],
      ]),
      'a profile created later in the transaction, in another organisation',
    ).toBe('23503');
    expect(
      await commitOf([['insert into crm.contacts (org_name, name, created_by, last_modified_by) values ($1, $2, $3, $4)', [orgB.orgName, 'Audit Foreign', orgB.profileId, orgA.profileId]]]),
      "another organisation's existing profile",
    ).toBe('23503');
    const own = randomUUID();
    expect(
      await commitOf([
        ['insert into crm.contacts (id, org_name, name, created_by, last_modified_by) values ($1, $2, $3, $4, $4)', [own, orgB.orgName, 'Audit Own', orgB.profileId]],
        ['delete from crm.contacts where id = $1', [own]],
      ]),
      'its own organisation',
    ).toBeUndefined();
  });

  it('every guard asks its referenced table first, so a reference inside the organisation calls no guard', async () => {
    const { rows } = await db.query<{ trigger_name: string; lookup: string | null }>(
      `select o.trigger_name, strpos(pg_get_triggerdef(t.oid), 'app.' || app.org_ref_lookup_name(o.ref_table) || '(') > 0 as lookup
         from app.org_references o join pg_trigger t on t.tgrelid = o.table_name and t.tgname = o.trigger_name`,
    );
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((row) => !row.lookup).map((row) => row.trigger_name)).toEqual([]);
  });
});

describe('through the API, as an organisation’s owner', () => {
  it("refuses another organisation's contact as a spouse, accepts its own and a system default type", async () => {
    const contacts = byName.get('crm.contacts') as RelationInfo;
    const mine = await factory.ensureRow(contacts, orgB);
    const theirs = await factory.ensureRow(contacts, orgA);
    const refusedWrite = await orgB.client.schema('crm').from('contacts').update({ spouse_id: theirs.id }).eq('id', mine.id).select('id');
    expect(refusedWrite.error?.code).toBe('23503');
    // Answered as for a contact that does not exist: nothing about the other organisation's row.
    expect(refusedWrite.error?.message).toBe('insert or update on table "contacts" violates foreign key constraint "contacts_spouse_id_fkey"');
    const missing = await orgB.client.schema('crm').from('contacts').update({ spouse_id: randomUUID() }).eq('id', mine.id).select('id');
    expect(refusedWrite.error).toEqual(missing.error);
    const { rows } = await db.query('select spouse_id from crm.contacts where id = $1', [mine.id]);
    expect(rows[0]?.spouse_id).not.toBe(theirs.id);

    const { data: second, error: insertError } = await orgB.client
      .schema('crm')
      .from('contacts')
      .insert({ ...pick(mine, contacts), spouse_id: mine.id })
      .select('id, spouse_id')
      .single();
    expect(insertError).toBeNull();
    expect(second?.spouse_id).toBe(mine.id);

    const systemType = await db.query<{ id: string }>(`select id from crm.contact_types where org_name = '_system_default_' limit 1`);
    if (systemType.rows[0]) {
      const typed = await orgB.client.schema('crm').from('contacts').update({ type_id: systemType.rows[0].id }).eq('id', mine.id).select('id');
      expect(typed.error).toBeNull();
      expect(typed.data).toHaveLength(1);
    }
  });
});

/** The client-settable, required columns of a row, to insert a sibling of it. */
function pick(row: OrgRow, relation: RelationInfo): Record<string, unknown> {
  const keep = relation.columns.filter((column) => column.notNull && !column.hasDefault && !column.generated).map((column) => column.name);
  return Object.fromEntries(keep.filter((name) => name !== 'id' && name !== 'org_name').map((name) => [name, row[name]]));
}
