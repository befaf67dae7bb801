import { z } from 'zod/mini';
import { getRuntimeConfig } from '@steward/libs/runtime-config';
import { answerReason } from '@steward/libs/data';
import { formatDate, formatDateRange } from '@steward/libs/i18n';
import { has, t, type BookingMessageId } from '../i18n';

/**
 * The public booking page's calls: security-definer functions of the `public` schema that a visitor
 * without a session may execute (each counted against a per-address request limit). The database
 * checks every input again; the schemas here only spare a round trip for what is plainly wrong.
 */

export type QuoteNight = { date: string; rate_name: string; price: number; extras: number; amount: number };
export type Quote = { nights: QuoteNight[]; night_count: number; subtotal: number; fees: number; tax_percent: number; tax: number; total: number; currency: string };
export type Offer = {
  accommodation_id: string;
  name: string;
  description: string | null;
  class_name: string | null;
  beds: string | null;
  capacity: number | null;
  image_url: string | null;
  instant: boolean;
  quote: Quote;
  deposit_due: number;
};

export type BookingPageInfo =
  | {
      ok: true;
      org_name: string;
      display_name: string;
      /** The organisation's language (Org Data), the page's language for a guest who chose none. */
      language: string | null;
      logo_url: string | null;
      branding: Partial<Record<'primary_color' | 'background_color' | 'text_color' | 'button_color' | 'button_text_color' | 'link_color' | 'font_family', string>>;
      currency: string;
      deposit_percent: number;
      deposit_method: 'on_arrival' | 'bank_transfer' | 'card_link';
      cancel_days: number;
      hold_hours: number;
      pets: boolean;
    }
  | { ok: false; reason: string; refusal?: unknown };

/** `refusal`: why the database said no, named for the guest's language (answerReason in @steward/libs/data). */
export type SearchAnswer = { ok: boolean; reason?: string | null; refusal?: unknown; offers?: Offer[] };

export type StayView = {
  ok: boolean;
  reason?: string | null;
  refusal?: unknown;
  gone?: boolean;
  price_changed?: boolean;
  offers?: Offer[];
  token?: string;
  org_name?: string;
  confirmation?: string;
  status?: string;
  accommodation?: string;
  check_in?: string;
  check_out?: string;
  adults?: number;
  children?: number;
  pets?: number;
  total?: number;
  currency?: string;
  deposit_due?: number;
  payment_method?: 'on_arrival' | 'bank_transfer' | 'card_link';
  payment_reference?: string | null;
  bank_details?: string | null;
  hold_until?: string | null;
  deposit_paid_at?: string | null;
  /** The language the guest booked in (null for a booking made before the page sent it). */
  language?: string | null;
  /** The deposit can be paid by card now (the organisation's card payment is on and it is not paid yet). */
  can_pay?: boolean;
  cancel_until?: string;
  can_cancel?: boolean;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

// Each check's message is the id of its words (messages/en.json): firstProblem gives them in the page's language.
export const searchSchema = z
  .object({
    checkIn: z.string().check(z.regex(DAY, 'search.chooseCheckIn')),
    checkOut: z.string().check(z.regex(DAY, 'search.chooseCheckOut')),
    adults: z.number().check(z.refine(Number.isInteger, 'search.adultsWhole'), z.minimum(1, 'search.oneAdult'), z.maximum(99, 'search.adultsNumber')),
    children: z.number().check(z.refine(Number.isInteger, 'search.childrenWhole'), z.minimum(0, 'search.childrenNegative'), z.maximum(99, 'search.childrenNumber')),
    pets: z.number().check(z.refine(Number.isInteger, 'search.petsWhole'), z.minimum(0, 'search.petsNegative'), z.maximum(20, 'search.petsNumber')),
  })
  .check(z.refine((value) => value.checkOut > value.checkIn, { message: 'search.checkOutAfter' }));

export type SearchInput = z.infer<typeof searchSchema>;

export const guestSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, 'guest.enterName'), z.maxLength(200, 'guest.enterName')),
  email: z.string().check(z.trim(), z.regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, 'guest.validEmail')),
  phone: z.string().check(z.trim(), z.regex(/^$|^\+?[0-9 ().-]{5,40}$/, 'guest.validPhone')),
  note: z.string().check(z.maxLength(2000, 'guest.noteTooLong')),
});

export type GuestInput = z.infer<typeof guestSchema>;

