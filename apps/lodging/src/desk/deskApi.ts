import { z } from 'zod/mini';
import { callRpc, getDatabase, toDataAccessError } from '@steward/libs/data';
import type { StayStatus } from './deskDay';

import { t, type LodgingMessageId } from '../i18n';

export { DAY_TIME, STAY_STATUSES, fetchDeskDay, guestsLabel, statusLabel, type DeskStay, type StayStatus } from './deskDay';

/** Where each status may go next (the database refuses any other move). */
export const NEXT_STATUSES: Record<StayStatus, readonly StayStatus[]> = {
  Tentative: ['Confirmed', 'Cancelled'],
  Confirmed: ['Checked in', 'Tentative', 'Cancelled', 'No-show'],
  'Checked in': ['Checked out'],
  'Checked out': [],
  Cancelled: ['Tentative', 'Confirmed'],
  'No-show': ['Confirmed'],
};

export type QuoteNight = {
  date: string;
  rate_id: string | null;
  rate_name: string;
  price: number;
  extra_adults: number;
  extra_children: number;
  extra_pets: number;
  extras: number;
  amount: number;
};

export type StayQuote = {
  ok: boolean;
  /** Why the stay is not priced, in English; `refusal` names it for the page's language (answerReason). */
  reason: string | null;
  refusal?: unknown;
  nights?: QuoteNight[];
  night_count?: number;
  subtotal?: number;
  fees?: number;
  tax?: number;
  tax_percent?: number;
  total?: number;
  currency?: string;
};

const count = z.coerce.number().check(z.int(), z.minimum(0), z.maximum(999));

/** What the quote needs, checked before it is asked for: a unit, two days in order, guests as whole numbers. */
export const quoteInputSchema = z
  .object({
    accommodationId: z.guid(),
    checkIn: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    checkOut: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
    adults: count,
    children: count,
    pets: count,
  })
  .check(z.refine((input) => input.checkOut > input.checkIn, { message: 'quote.checkOutAfter' }));

export type QuoteInput = z.infer<typeof quoteInputSchema>;

