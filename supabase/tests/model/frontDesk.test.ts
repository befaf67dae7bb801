import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { connectDb, testStack } from '../stack/testStack';

const stack = testStack();
let home: SignedUpOrganization;
let db: pg.Client;

type QuoteNight = { date: string; rate_name: string; price: number; extras: number; amount: number; extra_adults: number; extra_children: number; extra_pets: number };
/** A refusal as app.refusal writes it: the id of its words in libs' catalogue, the English, the values. */
type Refusal = { id: string; message: string; values: Record<string, unknown> };
type Quote = { ok: boolean; reason: string | null; refusal?: Refusal; reasons?: Refusal[]; nights?: QuoteNight[]; night_count?: number; subtotal?: number; fees?: number; tax?: number; total?: number; currency?: string };

/** A UTC day `offset` days from today, as YYYY-MM-DD. */
function day(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);
}

/** The first day at least `from` days ahead that falls on an ISO weekday (1 = Monday … 7 = Sunday). */
function nextWeekday(isoWeekday: number, from = 30): number {
  for (let offset = from; ; offset += 1) {
    const weekday = new Date(`${day(offset)}T00:00:00Z`).getUTCDay() || 7;
    if (weekday === isoWeekday) return offset;
  }
}

async function insert<Row extends Record<string, unknown>>(schema: string, table: string, row: Row): Promise<Record<string, unknown> & Row & { id: string }> {
  const { data, error } = await home.client.schema(schema).from(table).insert(row).select().single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as Record<string, unknown> & Row & { id: string };
}

async function unit(extra: Record<string, unknown> = {}): Promise<string> {
  return (await insert('catalog', 'accommodations', { org_name: home.orgName, name: `Unit ${randomUUID().slice(0, 6)}`, base_rate: 90, ...extra })).id;
}

async function quote(accommodation: string, checkIn: number, checkOut: number, adults = 2, children = 0, pets = 0): Promise<Quote> {
  const { data, error } = await home.client.schema('catalog').rpc('quote_stay', {
    p_accommodation_id: accommodation,
    p_check_in: day(checkIn),
    p_check_out: day(checkOut),
    p_adults: adults,
    p_children: children,
    p_pets: pets,
  });
  if (error) throw new Error(error.message);
  return data as Quote;
}

const WEEK = { mon: 100, tue: 101, wed: 102, thu: 103, fri: 150, sat: 160, sun: 104 };

beforeAll(async () => {
  home = await signUpOrganization(stack, 'Desk');
  db = await connectDb(stack.dbUrl);
  await insert('catalog', 'lodging_settings', { org_name: home.orgName, tax_percent: 10, stay_fee: 15, nightly_fee: 2 });
});

afterAll(async () => {
  await db?.end();
});

