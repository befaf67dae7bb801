import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { postFromAddress } from '../stack/postFromAddress';
import { connectDb, testStack } from '../stack/testStack';

// The public booking page's functions, called as a visitor without a session (the anon key only), each
// test from loopback addresses of its own so the per-address request limits count it alone.
const stack = testStack();
let home: SignedUpOrganization;
let other: SignedUpOrganization;
let db: pg.Client;
let nextIp = 10;

function freshIp(): string {
  nextIp += 1;
  return `127.0.78.${nextIp}`;
}

type Offer = { accommodation_id: string; name: string; instant: boolean; deposit_due: number; quote: { total: number; subtotal: number; tax: number; fees: number; currency: string; nights: { date: string; rate_name: string; amount: number }[] } };
type Answer = {
  ok: boolean; reason?: string | null; refusal?: unknown; gone?: boolean; price_changed?: boolean; offers?: Offer[]; token?: string; confirmation?: string;
  status?: string; total?: number; deposit_due?: number; payment_method?: string; payment_reference?: string | null; can_cancel?: boolean;
  display_name?: string; currency?: string; deposit_method?: string; deposit_paid_at?: string | null; can_pay?: boolean; language?: string | null;
};

async function call(fn: string, args: Record<string, unknown>, ip = freshIp()): Promise<{ status: number; body: Answer }> {
  const answer = await postFromAddress(ip, `${stack.apiUrl}/rest/v1/rpc/${fn}`, args, { apikey: stack.anonKey });
  return answer as { status: number; body: Answer };
}