/** The UTC calendar day of a datetime-local control value (the day the timeline and the database price). */
export function stayDay(value: string | undefined): string | null {
  if (!value?.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString().slice(0, 10);
}

/** The quote's input from the booking form's values, or the reason none can be asked for yet. */
export function quoteInputFrom(values: Record<string, string | string[] | undefined>): { input: QuoteInput } | { reason: LodgingMessageId } {
  const text = (name: string) => {
    const value = values[name];
    return typeof value === 'string' ? value.trim() : '';
  };
  const parsed = quoteInputSchema.safeParse({
    accommodationId: text('accommodation_id'),
    checkIn: stayDay(text('check_in')) ?? '',
    checkOut: stayDay(text('check_out')) ?? '',
    adults: text('adults') || '0',
    children: text('children') || '0',
    pets: text('pets') || '0',
  });
  if (parsed.success) return { input: parsed.data };
  // A reason is the id of its words (messages/en.json); the panel shows it in the page's language.
  const refined = parsed.error.issues.find((issue) => issue.code === 'custom');
  return { reason: refined ? 'quote.checkOutAfter' : 'quote.chooseFirst' };
}

/** The price of a stay from the organisation's rates (catalog.quote_stay). */
export function quoteStay(input: QuoteInput): Promise<StayQuote> {
  return callRpc<StayQuote>('catalog', 'quote_stay', {
    p_accommodation_id: input.accommodationId,
    p_check_in: input.checkIn,
    p_check_out: input.checkOut,
    p_adults: input.adults,
    p_children: input.children,
    p_pets: input.pets,
  });
}

export function checkInStay(id: string): Promise<unknown> {
  return callRpc('catalog', 'check_in_stay', { p_reservation_id: id });
}

export function checkOutStay(id: string): Promise<unknown> {
  return callRpc('catalog', 'check_out_stay', { p_reservation_id: id });
}

export type PaymentKind = 'deposit' | 'payment' | 'refund';
export const PAYMENT_KINDS: readonly PaymentKind[] = ['deposit', 'payment', 'refund'];

export type StayPayment = { id: string; line_type: PaymentKind; qty: number; unit_price: number; discount_amount: number; paid_at: string; method: string | null; notes: string | null };
export type StayBalance = { total_amount: number; paid_amount: number; refunded_amount: number; balance_due: number };

export const paymentSchema = z.object({
  kind: z.enum(['deposit', 'payment', 'refund']),
  amount: z.coerce.number().check(z.positive('money.amountAbove'), z.maximum(10_000_000)),
  method: z.optional(z.string().check(z.trim(), z.maxLength(60))),
});

/** A stay's payment lines, oldest first, and its balance (derived by the database, catalog.stay_balances). */
export async function fetchStayMoney(reservationId: string): Promise<{ payments: StayPayment[]; balance: StayBalance | null }> {
  const catalog = getDatabase().schema('catalog');
  const [payments, balance] = await Promise.all([
    catalog
      .from('reservation_payments')
      .select('id,line_type,qty,unit_price,discount_amount,paid_at,method,notes')
      .eq('reservation_id', reservationId)
      .not('archive', 'is', true)
      .order('paid_at')
      .order('id'),
    catalog.from('stay_balances').select('total_amount,paid_amount,refunded_amount,balance_due').eq('reservation_id', reservationId).maybeSingle(),
  ]);
  if (payments.error) throw toDataAccessError(payments.error);
  if (balance.error) throw toDataAccessError(balance.error);
  return { payments: (payments.data ?? []) as StayPayment[], balance: (balance.data as StayBalance | null) ?? null };
}

export async function addStayPayment(orgName: string, reservationId: string, payment: z.infer<typeof paymentSchema>): Promise<void> {
  const { error } = await getDatabase()
    .schema('catalog')
    .from('reservation_payments')
    .insert({ org_name: orgName, reservation_id: reservationId, line_type: payment.kind, qty: 1, unit_price: payment.amount, discount_amount: 0, method: payment.method || null });
  if (error) throw toDataAccessError(error);
}

/** Moves a stay to another status (the database checks the move); check-in and check-out have their own calls. */
export async function setStayStatus(id: string, status: StayStatus): Promise<void> {
  if (status === 'Checked in') {
    await checkInStay(id);
    return;
  }
  if (status === 'Checked out') {
    await checkOutStay(id);
    return;
  }
  const { error } = await getDatabase().schema('catalog').from('reservations').update({ status }).eq('id', id);
  if (error) throw toDataAccessError(error);
}

/** The button that moves a stay to a status, as the desk words it (messages/en.json). */
export const STATUS_ACTION_LABELS: Record<StayStatus, LodgingMessageId> = {
  Tentative: 'status.action.tentative',
  Confirmed: 'status.action.confirmed',
  'Checked in': 'status.action.checkedIn',
  'Checked out': 'status.action.checkedOut',
  Cancelled: 'status.action.cancelled',
  'No-show': 'status.action.noShow',
};

export type CalendarFeed = { id: string; accommodation_id: string; name: string | null; created_at: string; revoked_at: string | null };

/** The organisation's calendar feeds, newest first (their tokens are never stored, so never shown again). */
export async function fetchCalendarFeeds(orgName: string): Promise<CalendarFeed[]> {
  const { data, error } = await getDatabase()
    .schema('catalog')
    .from('calendar_feeds')
    .select('id,accommodation_id,name,created_at,revoked_at')
    .eq('org_name', orgName)
    .order('created_at', { ascending: false });
  if (error) throw toDataAccessError(error);
  return (data ?? []) as CalendarFeed[];
}

/** A new feed for a unit; the token comes back this once. */
export async function createCalendarFeed(accommodationId: string, name: string): Promise<{ id: string; token: string }> {
  const rows = await callRpc<Array<{ id: string; token: string }>>('catalog', 'create_calendar_feed', { p_accommodation_id: accommodationId, p_name: name || null });
  const row = rows[0];
  if (!row) throw new Error(t('feeds.couldNotCreate'));
  return row;
}

export async function revokeCalendarFeed(id: string): Promise<void> {
  const { error } = await getDatabase().schema('catalog').from('calendar_feeds').update({ revoked_at: new Date().toISOString() }).eq('id', id);
  if (error) throw toDataAccessError(error);
}

/** The address a calendar app subscribes to: the feed function on the API, the token and the public (anon) key. */
export function calendarFeedUrl(apiUrl: string, anonKey: string, token: string): string {
  return `${apiUrl.replace(/\/$/, '')}/rest/v1/rpc/accommodation_calendar?token=${token}&apikey=${encodeURIComponent(anonKey)}`;
}