describe('the quote of a stay', () => {
  it('prices each night at its weekday, then fees and tax from the organisation settings', async () => {
    const accommodation = await unit();
    await insert('catalog', 'accommodation_rates', { org_name: home.orgName, name: 'Week', accommodation_id: accommodation, priority: 1, qty: 1, ...WEEK });
    const thursday = nextWeekday(4);
    const result = await quote(accommodation, thursday, thursday + 4);
    expect(result.ok).toBe(true);
    expect(result.nights?.map((night) => night.price)).toEqual([103, 150, 160, 104]);
    expect(result.subtotal).toBe(517);
    expect(result.fees).toBe(15 + 2 * 4);
    expect(result.tax).toBe(51.7);
    expect(result.total).toBe(517 + 23 + 51.7);
  });

  it('charges guests over those included per night, and the base rate where no rate has a price', async () => {
    const accommodation = await unit();
    await insert('catalog', 'accommodation_rates', {
      org_name: home.orgName, name: 'Weekdays', accommodation_id: accommodation, priority: 1, qty: 1,
      mon: 80, tue: 80, wed: 80, thu: 80,
      included_adults: 2, included_children: 0, included_pets: 0, additional_adult: 25, additional_child: 10, additional_pet: 5,
    });
    const monday = nextWeekday(1);
    const result = await quote(accommodation, monday, monday + 2, 3, 2, 1);
    expect(result.nights?.map((night) => [night.extra_adults, night.extra_children, night.extra_pets, night.extras, night.amount])).toEqual([
      [1, 2, 1, 50, 130],
      [1, 2, 1, 50, 130],
    ]);
    const friday = nextWeekday(5);
    const weekend = await quote(accommodation, friday, friday + 1, 3, 2, 1);
    // No rate prices a Friday: the unit's base rate, without the rate's extras.
    expect(weekend.nights?.map((night) => [night.rate_name, night.amount])).toEqual([['Base rate', 90]]);
  });

  it('takes the highest priority among overlapping rates, night by night', async () => {
    const accommodation = await unit();
    const monday = nextWeekday(1);
    await insert('catalog', 'accommodation_rates', { org_name: home.orgName, name: 'All year', accommodation_id: accommodation, priority: 1, qty: 1, ...WEEK });
    await insert('catalog', 'accommodation_rates', {
      org_name: home.orgName, name: 'Festival', accommodation_id: accommodation, priority: 9, qty: 1, start_date: day(monday + 1), end_date: day(monday + 2),
      mon: 300, tue: 300, wed: 300, thu: 300, fri: 300, sat: 300, sun: 300,
    });
    await insert('catalog', 'accommodation_rates', {
      org_name: home.orgName, name: 'Low', accommodation_id: accommodation, priority: 0, qty: 1,
      mon: 1, tue: 1, wed: 1, thu: 1, fri: 1, sat: 1, sun: 1,
    });
    const result = await quote(accommodation, monday, monday + 4);
    expect(result.nights?.map((night) => `${night.rate_name} ${night.price}`)).toEqual(['All year 100', 'Festival 300', 'Festival 300', 'All year 103']);
  });

  it('refuses a stay its rates do not allow, with the reason', async () => {
    const accommodation = await unit();
    await insert('catalog', 'accommodation_rates', {
      org_name: home.orgName, name: 'Cabin member rate', accommodation_id: accommodation, priority: 1, qty: 1, ...WEEK,
      min_stay: 2, max_stay: 5, min_advance_days: 3, max_advance_days: 200,
    });
    const rate = 'Cabin member rate';
    // Each stop named by its id with its values (libs' catalogue says it in the reader's language), the English as it always read.
    const stops: [number, number, Refusal][] = [
      [30, 31, { id: 'rate.minStay', message: 'Minimum stay is 2 nights for Cabin member rate', values: { nights: 2, rate } }],
      [30, 36, { id: 'rate.maxStay', message: 'Maximum stay is 5 nights for Cabin member rate', values: { nights: 5, rate } }],
      [1, 3, { id: 'rate.minAdvance', message: 'Cabin member rate must be booked at least 3 days ahead', values: { rate, days: 3 } }],
      [250, 252, { id: 'rate.maxAdvance', message: 'Cabin member rate can be booked at most 200 days ahead', values: { rate, days: 200 } }],
    ];
    for (const [checkIn, checkOut, stop] of stops) {
      expect(await quote(accommodation, checkIn, checkOut)).toEqual({ ok: false, reason: stop.message, refusal: stop, reasons: [stop], night_count: checkOut - checkIn });
    }
    expect((await quote(accommodation, 30, 32)).ok).toBe(true);
    const oneNight = { id: 'quote.oneNight', message: 'Check-out must be at least one night after check-in.', values: {} };
    expect(await quote(accommodation, 30, 30)).toEqual({ ok: false, reason: oneNight.message, refusal: oneNight, reasons: [oneNight] });
    const tooLong = await quote(accommodation, 30, 400);
    expect([tooLong.reason, tooLong.refusal?.id]).toEqual(['A stay can be at most 366 nights.', 'quote.tooLong']);
  });

  it('skips a rate whose conditions the stay does not meet for the next one by priority (a 1-night Saturday under a 2-night weekend rate)', async () => {
    const accommodation = await unit();
    await insert('catalog', 'accommodation_rates', {
      org_name: home.orgName, name: 'Standard', accommodation_id: accommodation, priority: 10, qty: 1, ...WEEK, min_stay: 1,
    });
    await insert('catalog', 'accommodation_rates', {
      org_name: home.orgName, name: 'Weekend getaway', accommodation_id: accommodation, priority: 30, qty: 1, fri: 249, sat: 249, sun: 249, min_stay: 2,
    });
    const saturday = nextWeekday(6);
    const one = await quote(accommodation, saturday, saturday + 1);
    expect(one.ok).toBe(true);
    expect(one.nights?.map((night) => `${night.rate_name} ${night.price}`)).toEqual(['Standard 160']);
    // Two nights meet the weekend rate's minimum: it wins by priority on its days.
    const two = await quote(accommodation, saturday, saturday + 2);
    expect(two.nights?.map((night) => `${night.rate_name} ${night.price}`)).toEqual(['Weekend getaway 249', 'Weekend getaway 249']);
    // Friday to Monday: the weekend rate on its nights, the standard rate on Monday (days of the week).
    const friday = nextWeekday(5);
    const long = await quote(accommodation, friday, friday + 4);
    expect(long.nights?.map((night) => night.rate_name)).toEqual(['Weekend getaway', 'Weekend getaway', 'Weekend getaway', 'Standard']);
  });

  it('skips rates stopped by advance days, maximum stay and dates, in priority order, down to the first that applies', async () => {
    const accommodation = await unit();
    const monday = nextWeekday(1, 20);
    await insert('catalog', 'accommodation_rates', { org_name: home.orgName, name: 'Rack', accommodation_id: accommodation, priority: 1, qty: 1, ...WEEK });
    await insert('catalog', 'accommodation_rates', {
      org_name: home.orgName, name: 'Early bird', accommodation_id: accommodation, priority: 50, qty: 1, ...WEEK, mon: 70, tue: 70, min_advance_days: 60,
    });
    await insert('catalog', 'accommodation_rates', {
      org_name: home.orgName, name: 'Short break', accommodation_id: accommodation, priority: 40, qty: 1, ...WEEK, mon: 80, tue: 80, max_stay: 1,
    });
    await insert('catalog', 'accommodation_rates', {
      org_name: home.orgName, name: 'Last minute', accommodation_id: accommodation, priority: 30, qty: 1, ...WEEK, mon: 85, tue: 85, max_advance_days: 7,
    });
    await insert('catalog', 'accommodation_rates', {
      org_name: home.orgName, name: 'Spring', accommodation_id: accommodation, priority: 20, qty: 1, ...WEEK, mon: 90, tue: 90,
      start_date: day(monday + 1), end_date: day(monday + 1),
    });
    // Two nights 20+ days ahead: Early bird (advance), Short break (maximum stay) and Last minute (advance)
    // are skipped; Spring holds Tuesday only (its dates); Rack takes Monday.
    const result = await quote(accommodation, monday, monday + 2);
    expect(result.ok).toBe(true);
    expect(result.nights?.map((night) => `${night.rate_name} ${night.price}`)).toEqual(['Rack 100', 'Spring 90']);
    // One night: Short break applies and outranks what is below it.
    expect((await quote(accommodation, monday, monday + 1)).nights?.map((night) => night.rate_name)).toEqual(['Short break']);
  });

  it('leaves a stay unpriced only when no rate applies, naming each rate and the condition that stopped it', async () => {
    const accommodation = await unit();
    await insert('catalog', 'accommodation_rates', {
      org_name: home.orgName, name: 'Weekend getaway', accommodation_id: accommodation, priority: 30, qty: 1, fri: 249, sat: 249, sun: 249, min_stay: 2,
    });
    await insert('catalog', 'accommodation_rates', {
      org_name: home.orgName, name: 'Members', accommodation_id: accommodation, priority: 20, qty: 1, ...WEEK, min_advance_days: 400,
    });
    const saturday = nextWeekday(6);
    const result = await quote(accommodation, saturday, saturday + 1);
    expect(result.ok).toBe(false);
    expect(result.reason).toBe('Minimum stay is 2 nights for Weekend getaway; Members must be booked at least 400 days ahead');
    // Each reason on its own, highest priority first, and all of them as one refusal (app.refusal_list) whose English is the reason.
    const weekend = { id: 'rate.minStay', message: 'Minimum stay is 2 nights for Weekend getaway', values: { nights: 2, rate: 'Weekend getaway' } };
    const members = { id: 'rate.minAdvance', message: 'Members must be booked at least 400 days ahead', values: { rate: 'Members', days: 400 } };
    expect(result.reasons).toEqual([weekend, members]);
    expect(result.refusal).toEqual({ id: 'reasons.more', message: result.reason, values: { reason: weekend, more: members } });
    expect(result.nights).toBeUndefined();
    // A night no rate prices at all (no rate for Tuesdays) still takes the unit's base rate.
    const other = await unit();
    await insert('catalog', 'accommodation_rates', { org_name: home.orgName, name: 'Mondays', accommodation_id: other, priority: 1, qty: 1, mon: 50, min_stay: 3 });
    const tuesday = nextWeekday(2);
    expect((await quote(other, tuesday, tuesday + 1)).nights?.map((night) => `${night.rate_name} ${night.price}`)).toEqual(['Base rate 90']);
  });

  it('prices a member\'s booking from the rates, refuses one the rates forbid, and keeps an overridden price', async () => {
    const accommodation = await unit();
    await insert('catalog', 'accommodation_rates', { org_name: home.orgName, name: 'Strict', accommodation_id: accommodation, priority: 1, qty: 1, ...WEEK, min_stay: 2 });
    const monday = nextWeekday(1);
    const booked = await insert('catalog', 'reservations', {
      org_name: home.orgName, name: 'Priced', accommodation_id: accommodation, check_in: `${day(monday)}T16:00:00Z`, check_out: `${day(monday + 2)}T11:00:00Z`,
      total_amount: 1,
    });
    expect(Number(booked.subtotal)).toBe(201);
    expect(Number(booked.total_amount)).toBe(201 + 15 + 4 + 20.1);
    expect(booked.nights).toBe(2);
    const refused = await home.client.schema('catalog').from('reservations').insert({
      org_name: home.orgName, name: 'Too short', accommodation_id: accommodation, check_in: `${day(monday + 7)}T16:00:00Z`, check_out: `${day(monday + 8)}T11:00:00Z`,
    });
    expect(refused.error?.message).toBe('Minimum stay is 2 nights for Strict');
    // Named for the desk's language: the id as the hint, the values as the details.
    expect([refused.error?.code, refused.error?.hint, JSON.parse(refused.error?.details ?? 'null')]).toEqual(['23514', 'steward:rate.minStay', { nights: 2, rate: 'Strict' }]);
    const manual = await insert('catalog', 'reservations', {
      org_name: home.orgName, name: 'Manual', accommodation_id: accommodation, check_in: `${day(monday + 7)}T16:00:00Z`, check_out: `${day(monday + 8)}T11:00:00Z`,
      price_overridden: true, subtotal: 50, total_amount: 55,
    });
    expect(Number(manual.total_amount)).toBe(55);
  });
});