async function rpc(fn: string, args: Record<string, unknown>, ip?: string): Promise<Answer> {
  const answer = await call(fn, args, ip);
  if (answer.status !== 200) throw new Error(`${fn}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

function day(offset: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);
}

async function insert(org: SignedUpOrganization, schema: string, table: string, row: Record<string, unknown>): Promise<{ id: string } & Record<string, unknown>> {
  const { data, error } = await org.client.schema(schema).from(table).insert({ org_name: org.orgName, ...row }).select().single();
  if (error) throw new Error(`${table}: ${error.message}`);
  return data as { id: string } & Record<string, unknown>;
}

const search = (checkIn: number, checkOut: number, adults = 2, children = 0, org = home.orgName) =>
  rpc('booking_search', { p_org: org, p_check_in: day(checkIn), p_check_out: day(checkOut), p_adults: adults, p_children: children, p_pets: 0 });

function request(unit: string, checkIn: number, checkOut: number, total: number | null, guest: Partial<Record<'p_name' | 'p_email' | 'p_phone' | 'p_note' | 'p_language', string>> = {}, ip?: string, adults = 2) {
  return rpc('booking_request', {
    p_org: home.orgName, p_accommodation_id: unit, p_check_in: day(checkIn), p_check_out: day(checkOut), p_adults: adults, p_children: 0, p_pets: 0,
    p_name: 'Ada Guest', p_email: `ada-${randomUUID().slice(0, 6)}@guests.example.com`, p_phone: '+1 555 0100', p_note: 'Late arrival', p_total: total, ...guest,
  }, ip);
}

const stays = async (unit: string) =>
  (await db.query<{ id: string; status: string; contact_id: string; total_amount: string; source_channel: string; other_notes: string | null }>(
    'select id, status, contact_id, total_amount, source_channel, other_notes from catalog.reservations where accommodation_id = $1 order by created_at', [unit])).rows;

const mails = async (to: string) =>
  (await db.query<{ subject: string; body_text: string }>('select subject, body_text from app.mail_outbox where to_email = $1 order by id', [to])).rows;

/** An amount and a day as the app's Intl writes them for a Spanish reader. */
const esMoney = (amount: number, currency = 'USD') => new Intl.NumberFormat('es', { style: 'currency', currency }).format(amount);
const esDay = (date: string) =>
  new Intl.DateTimeFormat('es', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));

const bookingLanguage = async (confirmation: string | undefined) =>
  (await db.query<{ language: string | null }>(
    'select b.language from app.online_bookings b join catalog.reservations r on r.id = b.reservation_id where r.confirmation = $1', [confirmation])).rows[0]?.language;

let room: string;
let cabin: string;
let suite: string;
let instantRoom: string;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  home = await signUpOrganization(stack, 'Booking Lodge');
  other = await signUpOrganization(stack, 'Booking Other');
  await insert(home, 'catalog', 'lodging_settings', { tax_percent: 10, stay_fee: 20, nightly_fee: 0, deposit_percent: 25, deposit_method: 'bank_transfer', bank_details: 'IBAN XX00 1234', booking_hold_hours: 12, booking_cancel_days: 3 });
  const rooms = await insert(home, 'catalog', 'accommodation_classes', { name: 'Rooms' });
  const instant = await insert(home, 'catalog', 'accommodation_classes', { name: 'Instant rooms', booking_instant: true });
  room = (await insert(home, 'catalog', 'accommodations', { name: 'Lodge Room 102', base_rate: 149, capacity: 3, class_id: rooms.id })).id;
  cabin = (await insert(home, 'catalog', 'accommodations', { name: 'Cabin', base_rate: 200, capacity: 4, class_id: rooms.id })).id;
  suite = (await insert(home, 'catalog', 'accommodations', { name: 'Suite', base_rate: 300, capacity: 2, class_id: rooms.id })).id;
  instantRoom = (await insert(home, 'catalog', 'accommodations', { name: 'Room Instant', base_rate: 120, capacity: 2, class_id: instant.id })).id;
  await insert(home, 'catalog', 'accommodation_rates', {
    name: 'Lodge room nightly', class_id: rooms.id, priority: 10, qty: 1, min_stay: 1, max_advance_days: 365,
    mon: 139, tue: 139, wed: 139, thu: 139, fri: 169, sat: 169, sun: 139, included_adults: 2, additional_adult: 20,
  });
});

afterAll(async () => {
  await db?.end();
});

describe('searching', () => {
  it('lists the free units that sleep the party, each priced by the desk\'s quote with the deposit due, cheapest first', async () => {
    const answer = await search(40, 42);
    expect(answer.ok).toBe(true);
    const offers = answer.offers ?? [];
    expect(offers.map((offer) => offer.name)).toEqual(['Room Instant', 'Cabin', 'Lodge Room 102', 'Suite']);
    const { data: desk } = await home.client.schema('catalog').rpc('quote_stay', { p_accommodation_id: room, p_check_in: day(40), p_check_out: day(42), p_adults: 2, p_children: 0, p_pets: 0 });
    const offer = offers.find((candidate) => candidate.name === 'Lodge Room 102');
    const quote = desk as { total: number; subtotal: number; nights: unknown[] };
    expect(offer?.quote.total).toBe(quote.total);
    expect(offer?.quote.nights).toEqual(quote.nights);
    expect(offer?.deposit_due).toBe(Math.round(quote.total * 25) / 100);
    // Three guests: the two-person units drop out.
    expect((await search(40, 42, 3)).offers?.map((candidate) => candidate.name)).toEqual(['Cabin', 'Lodge Room 102']);
  });

  it('refuses bad dates and parties with a clear message', async () => {
    expect((await search(42, 40)).reason).toBe('Check-out must be after check-in.');
    expect((await search(-3, 2)).reason).toBe('Check-in cannot be in the past.');
    expect((await search(400, 402)).reason).toBe('Bookings open at most 365 days ahead.');
    // Each names its message and values, for the guest's language (app.refusal_answer).
    expect((await search(400, 402)).refusal).toEqual({ id: 'booking.tooFarAhead', message: 'Bookings open at most 365 days ahead.', values: { days: 365 } });
    expect((await search(40, 42, 0)).reason).toBe('At least one adult must stay.');
    const crowd = await search(40, 42, 50);
    expect(crowd.offers).toEqual([]);
    expect(crowd.reason).toBe('Nothing is free for those dates and guests. Try other dates or fewer guests.');
  });

  it('answers only for an organisation that enabled online booking, and shows nothing else of it', async () => {
    const page = await rpc('booking_page', { p_org: home.orgName });
    expect(page).toMatchObject({ ok: true, display_name: home.orgName, currency: 'USD' });
    expect(Object.keys(page).sort()).toEqual(['branding', 'cancel_days', 'currency', 'deposit_method', 'deposit_percent', 'display_name', 'hold_hours', 'language', 'logo_url', 'ok', 'org_name', 'pets']);
    // The organisation's language (Org Data) is the page's for a guest, who has no profile.
    expect(page.language).toBeNull();
    await db.query('update public.organizations set language = $2 where org_name = $1', [home.orgName, 'es']);
    expect((await rpc('booking_page', { p_org: home.orgName })).language).toBe('es');
    await db.query('update public.organizations set language = null where org_name = $1', [home.orgName]);
    await db.query(`update settings.org_components set enabled = false where org_name = $1 and component_id = (select id from settings.components where name = 'booking')`, [other.orgName]);
    expect(await rpc('booking_page', { p_org: other.orgName })).toEqual({ ok: false, reason: 'Online booking is not available here.', refusal: { id: 'booking.notAvailable', message: 'Online booking is not available here.', values: {} } });
    expect((await search(40, 42, 2, 0, other.orgName)).reason).toBe('Online booking is not available here.');
    expect(await rpc('booking_page', { p_org: 'No Such Organisation' })).toEqual({ ok: false, reason: 'Online booking is not available here.', refusal: { id: 'booking.notAvailable', message: 'Online booking is not available here.', values: {} } });
  });
});

describe('booking', () => {
  it('writes a tentative stay with the guest as a new contact, the quote stored, and mails the guest a link to it', async () => {
    const offer = (await search(50, 52)).offers?.find((candidate) => candidate.name === 'Lodge Room 102');
    const email = `guest-${randomUUID().slice(0, 6)}@guests.example.com`;
    const booked = await request(room, 50, 52, offer?.quote.total ?? 0, { p_email: email, p_name: 'Grace Guest' });
    expect(booked).toMatchObject({ ok: true, status: 'Tentative', total: offer?.quote.total, deposit_due: offer?.deposit_due, payment_method: 'bank_transfer' });
    expect(booked.payment_reference).toBe(`BOOKING ${booked.confirmation}`);
    expect(booked.token).toMatch(/^[0-9a-f]{48}$/);
    const [stay] = await stays(room);
    expect(stay).toMatchObject({ status: 'Tentative', source_channel: 'Online booking', other_notes: 'Late arrival' });
    expect(Number(stay?.total_amount)).toBe(offer?.quote.total);
    const contact = await db.query('select c.name, m.value from crm.contacts c join crm.contact_methods m on m.contact_id = c.id where c.id = $1 order by m.is_primary desc', [stay?.contact_id]);
    expect(contact.rows).toEqual([{ name: 'Grace Guest', value: email }, { name: 'Grace Guest', value: '+1 555 0100' }]);
    const stored = await db.query('select quote, hold_until > now() + interval \'11 hours\' as held from app.online_bookings where reservation_id = $1', [stay?.id]);
    expect(stored.rows[0].quote.total).toBe(offer?.quote.total);
    expect(stored.rows[0].held).toBe(true);
    const [mail] = await mails(email);
    expect(mail?.subject).toBe(`We have your booking request (${booked.confirmation})`);
    expect(mail?.body_text).toContain('Accommodation: Lodge Room 102');
    expect(mail?.body_text).toContain(`by bank transfer, reference BOOKING ${booked.confirmation}`);
    expect(mail?.body_text).toContain(`/book/${encodeURIComponent(home.orgName)}/stay/${booked.token}`);

    // The same guest again (another unit): the contact is found by the e-mail address, not made twice.
    const again = await request(cabin, 60, 61, (await search(60, 61)).offers?.find((candidate) => candidate.name === 'Cabin')?.quote.total ?? 0, { p_email: email.toUpperCase() });
    expect(again.ok).toBe(true);
    expect((await stays(cabin)).at(-1)?.contact_id).toBe(stay?.contact_id);
  });

  it('confirms at once for an instant class', async () => {
    const offer = (await search(70, 71)).offers?.find((candidate) => candidate.name === 'Room Instant');
    const email = `instant-${randomUUID().slice(0, 6)}@guests.example.com`;
    const booked = await request(instantRoom, 70, 71, offer?.quote.total ?? 0, { p_email: email });
    expect(booked.status).toBe('Confirmed');
    expect((await mails(email)).map((mail) => mail.subject)).toEqual([`Your stay is confirmed (${booked.confirmation})`]);
  });

  it('refuses bad input with a clear message and writes no stay', async () => {
    const total = (await search(80, 82)).offers?.find((candidate) => candidate.name === 'Suite')?.quote.total ?? 0;
    const foreign = (await insert(other, 'catalog', 'accommodations', { name: 'Theirs', base_rate: 10 })).id;
    expect((await request(suite, 80, 82, total, { p_email: 'not-an-address' })).reason).toBe('Enter a valid e-mail address.');
    expect((await request(suite, 80, 82, total, { p_name: '  ' })).reason).toBe('Enter your name.');
    expect((await request(suite, 82, 80, total)).reason).toBe('Check-out must be after check-in.');
    expect((await request(suite, 80, 82, total, {}, undefined, 0)).reason).toBe('At least one adult must stay.');
    const crowded = await request(suite, 80, 82, total, {}, undefined, 50);
    expect(crowded.reason).toBe('Suite sleeps at most 2 guests.');
    expect(crowded.refusal).toEqual({ id: 'booking.overCapacity', message: 'Suite sleeps at most 2 guests.', values: { unit: 'Suite', capacity: 2 } });
    expect((await request(foreign, 80, 82, total)).reason).toBe('This unit cannot be booked here.');
    const tampered = await request(suite, 80, 82, 1);
    expect(tampered).toMatchObject({ ok: false, price_changed: true, reason: `The price for these dates is ${total.toFixed(2)} USD; check it and confirm again.` });
    // The amount named as an amount, for the page to write as money in the guest's language.
    expect(tampered.refusal).toEqual({ id: 'booking.priceChanged', message: tampered.reason, values: { total: { amount: total, currency: 'USD' } } });
    expect(await stays(suite)).toEqual([]);
  });

  it('lets one of two guests racing for the last free nights win; the other is told at once and offered what is left', async () => {
    const total = (await search(90, 92)).offers?.find((candidate) => candidate.name === 'Suite')?.quote.total ?? 0;
    const answers = await Promise.all(Array.from({ length: 8 }, () => request(suite, 90, 92, total)));
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    const lost = answers.filter((answer) => !answer.ok);
    expect(lost).toHaveLength(7);
    for (const answer of lost) {
      expect(answer.gone).toBe(true);
      expect(answer.reason).toBe('Sorry, Suite has just been booked for those dates. Here is what is still free.');
      expect(answer.offers?.map((offer) => offer.name)).not.toContain('Suite');
    }
    expect((await stays(suite)).filter((stay) => stay.status !== 'Cancelled')).toHaveLength(1);
  });

  it('counts requests per client address (20 booking requests in five minutes)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 20; i += 1) expect((await call('booking_request', { p_org: home.orgName, p_accommodation_id: suite, p_check_in: day(1), p_check_out: day(0), p_adults: 1, p_children: 0, p_pets: 0, p_name: 'x', p_email: 'x@example.com', p_phone: null, p_note: null, p_total: 1 }, ip)).status).toBe(200);
    const refused = await call('booking_request', { p_org: home.orgName, p_accommodation_id: suite, p_check_in: day(1), p_check_out: day(0), p_adults: 1, p_children: 0, p_pets: 0, p_name: 'x', p_email: 'x@example.com', p_phone: null, p_note: null, p_total: 1 }, ip);
    expect(refused.status).toBe(429);
  });
});

describe('in the guest\'s language', () => {
  it('writes every mail of a booking in the language the guest booked in: Spanish words, days and amounts as es writes them', async () => {
    const offer = (await search(150, 153)).offers?.find((candidate) => candidate.name === 'Lodge Room 102');
    const total = offer?.quote.total ?? 0;
    const email = `es-${randomUUID().slice(0, 6)}@guests.example.com`;
    const booked = await request(room, 150, 153, total, { p_email: email, p_language: 'es' });
    expect(booked.ok).toBe(true);
    expect(await bookingLanguage(booked.confirmation)).toBe('es');
    // The guest's own page, opened from the mail's link on any device, knows it too.
    expect(await rpc('booking_stay', { p_token: booked.token })).toMatchObject({ ok: true, language: 'es' });
    const [mail] = await mails(email);
    expect(mail?.subject).toBe(`Hemos recibido tu solicitud de reserva (${booked.confirmation})`);
    const lines = mail?.body_text.split('\n') ?? [];
    expect(lines.slice(0, -1)).toEqual([
      `Gracias: ${home.orgName} ha recibido tu solicitud de reserva y la confirmará en un plazo de 12 horas. No se cobra nada hasta entonces.`,
      '',
      `Confirmación: ${booked.confirmation}`,
      'Alojamiento: Lodge Room 102',
      `Llegada: ${esDay(day(150))}`,
      `Salida: ${esDay(day(153))}`,
      `Total: ${esMoney(total)}`,
      `Depósito pendiente: ${esMoney(offer?.deposit_due ?? 0)} por transferencia bancaria, referencia BOOKING ${booked.confirmation}`,
      'IBAN XX00 1234',
      '',
    ]);
    expect(lines.at(-1)).toMatch(new RegExp(`^Consulta o cancela tu reserva: \\S+/book/${encodeURIComponent(home.orgName)}/stay/${booked.token}$`));
    expect(esDay(day(150))).toMatch(/^(lunes|martes|miércoles|jueves|viernes|sábado|domingo), \d{1,2} de [a-z]+ de \d{4}$/);
    expect(esMoney(1234.5)).toBe('1234,50\u00a0US$');

    // The desk confirms it: the desk's confirmation is in the guest's language too.
    const id = (await db.query<{ id: string }>('select id from catalog.reservations where confirmation = $1', [booked.confirmation])).rows[0]?.id;
    await home.client.schema('catalog').from('reservations').update({ status: 'Confirmed' }).eq('id', id);
    const confirmation = (await mails(email)).at(-1);
    expect(confirmation?.subject).toBe(`Tu estancia está confirmada (${booked.confirmation})`);
    expect(confirmation?.body_text).toContain(`Tu estancia en ${home.orgName} está confirmada.`);
    expect(confirmation?.body_text).toContain(`Llegada: ${esDay(day(150))}`);
    expect(confirmation?.body_text).toContain('Huéspedes: 2 adultos');
    expect(confirmation?.body_text).toContain(`Saldo pendiente: ${esMoney(total)}`);

    // The guest cancels from the link.
    expect(await rpc('booking_cancel', { p_token: booked.token })).toMatchObject({ ok: true, status: 'Cancelled' });
    const cancelled = (await mails(email)).at(-1);
    expect(cancelled?.subject).toBe(`Tu reserva está cancelada (${booked.confirmation})`);
    expect(cancelled?.body_text.split('\n')[0]).toBe(`Tu reserva en ${home.orgName} está cancelada, como pediste.`);
  });

  it('tells a Spanish guest in Spanish that the request was declined or has lapsed', async () => {
    const total = (await search(160, 161)).offers?.find((candidate) => candidate.name === 'Cabin')?.quote.total ?? 0;
    const declinedEmail = `es-${randomUUID().slice(0, 6)}@guests.example.com`;
    const declined = await request(cabin, 160, 161, total, { p_email: declinedEmail, p_language: 'es' });
    await home.client.schema('catalog').from('reservations').update({ status: 'Cancelled' }).eq('confirmation', declined.confirmation);
    const declinedMail = (await mails(declinedEmail)).at(-1);
    expect(declinedMail?.subject).toBe(`Tu solicitud de reserva ha sido rechazada (${declined.confirmation})`);
    expect(declinedMail?.body_text.split('\n')[0]).toBe(`Lo sentimos: ${home.orgName} no puede aceptar tu solicitud de reserva para estas fechas. No se te ha cobrado nada.`);

    const lapsedEmail = `es-${randomUUID().slice(0, 6)}@guests.example.com`;
    const lapsed = await request(cabin, 162, 163, (await search(162, 163)).offers?.find((candidate) => candidate.name === 'Cabin')?.quote.total ?? 0, { p_email: lapsedEmail, p_language: 'es' });
    await db.query(`update app.online_bookings b set hold_until = now() - interval '1 minute' from catalog.reservations r where r.id = b.reservation_id and r.confirmation = $1`, [lapsed.confirmation]);
    await db.query('select app.lapse_booking_requests()');
    const lapsedMail = (await mails(lapsedEmail)).at(-1);
    expect(lapsedMail?.subject).toBe(`Tu solicitud de reserva ha caducado (${lapsed.confirmation})`);
    expect(lapsedMail?.body_text).toContain(`${home.orgName} no pudo confirmar tu solicitud de reserva a tiempo`);
  });

  it('a language Steward does not speak falls back to the organisation\'s, then English; the guest\'s own choice comes first', async () => {
    const setOrg = (language: string | null) => db.query('update public.organizations set language = $2 where org_name = $1', [home.orgName, language]);
    const setCurrency = (currency: string) => db.query('update public.organizations set currency = $2 where name = $1', [home.orgName, currency]);
    const book = async (checkIn: number, language: string | null) => {
      const offer = (await search(checkIn, checkIn + 1)).offers?.find((candidate) => candidate.name === 'Suite');
      const email = `lang-${randomUUID().slice(0, 6)}@guests.example.com`;
      const answer = await rpc('booking_request', {
        p_org: home.orgName, p_accommodation_id: suite, p_check_in: day(checkIn), p_check_out: day(checkIn + 1), p_adults: 2, p_children: 0, p_pets: 0,
        p_name: 'Lang Guest', p_email: email, p_phone: null, p_note: null, p_total: offer?.quote.total, p_language: language,
      });
      expect(answer.ok, String(answer.reason)).toBe(true);
      return { ...answer, email, total: offer?.quote.total ?? 0, language: await bookingLanguage(answer.confirmation), mail: (await mails(email))[0] };
    };
    try {
      // An organisation writing Spanish, in euros.
      await setOrg('es');
      await setCurrency('EUR');
      const french = await book(170, 'fr');
      expect(french.language).toBe('es');
      expect(french.mail?.subject).toBe(`Hemos recibido tu solicitud de reserva (${french.confirmation})`);
      expect(french.mail?.body_text).toContain(`Total: ${esMoney(french.total, 'EUR')}`);
      expect(esMoney(french.total, 'EUR')).toMatch(/^\d+,\d{2}\u00a0€$/);
      const unsaid = await book(172, null);
      expect(unsaid.language).toBe('es');
      expect(unsaid.mail?.subject).toBe(`Hemos recibido tu solicitud de reserva (${unsaid.confirmation})`);
      const english = await book(174, 'en-GB');
      expect(english.language).toBe('en');
      expect(english.mail?.subject).toBe(`We have your booking request (${english.confirmation})`);
      expect(english.mail?.body_text).toContain(`Total: ${english.total.toFixed(2)} EUR`);

      // A booking kept from before the language was (no language stored): its mails are the organisation's.
      await db.query('update app.online_bookings b set language = null from catalog.reservations r where r.id = b.reservation_id and r.confirmation = $1', [english.confirmation]);
      await home.client.schema('catalog').from('reservations').update({ status: 'Cancelled' }).eq('confirmation', english.confirmation);
      expect((await mails(english.email)).at(-1)?.subject).toBe(`Tu solicitud de reserva ha sido rechazada (${english.confirmation})`);

      // Neither the guest's nor the organisation's language: English.
      await setOrg('de');
      await setCurrency('USD');
      const klingon = await book(176, 'tlh');
      expect(klingon.language).toBe('en');
      expect(klingon.mail?.subject).toBe(`We have your booking request (${klingon.confirmation})`);
      expect(klingon.mail?.body_text).toContain(`Total: ${klingon.total.toFixed(2)} USD`);
      expect(klingon.mail?.body_text).toContain(`Check-in: ${new Intl.DateTimeFormat('en-US', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day(176)}T00:00:00Z`))}`);
    } finally {
      await setOrg(null);
      await setCurrency('USD');
    }
  });
});

