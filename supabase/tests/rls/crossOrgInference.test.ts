import { randomUUID } from 'node:crypto';
import type { PostgrestError } from '@supabase/supabase-js';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, testStack } from '../stack/testStack';
import { orgRowFactory } from './orgRowFactory';
import { signUpOrganization, type SignedUpOrganization } from './signUpOrganization';
import { hasColumn, qualifiedName, readTableInventory, type RelationInfo } from './tableInventory';

/**
 * No error tells one organisation anything about another's rows: a write that names another
 * organisation's row answers exactly as one that names a row that does not exist — whether the other
 * organisation's accommodation is booked or free on those dates, whether a pair behind a unique key
 * exists there or not.
 */
const stack = testStack();
const inventoryDb = await connectDb(stack.dbUrl);
const inventory = await readTableInventory(inventoryDb);
await inventoryDb.end();
const byName = new Map(inventory.map((relation) => [qualifiedName(relation), relation]));

let db: pg.Client;
let victim: SignedUpOrganization;
let prober: SignedUpOrganization;
let factory: ReturnType<typeof orgRowFactory>;
let compared = 0;

/** A day far enough ahead that nothing else books it: 2032-01-01 + offset days, at HH:00 UTC. */
const at = (day: number, hour: number) => new Date(Date.UTC(2032, 0, 1 + day, hour)).toISOString();

type Answer = { status: number; code?: string; message?: string; details?: string | null; hint?: string | null };

/** What the API answered, with the ids the caller sent replaced, so two answers can be compared. */
function answer(result: { status: number; error: PostgrestError | null }, ...ids: string[]): Answer {
  const blank = (text: string | null | undefined): string | null => ids.reduce<string | null>((value, id) => value?.replaceAll(id, '<id>') ?? null, text ?? null);
  const { error } = result;
  return { status: result.status, code: error?.code, message: blank(error?.message) ?? undefined, details: blank(error?.details), hint: error?.hint ?? null };
}

async function insertAs(org: SignedUpOrganization, schema: string, table: string, row: Record<string, unknown>) {
  return org.client.schema(schema).from(table).insert(row).select('id').single();
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  [victim, prober] = await Promise.all([signUpOrganization(stack, 'Inference Victim'), signUpOrganization(stack, 'Inference Prober')]);
  factory = orgRowFactory(inventory, db);
});

afterAll(async () => {
  console.log(`cross-organisation inference: ${compared} foreign references answered as missing ones`);
  await db?.end();
});