describe('the status of a stay', () => {
  async function stay(status = 'Tentative') {
    const accommodation = await unit();
    return insert('catalog', 'reservations', {
      org_name: home.orgName, name: 'Flow', accommodation_id: accommodation, status, check_in: `${day(40)}T16:00:00Z`, check_out: `${day(42)}T11:00:00Z`,
    });
  }

  it('is one of six values, spelled as the desk spells them', async () => {
    expect((await stay('checked-in')).status).toBe('Checked in');
    const refused = await home.client.schema('catalog').from('reservations').insert({
      org_name: home.orgName, name: 'Odd', status: 'Maybe', check_in: `${day(40)}T16:00:00Z`, check_out: `${day(42)}T11:00:00Z`,
    });
    expect(refused.error?.code).toBe('23514');
  });

  it('follows Tentative → Confirmed → Checked in → Checked out, one click each at the desk', async () => {
    const row = await stay();
    const move = (status: string) => home.client.schema('catalog').from('reservations').update({ status }).eq('id', row.id).select('status').single();
    expect((await move('Checked in')).error?.message).toBe('A stay that is Tentative cannot become Checked in.');
    expect((await move('Confirmed')).data).toEqual({ status: 'Confirmed' });
    const checkedIn = await home.client.schema('catalog').rpc('check_in_stay', { p_reservation_id: row.id });
    expect((checkedIn.data as { status: string }).status).toBe('Checked in');
    const checkedOut = await home.client.schema('catalog').rpc('check_out_stay', { p_reservation_id: row.id });
    expect((checkedOut.data as { status: string }).status).toBe('Checked out');
    expect((await move('Confirmed')).error?.message).toBe('A stay that is Checked out cannot become Confirmed.');
  });

  it('frees the unit when cancelled or a no-show', async () => {
    const first = await stay('Confirmed');
    const again = () =>
      home.client.schema('catalog').from('reservations').insert({
        org_name: home.orgName, name: 'Next', accommodation_id: first.accommodation_id, check_in: `${day(40)}T16:00:00Z`, check_out: `${day(41)}T11:00:00Z`,
      }).select('id').single();
    expect((await again()).status).toBe(409);
    await home.client.schema('catalog').from('reservations').update({ status: 'No-show' }).eq('id', first.id);
    const next = await again();
    expect(next.error).toBeNull();
    await home.client.schema('catalog').from('reservations').update({ status: 'Cancelled' }).eq('id', (next.data as { id: string }).id);
    expect((await again()).error).toBeNull();
  });
});