/** The first message a schema gives for the input, in the page's language, or null when it passes. */
export function firstProblem(schema: z.ZodMiniType, input: unknown): string | null {
  const result = schema.safeParse(input);
  if (result.success) return null;
  const id = result.error.issues[0]?.message ?? '';
  return t(has(id) ? id : 'form.check');
}

/**
 * A public booking function, called as a visitor: the anon key only, never a signed-in member's token
 * (a member looking at their organisation's page is a visitor there too), and none of the signed-in
 * client's first-view machinery. A refusal becomes an Error with the database's message.
 */
async function callRpc<Result>(_schema: 'public', name: string, args: Record<string, unknown>): Promise<Result> {
  const config = getRuntimeConfig();
  const api = new URL(`${config.supabaseUrl.replace(/\/$/, '')}/`, window.location.href);
  const response = await fetch(new URL(`rest/v1/rpc/${name}`, api), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` },
    body: JSON.stringify(args),
  });
  const body: unknown = await response.json().catch(() => null);
  if (response.status === 429) throw new Error(t('api.tooMany'));
  if (!response.ok) {
    const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : null;
    throw new Error(message ?? t('api.noAnswer'));
  }
  return body as Result;
}

export const fetchBookingPage = (org: string) => callRpc<BookingPageInfo>('public', 'booking_page', { p_org: org });

export const searchStays = (org: string, input: SearchInput) =>
  callRpc<SearchAnswer>('public', 'booking_search', {
    p_org: org, p_check_in: input.checkIn, p_check_out: input.checkOut, p_adults: input.adults, p_children: input.children, p_pets: input.pets,
  });

/** Books the offer; `language` is the page's, in which the guest's e-mails about the booking are written. */
export const requestBooking = (org: string, search: SearchInput, offer: Offer, guest: GuestInput, language: string) =>
  callRpc<StayView>('public', 'booking_request', {
    p_org: org, p_accommodation_id: offer.accommodation_id, p_check_in: search.checkIn, p_check_out: search.checkOut,
    p_adults: search.adults, p_children: search.children, p_pets: search.pets,
    p_name: guest.name.trim(), p_email: guest.email.trim(), p_phone: guest.phone.trim() || null, p_note: guest.note.trim() || null,
    p_total: offer.quote.total, p_language: language,
  });

/**
 * Starts paying a booking's deposit by card: the payments function (server side, with the organisation's
 * payment provider) answers the provider's checkout page to send the guest to, or why not.
 */
export async function startCardPayment(token: string): Promise<{ ok: true; url: string } | { ok: false; reason: string }> {
  const config = getRuntimeConfig();
  const api = new URL(`${config.supabaseUrl.replace(/\/$/, '')}/`, window.location.href);
  const response = await fetch(new URL('functions/v1/payments/checkout', api), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', apikey: config.supabaseAnonKey, Authorization: `Bearer ${config.supabaseAnonKey}` },
    body: JSON.stringify({ token }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (typeof body === 'object' && body !== null && 'ok' in body) {
    if (body.ok === true && 'url' in body && typeof body.url === 'string') return { ok: true, url: body.url };
    // The database's reason (200), named for the guest's language (answerReason), the English as sent
    // otherwise; the provider failing (502) is the page's own words.
    if (response.ok && 'reason' in body && typeof body.reason === 'string') return { ok: false, reason: answerReason(body as { reason: string; refusal?: unknown }) ?? body.reason };
  }
  return { ok: false, reason: t('pay.couldNotStart') };
}

export const fetchStay = (token: string) => callRpc<StayView>('public', 'booking_stay', { p_token: token });
export const cancelStay = (token: string) => callRpc<StayView>('public', 'booking_cancel', { p_token: token });

/** A day of the stay: "Fri, Dec 4, 2026" (en), "vie, 4 dic 2026" (es). */
const DAY_FORMAT: Intl.DateTimeFormatOptions = { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' };

export const dayLabel = (day: string): string => formatDate(day, DAY_FORMAT);

/** Check-in to check-out as one range: "Fri, Dec 4 – Sun, Dec 6, 2026". */
export const stayDates = (checkIn: string, checkOut: string): string => formatDateRange(checkIn, checkOut, DAY_FORMAT);

/** How the deposit is paid, as words (messages/en.json). */
export const PAYMENT_TEXT: Record<'on_arrival' | 'bank_transfer' | 'card_link', BookingMessageId> = {
  on_arrival: 'payment.onArrival',
  bank_transfer: 'payment.bankTransfer',
  card_link: 'payment.card',
};