describe('the organisation\'s currency (Org Data)', () => {
  it('prices the page, its offers, the guest\'s stay and the mails in the currency Org Data sets', async () => {
    await db.query('update public.organizations set currency = $2 where name = $1', [home.orgName, 'EUR']);
    try {
      expect(await rpc('booking_page', { p_org: home.orgName })).toMatchObject({ ok: true, currency: 'EUR' });
      const offers = (await search(210, 211)).offers ?? [];
      expect(offers.length).toBeGreaterThan(0);
      expect(offers.map((offer) => offer.quote.currency)).toEqual(offers.map(() => 'EUR'));
      const offer = offers.find((candidate) => candidate.name === 'Cabin');
      const email = `eur-${randomUUID().slice(0, 6)}@guests.example.com`;
      const booked = await request(cabin, 210, 211, offer?.quote.total ?? 0, { p_email: email });
      expect(booked).toMatchObject({ ok: true, currency: 'EUR' });
      expect(await rpc('booking_stay', { p_token: booked.token })).toMatchObject({ ok: true, currency: 'EUR' });
      const mail = (await mails(email))[0];
      expect(mail?.body_text).toContain(`Total: ${(offer?.quote.total ?? 0).toFixed(2)} EUR`);
      expect(mail?.body_text).toContain(`${(booked.deposit_due ?? 0).toFixed(2)} EUR`);
    } finally {
      await db.query('update public.organizations set currency = $2 where name = $1', [home.orgName, 'USD']);
    }
  });
});