describe('payments and the balance due', () => {
  it('derives the balance from the total, deposits, payments and refunds', async () => {
    const accommodation = await unit();
    const row = await insert('catalog', 'reservations', {
      org_name: home.orgName, name: 'Balance', accommodation_id: accommodation, check_in: `${day(50)}T16:00:00Z`, check_out: `${day(52)}T11:00:00Z`,
      price_overridden: true, total_amount: 400,
    });
    const balance = async () => {
      const { data } = await home.client.schema('catalog').from('stay_balances').select('balance_due,paid_amount,refunded_amount').eq('reservation_id', row.id).single();
      return data as { balance_due: number; paid_amount: number; refunded_amount: number };
    };
    expect((await balance()).balance_due).toBe(400);
    await insert('catalog', 'reservation_payments', { org_name: home.orgName, reservation_id: row.id, line_type: 'deposit', qty: 1, unit_price: 100 });
    await insert('catalog', 'reservation_payments', { org_name: home.orgName, reservation_id: row.id, line_type: 'payment', qty: 1, unit_price: 250 });
    await insert('catalog', 'reservation_payments', { org_name: home.orgName, reservation_id: row.id, line_type: 'refund', qty: 1, unit_price: 30 });
    expect(await balance()).toEqual({ balance_due: 80, paid_amount: 350, refunded_amount: 30 });
    const wrong = await home.client.schema('catalog').from('reservation_payments').insert({ org_name: home.orgName, reservation_id: row.id, line_type: 'gift', qty: 1, unit_price: 5 });
    expect(wrong.error?.code).toBe('23514');
  });
});

