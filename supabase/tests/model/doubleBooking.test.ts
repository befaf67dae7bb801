import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack } from '../stack/testStack';

const MESSAGE = 'This accommodation is already booked or blocked out for part of those dates.';
const stack = testStack();
let home: SignedUpOrganization;

/** A day far enough ahead that nothing else in the stack books it: 2030-01-01 + offset days, at HH:00 UTC. */
const at = (day: number, hour: number) => new Date(Date.UTC(2030, 0, 1 + day, hour)).toISOString();

async function addUnit(): Promise<string> {
  const { data, error } = await home.client
    .schema('catalog')
    .from('accommodations')
    .insert({ org_name: home.orgName, name: `Unit ${randomUUID().slice(0, 6)}`, base_rate: 100 })
    .select('id')
    .single();
  if (error || !data) throw new Error(`accommodation insert failed: ${error?.message}`);
  return (data as { id: string }).id;
}

function reserve(unit: string, checkIn: string, checkOut: string, extra: Record<string, unknown> = {}) {
  return home.client
    .schema('catalog')
    .from('reservations')
    .insert({ org_name: home.orgName, name: 'Guest', accommodation_id: unit, check_in: checkIn, check_out: checkOut, ...extra })
    .select('id')
    .single();
}

beforeAll(async () => {
  home = await signUpOrganization(stack, 'Booking');
});

describe('no double booking', () => {
  it('refuses an overlapping reservation with a 409 and a clear message', async () => {
    const unit = await addUnit();
    const first = await reserve(unit, at(0, 16), at(3, 11));
    expect(first.error).toBeNull();
    const second = await reserve(unit, at(2, 16), at(4, 11));
    expect(second.error?.message).toBe(MESSAGE);
    expect(second.error?.code).toBe('23P01');
    expect(second.status).toBe(409);
  });

  it('allows a turnover: one stay ends at 11:00 and the next starts at 16:00 the same day', async () => {
    const unit = await addUnit();
    expect((await reserve(unit, at(0, 16), at(2, 11))).error).toBeNull();
    expect((await reserve(unit, at(2, 16), at(4, 11))).error).toBeNull();
  });

  it('ignores cancelled reservations, and refuses to reinstate one over a newer booking', async () => {
    const unit = await addUnit();
    const cancelled = await reserve(unit, at(0, 16), at(3, 11), { status: 'Cancelled' });
    expect(cancelled.error).toBeNull();
    expect((await reserve(unit, at(1, 16), at(2, 11))).error).toBeNull();
    const reinstated = await home.client
      .schema('catalog')
      .from('reservations')
      .update({ status: 'Confirmed' })
      .eq('id', (cancelled.data as { id: string }).id)
      .select('id');
    expect(reinstated.error?.message).toBe(MESSAGE);
    expect(reinstated.status).toBe(409);
  });

  it('lets the same nights be booked on another unit', async () => {
    const [a, b] = [await addUnit(), await addUnit()];
    expect((await reserve(a, at(0, 16), at(3, 11))).error).toBeNull();
    expect((await reserve(b, at(0, 16), at(3, 11))).error).toBeNull();
  });

  it('refuses a reservation inside a block-out and a block-out over a reservation', async () => {
    const unit = await addUnit();
    const block = await home.client
      .schema('catalog')
      .from('accommodation_blocks')
      .insert({ org_name: home.orgName, accommodation_id: unit, block_start: at(10, 0), block_end: at(13, 0) })
      .select('id')
      .single();
    expect(block.error).toBeNull();
    const inside = await reserve(unit, at(11, 16), at(12, 11));
    expect(inside.error?.message).toBe(MESSAGE);
    expect(inside.status).toBe(409);

    expect((await reserve(unit, at(20, 16), at(22, 11))).error).toBeNull();
    const over = await home.client
      .schema('catalog')
      .from('accommodation_blocks')
      .insert({ org_name: home.orgName, accommodation_id: unit, block_start: at(21, 0), block_end: at(25, 0) })
      .select('id')
      .single();
    expect(over.error?.message).toBe(MESSAGE);
    expect(over.status).toBe(409);
  });

  it('lets exactly one of two concurrent API inserts for the same night win', async () => {
    const unit = await addUnit();
    const results = await Promise.all([reserve(unit, at(30, 16), at(31, 11)), reserve(unit, at(30, 16), at(31, 11))]);
    expect(results.filter((result) => result.error === null)).toHaveLength(1);
    const loser = results.find((result) => result.error !== null);
    expect(loser?.status).toBe(409);
    expect(loser?.error?.message).toBe(MESSAGE);
  });
});

describe('no double booking between two open transactions', () => {
  const clients: Awaited<ReturnType<typeof connectDb>>[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.end()));
  });

  it('makes the second insert wait for the first and fail once it commits', async () => {
    const unit = await addUnit();
    const [a, b] = [await connectDb(stack.dbUrl), await connectDb(stack.dbUrl)];
    clients.push(a, b);
    const insert = `insert into catalog.reservations (org_name, name, accommodation_id, check_in, check_out) values ($1, 'Race', $2, $3, $4)`;
    const params = [home.orgName, unit, at(40, 16), at(41, 11)];
    await a.query('begin');
    await a.query(insert, params);
    await b.query('begin');
    const second = b.query(insert, params).then(
      () => 'won',
      (error: { code?: string; message?: string }) => `${error.code}: ${error.message}`,
    );
    // b is blocked behind a's lock until a commits.
    const early = await Promise.race([second, new Promise((resolve) => setTimeout(() => resolve('waiting'), 300))]);
    expect(early).toBe('waiting');
    await a.query('commit');
    const refusal = await second;
    expect(refusal.startsWith('PGRST: ')).toBe(true);
    expect(JSON.parse(refusal.slice('PGRST: '.length))).toMatchObject({ code: '23P01', message: MESSAGE });
    await b.query('rollback');
    const count = await a.query('select count(*)::int as n from catalog.reservations where accommodation_id = $1', [unit]);
    expect(count.rows[0].n).toBe(1);
  });

  it('keeps the exclusion constraint as the last word even without the trigger', async () => {
    const unit = await addUnit();
    const [admin] = [await connectDb(stack.dbUrl)];
    clients.push(admin);
    await admin.query('begin');
    await admin.query('alter table catalog.reservations disable trigger steward_40_no_double_booking');
    const insert = `insert into catalog.reservations (org_name, name, accommodation_id, check_in, check_out) values ($1, 'Raw', $2, $3, $4)`;
    await admin.query(insert, [home.orgName, unit, at(50, 16), at(52, 11)]);
    const refused = await admin.query(insert, [home.orgName, unit, at(51, 16), at(53, 11)]).then(
      () => null,
      (error: { code?: string; constraint?: string }) => `${error.code} ${error.constraint}`,
    );
    await admin.query('rollback');
    expect(refused).toBe('23P01 reservations_no_double_booking');
  });
});