describe('after booking', () => {
  async function booked(checkIn: number, checkOut: number, unit = cabin) {
    const email = `after-${randomUUID().slice(0, 6)}@guests.example.com`;
    const name = unit === cabin ? 'Cabin' : 'Lodge Room 102';
    const total = (await search(checkIn, checkOut)).offers?.find((candidate) => candidate.name === name)?.quote.total ?? 0;
    const answer = await request(unit, checkIn, checkOut, total, { p_email: email });
    if (!answer.ok) throw new Error(String(answer.reason));
    const id = (await db.query<{ id: string }>('select id from catalog.reservations where confirmation = $1', [answer.confirmation])).rows[0]?.id ?? '';
    return { ...answer, email, id };
  }

  it('the desk confirms a request (the guest gets the confirmation) or declines it (the guest is told)', async () => {
    const first = await booked(100, 102);
    const confirmed = await home.client.schema('catalog').from('reservations').update({ status: 'Confirmed' }).eq('id', first.id).select('status').single();
    expect(confirmed.data).toEqual({ status: 'Confirmed' });
    expect((await mails(first.email)).map((mail) => mail.subject)).toEqual([`We have your booking request (${first.confirmation})`, `Your stay is confirmed (${first.confirmation})`]);
    expect((await db.query('select hold_until from app.online_bookings where reservation_id = $1', [first.id])).rows[0].hold_until).toBeNull();

    const second = await booked(110, 112);
    await home.client.schema('catalog').from('reservations').update({ status: 'Cancelled' }).eq('id', second.id);
    expect((await mails(second.email)).at(-1)?.subject).toBe(`Your booking request was declined (${second.confirmation})`);
  });

  it('an unconfirmed request lapses after the hold time (the scheduler), freeing the unit', async () => {
    const request = await booked(120, 122);
    await db.query(`update app.online_bookings set hold_until = now() - interval '1 minute' where reservation_id = $1`, [request.id]);
    await db.query('select app.lapse_booking_requests()');
    expect((await db.query('select status, cancellation_reason from catalog.reservations where id = $1', [request.id])).rows[0]).toEqual({ status: 'Cancelled', cancellation_reason: 'Not confirmed in time' });
    expect((await mails(request.email)).at(-1)?.subject).toBe(`Your booking request has lapsed (${request.confirmation})`);
    expect((await search(120, 122)).offers?.map((offer) => offer.name)).toContain('Cabin');
    expect((await db.query(`select function_name::text from app.scheduled_jobs where name = 'lapse_booking_requests'`)).rows).toEqual([{ function_name: 'app.lapse_booking_requests' }]);
  });

  it('the guest sees and cancels the booking from the link, within the cancellation rule; a tampered link is refused', async () => {
    const stay = await booked(130, 132);
    expect(await rpc('booking_stay', { p_token: stay.token })).toMatchObject({ ok: true, status: 'Tentative', confirmation: stay.confirmation, can_cancel: true, language: 'en' });
    const tampered = `${stay.token?.slice(0, -1)}${stay.token?.endsWith('0') ? '1' : '0'}`;
    expect(await rpc('booking_stay', { p_token: tampered })).toEqual({ ok: false, reason: 'This booking link is not valid.', refusal: { id: 'booking.linkInvalid', message: 'This booking link is not valid.', values: {} } });
    expect(await rpc('booking_cancel', { p_token: 'nonsense' })).toEqual({ ok: false, reason: 'This booking link is not valid.', refusal: { id: 'booking.linkInvalid', message: 'This booking link is not valid.', values: {} } });
    const cancelled = await rpc('booking_cancel', { p_token: stay.token });
    expect(cancelled).toMatchObject({ ok: true, status: 'Cancelled', can_cancel: false });
    expect((await mails(stay.email)).at(-1)?.subject).toBe(`Your booking is cancelled (${stay.confirmation})`);
    // Cancelled already: said with the status named, for the guest's language.
    const again = await rpc('booking_cancel', { p_token: stay.token });
    expect(again).toMatchObject({ ok: false, status: 'Cancelled', reason: 'This booking is cancelled.' });
    expect(again.refusal).toEqual({
      id: 'booking.closed', message: 'This booking is cancelled.', values: { status: { id: 'booking.status.cancelled', message: 'cancelled', values: {} } },
    });

    // Two days ahead, with a rule of three days: too late to cancel online.
    const soon = await booked(2, 3, room);
    const late = await rpc('booking_cancel', { p_token: soon.token });
    expect(late.ok).toBe(false);
    expect(late.reason).toMatch(/^This booking can be cancelled online only until .+\. Please contact Booking Lodge/);
    // The last day named as a day (the page writes it in the guest's language), in English as it always read.
    const until = (late as Answer & { cancel_until?: string }).cancel_until ?? '';
    const english = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${until}T00:00:00Z`));
    expect(late.refusal).toEqual({
      id: 'booking.cancelTooLate', message: `This booking can be cancelled online only until ${english}. Please contact ${home.orgName}.`,
      values: { until: { date: until }, org: home.orgName },
    });
    expect(late.reason).toBe(`This booking can be cancelled online only until ${english}. Please contact ${home.orgName}.`);
    expect((await db.query('select status from catalog.reservations where id = $1', [soon.id])).rows[0].status).toBe('Tentative');
  });

  it('erasing the guest (GDPR Art. 17) removes their address from the booking and their link stops opening; the stay keeps its quote', async () => {
    const stay = await booked(140, 142);
    const contactId = (await db.query<{ contact_id: string }>('select contact_id from catalog.reservations where id = $1', [stay.id])).rows[0]?.contact_id;
    const { error } = await home.client.schema('crm').rpc('erase_contact', { p_contact_id: contactId });
    expect(error).toBeNull();
    const kept = await db.query('select guest_email, quote is not null as quoted from app.online_bookings where reservation_id = $1', [stay.id]);
    expect(kept.rows).toEqual([{ guest_email: '', quoted: true }]);
    expect(await rpc('booking_stay', { p_token: stay.token })).toEqual({ ok: false, reason: 'This booking link is not valid.', refusal: { id: 'booking.linkInvalid', message: 'This booking link is not valid.', values: {} } });
  });
});

describe('paying the deposit by card', () => {
  // An organisation that takes a 25 % deposit by card-payment link. The stack serves the payments
  // function with the payment provider interface's test double (its pay page sends the webhook Stripe
  // would send, signed with the organisation's webhook secret in Stripe's scheme).
  let card: SignedUpOrganization;
  let unit: string;
  const WEBHOOK_SECRET = 'whsec_local_test_double';

  const cardSearch = (checkIn: number, checkOut: number) =>
    rpc('booking_search', { p_org: card.orgName, p_check_in: day(checkIn), p_check_out: day(checkOut), p_adults: 2, p_children: 0, p_pets: 0 });

  async function cardBooking(checkIn: number, checkOut: number, language: string | null = null) {
    const offer = (await cardSearch(checkIn, checkOut)).offers?.[0];
    const email = `card-${randomUUID().slice(0, 6)}@guests.example.com`;
    const answer = await rpc('booking_request', {
      p_org: card.orgName, p_accommodation_id: unit, p_check_in: day(checkIn), p_check_out: day(checkOut), p_adults: 2, p_children: 0, p_pets: 0,
      p_name: 'Cara Card', p_email: email, p_phone: null, p_note: null, p_total: offer?.quote.total, p_language: language,
    });
    if (!answer.ok) throw new Error(String(answer.reason));
    const id = (await db.query<{ id: string }>('select id from catalog.reservations where confirmation = $1', [answer.confirmation])).rows[0]?.id ?? '';
    return { ...answer, email, id, token: answer.token ?? '' };
  }

  const payments = async (reservationId: string) =>
    (await db.query<{ line_type: string; amount: string; method: string }>(
      `select line_type, (qty * unit_price - discount_amount)::numeric(12, 2)::text as amount, method from catalog.reservation_payments where reservation_id = $1`, [reservationId])).rows;

  const functionsUrl = () => `${stack.apiUrl}/functions/v1/payments`;

  async function signedEvent(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
    const body = JSON.stringify(event);
    const { stripeSignatureHeader } = await import('../../functions/payments/stripeSignature.mjs');
    return { body, signature: await stripeSignatureHeader(secret, body, Math.floor(Date.now() / 1000)) };
  }

  beforeAll(async () => {
    card = await signUpOrganization(stack, 'Booking Card');
    await insert(card, 'catalog', 'lodging_settings', { tax_percent: 0, stay_fee: 0, nightly_fee: 0, deposit_percent: 25, deposit_method: 'card_link' });
    const cabins = await insert(card, 'catalog', 'accommodation_classes', { name: 'Cabins' });
    unit = (await insert(card, 'catalog', 'accommodations', { name: 'Pine Cabin', base_rate: 100, capacity: 4, class_id: cabins.id })).id;
    await insert(card, 'catalog', 'accommodation_rates', { name: 'Nightly', class_id: cabins.id, priority: 10, qty: 1, min_stay: 1, max_advance_days: 365, mon: 100, tue: 100, wed: 100, thu: 100, fri: 100, sat: 100, sun: 100, included_adults: 2 });
  });

  it('without the organisation\'s card payment keys, a card-link deposit is paid on arrival', async () => {
    expect((await rpc('booking_page', { p_org: card.orgName })).deposit_method).toBe('on_arrival');
    const booking = await cardBooking(20, 22);
    expect(booking).toMatchObject({ payment_method: 'on_arrival', deposit_due: 50, can_pay: false });
    // Asked for a card payment all the same: refused, named.
    const start = (await db.query<{ start: Answer }>('select public.booking_payment_start($1) as start', [booking.token])).rows[0]?.start;
    expect(start).toEqual({ ok: false, reason: 'This booking has no deposit to pay by card.', refusal: { id: 'booking.noCardDeposit', message: 'This booking has no deposit to pay by card.', values: {} } });
  });

  it('with its Stripe keys entered (write-only), the guest pays on the provider\'s page and the deposit is recorded once, as a reservation payment', async () => {
    const { error } = await card.client.schema('settings').from('integrations')
      .insert({ org_name: card.orgName, name: 'Stripe', type: 'stripe', api_key: 'pk_test_local', api_secret: 'sk_test_local', webhook_secret: WEBHOOK_SECRET });
    expect(error).toBeNull();
    const shown = await card.client.schema('settings').from('integrations').select('api_secret, webhook_secret, api_secret_set, webhook_secret_last4').eq('org_name', card.orgName).single();
    expect(shown.data).toEqual({ api_secret: null, webhook_secret: null, api_secret_set: true, webhook_secret_last4: 'uble' });
    expect((await rpc('booking_page', { p_org: card.orgName })).deposit_method).toBe('card_link');

    const booking = await cardBooking(30, 32);
    expect(booking).toMatchObject({ payment_method: 'card_link', deposit_due: 50, can_pay: true, deposit_paid_at: null });
    expect((await mails(booking.email))[0]?.body_text).toContain('Deposit due: 50.00 USD by card');

    // The guest's browser asks for a checkout (the anon key, as the booking page sends it).
    const started = await fetch(`${functionsUrl()}/checkout`, { method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json', origin: 'https://book.example.org' }, body: JSON.stringify({ token: booking.token }) });
    const checkout = (await started.json()) as { ok: boolean; url: string };
    expect(checkout.ok).toBe(true);
    expect(checkout.url).toMatch(new RegExp(`^${functionsUrl()}/pay/cs_test_double_[0-9a-f]{32}$`));
    const payPage = await fetch(checkout.url);
    expect(payPage.status).toBe(200);
    const html = await payPage.text();
    expect(html).toContain('Pay 50.00 USD');
    // The checkout's description, on the provider's page, in the language the guest booked in (English here).
    const english = (date: string) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
    expect(html).toContain(`Deposit for Pine Cabin, ${english(day(30))} – ${english(day(32))}, ${day(32).slice(0, 4)} (${booking.confirmation})`);
    const paid = await fetch(checkout.url, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    // Back to the guest's page, on the origin their page called from.
    expect(paid.headers.get('location')).toBe(`https://book.example.org/book/${encodeURIComponent(card.orgName)}/stay/${booking.token}?payment=done`);

    expect(await payments(booking.id)).toEqual([{ line_type: 'deposit', amount: '50.00', method: 'Card (online)' }]);
    const after = await rpc('booking_stay', { p_token: booking.token });
    expect(after).toMatchObject({ ok: true, can_pay: false });
    expect(after.deposit_paid_at).not.toBeNull();
    expect((await mails(booking.email)).at(-1)?.subject).toBe(`Your deposit is paid (${booking.confirmation})`);
    expect((await mails(booking.email)).at(-1)?.body_text).toContain('Deposit paid: 50.00 USD by card');
    // The desk reads it as any payment of the stay, and the balance follows.
    const desk = await card.client.schema('catalog').from('stay_balances').select('paid_amount').eq('reservation_id', booking.id).single();
    expect(Number(desk.data?.paid_amount)).toBe(50);

    // The provider sends the same event again (a retried webhook): nothing changes.
    const { rows: [event] } = await db.query<{ event_id: string }>('select event_id from app.payment_events where reservation_id = $1', [booking.id]);
    const session = { object: { id: 'cs_again', object: 'checkout.session', client_reference_id: booking.id, amount_total: 5000, currency: 'usd', payment_status: 'paid' } };
    const again = await signedEvent({ id: event?.event_id, type: 'checkout.session.completed', data: session });
    const replay = await fetch(`${functionsUrl()}/webhook/test`, { method: 'POST', headers: { 'stripe-signature': again.signature }, body: again.body });
    expect(await replay.json()).toMatchObject({ received: true, applied: false, duplicate: true });
    // Another event paying the same deposit (an async success after the completed session): once per booking.
    const second = await signedEvent({ id: 'evt_test_double_second', type: 'checkout.session.async_payment_succeeded', data: session });
    const secondAnswer = await fetch(`${functionsUrl()}/webhook/test`, { method: 'POST', headers: { 'stripe-signature': second.signature }, body: second.body });
    expect(await secondAnswer.json()).toMatchObject({ received: true, applied: false, already_paid: true });
    expect(await payments(booking.id)).toHaveLength(1);

    // Paid: no second checkout.
    const twice = await fetch(`${functionsUrl()}/checkout`, { method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ token: booking.token }) });
    expect(await twice.json()).toEqual({
      ok: false, reason: 'The deposit for this booking is already paid.',
      refusal: { id: 'booking.depositPaid', message: 'The deposit for this booking is already paid.', values: {} },
    });
  });

  it('tells a guest who booked in Spanish, in Spanish, that the deposit is due and then paid', async () => {
    const booking = await cardBooking(50, 52, 'es');
    expect(booking).toMatchObject({ payment_method: 'card_link', deposit_due: 50 });
    expect((await mails(booking.email))[0]?.body_text).toContain(`Depósito pendiente: ${esMoney(50)} con tarjeta (el enlace de pago está en la página de tu reserva)`);
    const session = { object: { id: 'cs_spanish', object: 'checkout.session', client_reference_id: booking.id, amount_total: 5000, currency: 'usd', payment_status: 'paid' } };
    const event = await signedEvent({ id: 'evt_test_double_spanish', type: 'checkout.session.completed', data: session });
    const answer = await fetch(`${functionsUrl()}/webhook/test`, { method: 'POST', headers: { 'stripe-signature': event.signature }, body: event.body });
    expect(await answer.json()).toMatchObject({ received: true, applied: true });
    const paid = (await mails(booking.email)).at(-1);
    expect(paid?.subject).toBe(`Tu depósito está pagado (${booking.confirmation})`);
    expect(paid?.body_text.split('\n')[0]).toBe(`Gracias: ${card.orgName} ha recibido tu depósito de ${esMoney(50)}.`);
    expect(paid?.body_text).toContain(`Depósito pagado: ${esMoney(50)} con tarjeta`);
    expect(paid?.body_text).toContain(`Total: ${esMoney(200)}`);
  });

  it('takes the deposit in the currency Org Data sets: the checkout asks for euros, and a payment in dollars is not this deposit', async () => {
    await db.query('update public.organizations set currency = $2 where name = $1', [card.orgName, 'EUR']);
    try {
      const booking = await cardBooking(70, 72);
      expect(booking).toMatchObject({ currency: 'EUR', payment_method: 'card_link', deposit_due: 50 });
      expect((await mails(booking.email))[0]?.body_text).toContain('Deposit due: 50.00 EUR by card');
      const started = await fetch(`${functionsUrl()}/checkout`, { method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ token: booking.token }) });
      const checkout = (await started.json()) as { ok: boolean; url: string };
      expect(checkout.ok).toBe(true);
      expect(await (await fetch(checkout.url)).text()).toContain('Pay 50.00 EUR');

      const inDollars = { object: { id: 'cs_dollars', object: 'checkout.session', client_reference_id: booking.id, amount_total: 5000, currency: 'usd', payment_status: 'paid' } };
      const dollarEvent = await signedEvent({ id: 'evt_test_double_dollars', type: 'checkout.session.completed', data: inDollars });
      const dollarAnswer = await fetch(`${functionsUrl()}/webhook/test`, { method: 'POST', headers: { 'stripe-signature': dollarEvent.signature }, body: dollarEvent.body });
      expect(await dollarAnswer.json()).toMatchObject({ received: true, applied: false, ok: false, reason: 'The amount paid (50.00 USD) is not the deposit due (50.00 EUR).' });
      expect(await payments(booking.id)).toEqual([]);

      const inEuros = { object: { ...inDollars.object, id: 'cs_euros', currency: 'eur' } };
      const euroEvent = await signedEvent({ id: 'evt_test_double_euros', type: 'checkout.session.completed', data: inEuros });
      const euroAnswer = await fetch(`${functionsUrl()}/webhook/test`, { method: 'POST', headers: { 'stripe-signature': euroEvent.signature }, body: euroEvent.body });
      expect(await euroAnswer.json()).toMatchObject({ received: true, applied: true });
      expect(await payments(booking.id)).toEqual([{ line_type: 'deposit', amount: '50.00', method: 'Card (online)' }]);
      expect((await mails(booking.email)).at(-1)?.body_text).toContain('Deposit paid: 50.00 EUR by card');
    } finally {
      await db.query('update public.organizations set currency = $2 where name = $1', [card.orgName, 'USD']);
    }
  });

  it('describes the card checkout in the language the guest booked in, and names why a payment cannot start', async () => {
    const booking = await cardBooking(60, 62, 'es');
    const start = async () => (await db.query<{ start: Answer & { description?: string } }>('select public.booking_payment_start($1) as start', [booking.token])).rows[0]?.start;
    const esDayMonth = (date: string) => new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
    const esLong = (date: string) => new Intl.DateTimeFormat('es', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
    expect((await start())?.description).toBe(`Depósito de Pine Cabin, ${esDayMonth(day(60))} – ${esLong(day(62))} (${booking.confirmation})`);
    // No keys for a moment: the organisation named, to contact.
    await db.query('update settings.integrations set is_active = false where org_name = $1', [card.orgName]);
    try {
      expect(await start()).toEqual({
        ok: false, reason: `Card payment is not available at the moment. Please contact ${card.orgName}.`,
        refusal: { id: 'booking.cardUnavailable', message: `Card payment is not available at the moment. Please contact ${card.orgName}.`, values: { org: card.orgName } },
      });
    } finally {
      await db.query('update settings.integrations set is_active = true where org_name = $1', [card.orgName]);
    }
    // A no-show: the status named, for the guest's language.
    await db.query("update catalog.reservations set status = 'Confirmed' where id = $1", [booking.id]);
    await db.query("update catalog.reservations set status = 'No-show' where id = $1", [booking.id]);
    expect(await start()).toEqual({
      ok: false, reason: 'This booking is no-show.',
      refusal: { id: 'booking.closed', message: 'This booking is no-show.', values: { status: { id: 'booking.status.noShow', message: 'no-show', values: {} } } },
    });
  });

  it('refuses a forged webhook, a wrong amount and a bad link; the payment functions are the server\'s alone', async () => {
    const booking = await cardBooking(40, 42);
    const session = { object: { id: 'cs_forged', object: 'checkout.session', client_reference_id: booking.id, amount_total: 5000, currency: 'usd', payment_status: 'paid' } };
    const forged = await signedEvent({ id: 'evt_forged', type: 'checkout.session.completed', data: session }, 'whsec_not_theirs');
    const refused = await fetch(`${functionsUrl()}/webhook/test`, { method: 'POST', headers: { 'stripe-signature': forged.signature }, body: forged.body });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ received: false, reason: 'The signature does not match the payload.' });
    const unsigned = await fetch(`${functionsUrl()}/webhook/test`, { method: 'POST', body: forged.body });
    expect(unsigned.status).toBe(400);

    const wrong = await signedEvent({ id: 'evt_wrong_amount', type: 'checkout.session.completed', data: { object: { ...session.object, amount_total: 100 } } });
    const wrongAnswer = await fetch(`${functionsUrl()}/webhook/test`, { method: 'POST', headers: { 'stripe-signature': wrong.signature }, body: wrong.body });
    expect(await wrongAnswer.json()).toMatchObject({ received: true, applied: false, ok: false, reason: 'The amount paid (1.00 USD) is not the deposit due (50.00 USD).' });
    expect(await payments(booking.id)).toEqual([]);

    const badLink = await fetch(`${functionsUrl()}/checkout`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: 'nonsense' }) });
    expect(await badLink.json()).toEqual({ ok: false, reason: 'This booking link is not valid.', refusal: { id: 'booking.linkInvalid', message: 'This booking link is not valid.', values: {} } });

    for (const [fn, args] of [
      ['booking_payment_start', { p_token: booking.token }],
      ['booking_payment_keys', { p_reservation_id: booking.id }],
      ['booking_payment_record', { p_reservation_id: booking.id, p_provider: 'test', p_event_id: 'evt_anon', p_amount: 50, p_currency: 'USD', p_reference: 'x' }],
    ] as const) {
      expect((await call(fn, args)).status).toBe(401);
      const { error } = await card.client.rpc(fn, args);
      expect(error?.code).toBe('42501');
    }
    expect(await payments(booking.id)).toEqual([]);
  });
});