describe('the desk\'s day', () => {
  it('lists a stay arriving today with who booked it, the column a Personal editor\'s own stays are told by', async () => {
    const accommodation = await unit();
    const row = await insert('catalog', 'reservations', {
      org_name: home.orgName, name: 'Arriving', accommodation_id: accommodation, check_in: `${day(0)}T16:00:00Z`, check_out: `${day(2)}T11:00:00Z`,
      price_overridden: true, total_amount: 200,
    });
    const { data, error } = await home.client.schema('catalog').rpc('desk_day', { p_org_name: home.orgName, p_day: day(0) });
    expect(error).toBeNull();
    const stay = (data as { id: string; kind: string; created_by: string | null; balance_due: number }[]).find((candidate) => candidate.id === row.id);
    expect(stay).toMatchObject({ kind: 'arrival', created_by: home.profileId, balance_due: 200 });
  });
});

describe('the confirmation e-mail', () => {
  it('goes to the stay\'s contact through the outbox when a member confirms it, and is recorded on the stay', async () => {
    const contact = await insert('crm', 'contacts', { org_name: home.orgName, name: 'Ada Guest' });
    const address = `ada-${randomUUID().slice(0, 6)}@guests.example.com`;
    await insert('crm', 'contact_methods', { org_name: home.orgName, contact_id: contact.id, value: address, label: 'Email', is_primary: true });
    const accommodation = await unit({ name: `Cabin ${randomUUID().slice(0, 4)}` });
    const row = await insert('catalog', 'reservations', {
      org_name: home.orgName, name: 'Mail', accommodation_id: accommodation, contact_id: contact.id, status: 'Tentative',
      check_in: `${day(60)}T16:00:00Z`, check_out: `${day(63)}T11:00:00Z`, adults: 2, children: 1,
    });
    expect(row.confirmation_sent_at).toBeNull();
    const outbox = () => db.query<{ to_email: string; subject: string; body_text: string }>(`select to_email, subject, body_text from app.mail_outbox where related_id = $1`, [row.id]);
    expect((await outbox()).rows).toEqual([]);
    const { data } = await home.client.schema('catalog').from('reservations').update({ status: 'Confirmed' }).eq('id', row.id).select('confirmation_sent_at,confirmation_sent_to,total_amount').single();
    const confirmed = data as { confirmation_sent_at: string | null; confirmation_sent_to: string; total_amount: number };
    expect(confirmed.confirmation_sent_at).not.toBeNull();
    expect(confirmed.confirmation_sent_to).toBe(address);
    const mails = (await outbox()).rows;
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to_email).toBe(address);
    expect(mails[0]?.subject).toBe(`Your stay is confirmed (${String(row.confirmation)})`);
    expect(mails[0]?.body_text).toContain('Guests: 2 adults, 1 child');
    expect(mails[0]?.body_text).toContain(`Total: ${Number(confirmed.total_amount).toFixed(2)} USD`);
    // A member cannot fake the record.
    await home.client.schema('catalog').from('reservations').update({ confirmation_sent_at: null }).eq('id', row.id);
    expect((await db.query(`select confirmation_sent_at from catalog.reservations where id = $1`, [row.id])).rows[0].confirmation_sent_at).not.toBeNull();
  });
});

