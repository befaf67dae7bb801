// @ts-check
// The one interface card payments go through. A provider creates a checkout for a booking's deposit
// (a URL the guest is sent to) and verifies a webhook it signed (the deposit paid, with the provider's
// event id, which the database applies exactly once). Stripe Checkout (stripe.mjs) is the first
// implementation; the local stack and the tests use the test double (testDouble.mjs).

/**
 * What the database says a deposit payment is (public.booking_payment_start).
 * @typedef {object} DepositPayment
 * @property {string} reservation_id
 * @property {string} org_name
 * @property {string} confirmation
 * @property {string} description
 * @property {number} amount in the currency's major unit (59.70)
 * @property {string} currency ISO 4217, upper case
 * @property {string} email the guest's
 * @property {string} return_url the guest's own booking page
 */

/**
 * The organisation's keys (Settings → Integrations, type stripe; write-only, read server side only).
 * @typedef {object} PaymentKeys
 * @property {string} secret_key
 * @property {string} webhook_secret
 */

/**
 * A verified provider event: the deposit of a booking paid.
 * @typedef {object} PaidEvent
 * @property {string} eventId the provider's id of the event (idempotency key)
 * @property {string} reservationId
 * @property {number} amount major unit
 * @property {string} currency upper case
 * @property {string} reference the provider's id of the payment (a Checkout Session)
 */

/**
 * @typedef {object} PaymentProvider
 * @property {'stripe' | 'test'} name as app.payment_events records it
 * @property {(payment: DepositPayment, keys: PaymentKeys, urls: { success: string, cancel: string }, requestUrl: URL) => Promise<{ id: string, url: string }>} createCheckout
 * @property {(rawBody: string) => string | null} reservationOf the booking an (unverified) webhook names, to find whose keys verify it
 * @property {(rawBody: string, headers: Headers, keys: PaymentKeys) => Promise<PaidEvent | null>} verifyWebhook throws on a bad signature; null for an event that pays nothing
 * @property {(request: Request, path: string) => Promise<Response | null>} [handle] routes of the provider's own (the test double's pay page)
 */

/** Currencies without minor units, and with three, as Stripe counts amounts. */
const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'UGX', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** @param {string} currency */
function exponentOf(currency) {
  const code = currency.toUpperCase();
  return ZERO_DECIMAL.has(code) ? 0 : THREE_DECIMAL.has(code) ? 3 : 2;
}

/** 59.7 USD → 5970 (the provider's smallest unit). @param {number} amount @param {string} currency */
export function toMinorUnits(amount, currency) {
  return Math.round(amount * 10 ** exponentOf(currency));
}

/** 5970 USD → 59.7. @param {number} minor @param {string} currency */
export function fromMinorUnits(minor, currency) {
  return minor / 10 ** exponentOf(currency);
}