describe("another organisation's accommodation", () => {
  let unit: string;

  beforeAll(async () => {
    const { data, error } = await insertAs(victim, 'catalog', 'accommodations', { org_name: victim.orgName, name: 'Cabin 1', base_rate: 100 });
    if (error || !data) throw new Error(error?.message);
    unit = (data as { id: string }).id;
    const booked = await insertAs(victim, 'catalog', 'reservations', { org_name: victim.orgName, name: 'Guest', accommodation_id: unit, check_in: at(0, 16), check_out: at(3, 11) });
    expect(booked.error).toBeNull();
    const blocked = await insertAs(victim, 'catalog', 'accommodation_blocks', { org_name: victim.orgName, accommodation_id: unit, block_start: at(10, 0), block_end: at(12, 0) });
    expect(blocked.error).toBeNull();
  });

  const reservation = (accommodation: string, day: number) => ({
    org_name: prober.orgName,
    name: 'Probe',
    accommodation_id: accommodation,
    check_in: at(day, 16),
    check_out: at(day + 1, 11),
  });
  const block = (accommodation: string, day: number) => ({ org_name: prober.orgName, accommodation_id: accommodation, block_start: at(day, 0), block_end: at(day + 1, 0) });

  it.each([
    ['a reservation', 'reservations', reservation],
    ['a block-out', 'accommodation_blocks', block],
  ] as const)('%s answers the same on booked, blocked and free dates as for an accommodation that does not exist', async (_what, table, row) => {
    const missing = randomUUID();
    const answers = {
      booked: answer(await insertAs(prober, 'catalog', table, row(unit, 1)), unit),
      blocked: answer(await insertAs(prober, 'catalog', table, row(unit, 10)), unit),
      free: answer(await insertAs(prober, 'catalog', table, row(unit, 20)), unit),
      missingBooked: answer(await insertAs(prober, 'catalog', table, row(missing, 1)), missing),
      missingFree: answer(await insertAs(prober, 'catalog', table, row(missing, 20)), missing),
    };
    expect(answers.missingFree).toMatchObject({ status: 409, code: '23503' });
    for (const [dates, got] of Object.entries(answers)) expect(got, dates).toEqual(answers.missingFree);

    const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from catalog.${table} where org_name = $1`, [prober.orgName]);
    expect(rows[0]?.n).toBe(0);
  });

  it('moving an own reservation onto it answers the same as onto a missing one', async () => {
    const own = await insertAs(prober, 'catalog', 'accommodations', { org_name: prober.orgName, name: 'Own cabin', base_rate: 90 });
    const ownUnit = (own.data as { id: string }).id;
    const stay = await insertAs(prober, 'catalog', 'reservations', { ...reservation(ownUnit, 1) });
    const stayId = (stay.data as { id: string }).id;
    const move = async (accommodation: string) =>
      answer(await prober.client.schema('catalog').from('reservations').update({ accommodation_id: accommodation }).eq('id', stayId).select('id').single(), accommodation);
    const missing = randomUUID();
    expect(await move(unit)).toEqual(await move(missing));
    expect(await move(missing)).toMatchObject({ code: '23503' });
  });
});

describe('unique keys over references', () => {
  it("a pair that exists in another organisation answers as a pair of missing rows (amenity_map)", async () => {
    const accommodation = await factory.ensureRow(byName.get('catalog.accommodations') as RelationInfo, victim);
    const amenity = await factory.ensureRow(byName.get('catalog.amenities') as RelationInfo, victim);
    const mapped = await insertAs(victim, 'catalog', 'amenity_map', { org_name: victim.orgName, accommodation_id: accommodation.id, amenity_id: amenity.id });
    expect(mapped.error).toBeNull();
    const [missingA, missingB] = [randomUUID(), randomUUID()];
    const existing = answer(
      await insertAs(prober, 'catalog', 'amenity_map', { org_name: prober.orgName, accommodation_id: accommodation.id, amenity_id: amenity.id }),
      accommodation.id,
      amenity.id,
    );
    const missing = answer(
      await insertAs(prober, 'catalog', 'amenity_map', { org_name: prober.orgName, accommodation_id: missingA, amenity_id: missingB }),
      missingA,
      missingB,
    );
    expect(missing).toMatchObject({ code: '23503' });
    expect(existing).toEqual(missing);
  });

  it("another organisation's role id answers as a missing one, without naming the organisation (user_role_permissions)", async () => {
    const { data: role } = await victim.client.from('user_roles').select('id').eq('org_name', victim.orgName).eq('role_name', 'owner').single();
    const roleId = (role as { id: string }).id;
    const { data: component } = await prober.client.schema('settings').from('components').select('id').eq('name', 'crm').single();
    const componentId = (component as { id: string }).id;
    const missing = randomUUID();
    const foreign = answer(await insertAs(prober, 'settings', 'user_role_permissions', { role_id: roleId, component_id: componentId }), roleId);
    const absent = answer(await insertAs(prober, 'settings', 'user_role_permissions', { role_id: missing, component_id: componentId }), missing);
    expect(foreign.message).not.toContain(victim.orgName);
    expect(foreign).toEqual(absent);
  });
});

/** Single-column references between org-owned tables that an app user sets (created_by is the server's). */
const references = inventory
  .filter((relation) => relation.kind === 'table' && hasColumn(relation, 'org_name'))
  .flatMap((relation) =>
    relation.foreignKeys.flatMap((key) => {
      const target = byName.get(`${key.refSchema}.${key.refTable}`);
      if (!target || !hasColumn(target, 'org_name') || key.columns.length !== 1 || key.columns.includes('org_name')) return [];
      const column = key.columns[0] as string;
      if (column === 'created_by' || column === 'last_modified_by') return [];
      return [{ relation, column, target, refColumn: key.refColumns[0] as string }];
    }),
  );

/** An update as the prober's signed-in owner (row-level security on), always rolled back. */
async function updateAsProber(relation: RelationInfo, column: string, rowId: string, value: unknown): Promise<Answer> {
  await db.query('begin');
  try {
    await db.query(`select set_config('request.jwt.claims', $1, true)`, [JSON.stringify({ sub: prober.userId, role: 'authenticated' })]);
    await db.query('set local role authenticated');
    await db.query(`update "${relation.schema}"."${relation.table}" set "${column}" = $1 where id = $2`, [value, rowId]);
    return { status: 200 };
  } catch (error) {
    const { code, message, detail, hint } = error as { code?: string; message?: string; detail?: string; hint?: string };
    const blank = (text?: string) => text?.replaceAll(String(value), '<id>') ?? null;
    return { status: 400, code, message: blank(message) ?? undefined, details: blank(detail), hint: hint ?? null };
  } finally {
    await db.query('rollback');
  }
}

describe('every reference between organisation-owned tables', () => {
  it.each(references.map((reference) => [`${qualifiedName(reference.relation)}.${reference.column}`, reference] as const))(
    "%s: another organisation's row answers as a missing one",
    async (_name, { relation, column, target, refColumn }) => {
      const own = await factory.ensureRow(relation, prober);
      const foreign = await factory.ensureRow(target, victim);
      const theirs = await updateAsProber(relation, column, own.id, foreign[refColumn]);
      const missing = await updateAsProber(relation, column, own.id, randomUUID());
      expect(theirs).toEqual(missing);
      if (missing.code === '23503') compared += 1;
    },
  );

  it('covers the references (most answer 23503 for a missing row)', () => {
    expect(references.length).toBeGreaterThan(60);
    expect(compared).toBeGreaterThan(references.length / 2);
  });
});