describe('the confirmation e-mail in the guest\'s language', () => {
  it('is in the organisation\'s language for a stay the desk wrote, with Spanish days and amounts as es writes them', async () => {
    const contact = await insert('crm', 'contacts', { org_name: home.orgName, name: 'Ana Huésped' });
    const address = `ana-${randomUUID().slice(0, 6)}@guests.example.com`;
    await insert('crm', 'contact_methods', { org_name: home.orgName, contact_id: contact.id, value: address, label: 'Email', is_primary: true });
    const accommodation = await unit({ name: `Cabaña ${randomUUID().slice(0, 4)}` });
    const row = await insert('catalog', 'reservations', {
      org_name: home.orgName, name: 'Correo', accommodation_id: accommodation, contact_id: contact.id, status: 'Tentative',
      check_in: `${day(70)}T16:00:00Z`, check_out: `${day(72)}T11:00:00Z`, adults: 1, children: 2, pets: 1,
    });
    await db.query('update public.organizations set language = $2 where org_name = $1', [home.orgName, 'es']);
    try {
      const { data } = await home.client.schema('catalog').from('reservations').update({ status: 'Confirmed' }).eq('id', row.id).select('total_amount').single();
      const total = Number((data as { total_amount: number }).total_amount);
      const { rows: mails } = await db.query<{ subject: string; body_text: string }>(`select subject, body_text from app.mail_outbox where related_id = $1`, [row.id]);
      expect(mails).toHaveLength(1);
      const esDay = (date: string) =>
        new Intl.DateTimeFormat('es', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
      const esMoney = (amount: number) => new Intl.NumberFormat('es', { style: 'currency', currency: 'USD' }).format(amount);
      expect(mails[0]?.subject).toBe(`Tu estancia está confirmada (${String(row.confirmation)})`);
      expect(mails[0]?.body_text.split('\n')).toEqual([
        `Tu estancia en ${home.orgName} está confirmada.`,
        '',
        `Confirmación: ${String(row.confirmation)}`,
        `Alojamiento: ${(await db.query<{ name: string }>('select name from catalog.accommodations where id = $1', [accommodation])).rows[0]?.name}`,
        `Llegada: ${esDay(day(70))}`,
        `Salida: ${esDay(day(72))}`,
        'Huéspedes: 1 adulto, 2 niños, 1 mascota',
        `Total: ${esMoney(total)}`,
        `Saldo pendiente: ${esMoney(total)}`,
      ]);
      expect(total).toBeGreaterThan(0);
    } finally {
      await db.query('update public.organizations set language = null where org_name = $1', [home.orgName]);
    }
  });
});

describe('the organisation\'s currency (Org Data)', () => {
  it('is the currency of the desk\'s quote, of the folio, of the confirmation mail and of a mail merge\'s stay total', async () => {
    const contact = await insert('crm', 'contacts', { org_name: home.orgName, name: 'Eva Euro' });
    const address = `eva-${randomUUID().slice(0, 6)}@guests.example.com`;
    await insert('crm', 'contact_methods', { org_name: home.orgName, contact_id: contact.id, value: address, label: 'Email', is_primary: true });
    const accommodation = await unit();
    await db.query('update public.organizations set currency = $2 where name = $1', [home.orgName, 'EUR']);
    try {
      expect(await quote(accommodation, 90, 92)).toMatchObject({ ok: true, currency: 'EUR' });
      // The folio and the stay's money take the organisation's row the desk reads (Org Data).
      const { data: organization } = await home.client.from('organizations').select('currency').eq('name', home.orgName).single();
      expect(organization).toEqual({ currency: 'EUR' });
      const row = await insert('catalog', 'reservations', {
        org_name: home.orgName, name: 'Euro', accommodation_id: accommodation, contact_id: contact.id, status: 'Tentative',
        check_in: `${day(90)}T16:00:00Z`, check_out: `${day(92)}T11:00:00Z`, adults: 2,
      });
      const { data } = await home.client.schema('catalog').from('reservations').update({ status: 'Confirmed' }).eq('id', row.id).select('total_amount').single();
      const total = Number((data as { total_amount: number }).total_amount).toFixed(2);
      const { rows: mails } = await db.query<{ body_text: string }>('select body_text from app.mail_outbox where related_id = $1', [row.id]);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.body_text).toContain(`Total: ${total} EUR`);
      expect(mails[0]?.body_text).toContain(`Balance due: ${total} EUR`);
      const { rows: merged } = await db.query<{ total: string }>(
        "select merge ->> 'stay.total' as total from app.message_merge_values('reservation', array[$1]::uuid[], $2)", [row.id, home.orgName]);
      expect(merged).toEqual([{ total: `${total} EUR` }]);
    } finally {
      await db.query('update public.organizations set currency = $2 where name = $1', [home.orgName, 'USD']);
    }
  });
});

describe('the calendar feed', () => {
  it('shows the unit\'s busy dates to the token\'s holder without a session, no guest names, and refuses a wrong or revoked token', async () => {
    const accommodation = await unit({ name: 'Feed cabin' });
    await insert('catalog', 'reservations', {
      org_name: home.orgName, name: 'Secret Guestname', accommodation_id: accommodation, check_in: `${day(5)}T16:00:00Z`, check_out: `${day(8)}T11:00:00Z`,
      price_overridden: true,
    });
    await insert('catalog', 'reservations', {
      org_name: home.orgName, name: 'Cancelled Guestname', accommodation_id: accommodation, status: 'Cancelled', check_in: `${day(10)}T16:00:00Z`, check_out: `${day(12)}T11:00:00Z`,
      price_overridden: true,
    });
    const created = await home.client.schema('catalog').rpc('create_calendar_feed', { p_accommodation_id: accommodation });
    const feed = (created.data as Array<{ id: string; token: string }>)[0]!;
    expect(feed.token).toMatch(/^[0-9a-f]{48}$/);
    const stored = await db.query<{ token_hash: string }>(`select token_hash from catalog.calendar_feeds where id = $1`, [feed.id]);
    expect(stored.rows[0]?.token_hash).not.toContain(feed.token);

    const url = (token: string) => `${stack.apiUrl}/rest/v1/rpc/accommodation_calendar?token=${token}&apikey=${stack.anonKey}`;
    const response = await fetch(url(feed.token));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const body = await response.text();
    expect(body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(body).toContain(`DTSTART;VALUE=DATE:${day(5).replaceAll('-', '')}`);
    expect(body).toContain(`DTEND;VALUE=DATE:${day(8).replaceAll('-', '')}`);
    expect(body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(body).not.toMatch(/Guestname|Secret/);

    expect((await fetch(url('0'.repeat(48)))).status).toBe(404);
    expect((await fetch(url('nonsense'))).status).toBe(404);
    // A member cannot choose a token of their own: a feed written directly gets one nobody holds.
    const forged = await insert('catalog', 'calendar_feeds', { org_name: home.orgName, accommodation_id: accommodation, token_hash: 'x' });
    expect(forged.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(forged.token_hash).not.toBe('x');
    await home.client.schema('catalog').from('calendar_feeds').update({ revoked_at: new Date().toISOString() }).eq('id', feed.id);
    expect((await fetch(url(feed.token))).status).toBe(404);
  });
});
