// @ts-check
// Stripe Checkout behind the payment provider interface: REST calls with fetch to api.stripe.com using
// the organisation's secret key (no SDK, so the same file runs in Node and as a Supabase Edge Function),
// and Stripe's webhook signature scheme (stripeSignature.mjs).
import { fromMinorUnits, toMinorUnits } from './provider.mjs';
import { verifyStripeSignature } from './stripeSignature.mjs';

export const STRIPE_API = 'https://api.stripe.com';

/**
 * The form body of POST /v1/checkout/sessions for a deposit: one line, priced inline, paid once.
 * @param {import('./provider.mjs').DepositPayment} payment @param {{ success: string, cancel: string }} urls
 */
export function checkoutSessionForm(payment, urls) {
  const form = new URLSearchParams();
  form.set('mode', 'payment');
  form.set('success_url', urls.success);
  form.set('cancel_url', urls.cancel);
  form.set('client_reference_id', payment.reservation_id);
  form.set('customer_email', payment.email);
  form.set('line_items[0][quantity]', '1');
  form.set('line_items[0][price_data][currency]', payment.currency.toLowerCase());
  form.set('line_items[0][price_data][unit_amount]', String(toMinorUnits(payment.amount, payment.currency)));
  form.set('line_items[0][price_data][product_data][name]', payment.description);
  form.set('metadata[reservation_id]', payment.reservation_id);
  form.set('metadata[confirmation]', payment.confirmation);
  form.set('payment_intent_data[metadata][reservation_id]', payment.reservation_id);
  return form;
}

/**
 * The reservation a Checkout Session event names, and the paid deposit it reports; null for any other
 * event, or a session not (yet) paid.
 * @param {any} event
 * @returns {import('./provider.mjs').PaidEvent | null}
 */
export function paidEventOf(event) {
  if (event?.type !== 'checkout.session.completed' && event?.type !== 'checkout.session.async_payment_succeeded') return null;
  const session = event.data?.object;
  if (!session || session.payment_status !== 'paid') return null;
  const reservationId = session.client_reference_id ?? session.metadata?.reservation_id;
  if (typeof reservationId !== 'string' || typeof session.amount_total !== 'number' || typeof session.currency !== 'string') return null;
  return {
    eventId: String(event.id),
    reservationId,
    amount: fromMinorUnits(session.amount_total, session.currency),
    currency: session.currency.toUpperCase(),
    reference: String(session.id),
  };
}

/** @param {string} rawBody */
export function reservationOfEvent(rawBody) {
  try {
    const session = JSON.parse(rawBody)?.data?.object;
    const id = session?.client_reference_id ?? session?.metadata?.reservation_id;
    return typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * @param {{ fetch?: typeof fetch, apiBase?: string, now?: () => number }} [options]
 * @returns {import('./provider.mjs').PaymentProvider}
 */
export function createStripeProvider({ fetch: fetchImpl = globalThis.fetch, apiBase = STRIPE_API, now } = {}) {
  return {
    name: 'stripe',
    async createCheckout(payment, keys, urls) {
      const response = await fetchImpl(`${apiBase}/v1/checkout/sessions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${keys.secret_key}`,
          'content-type': 'application/x-www-form-urlencoded',
          // One session per booking and amount, however often the guest presses Pay within Stripe's 24 h.
          'idempotency-key': `deposit-${payment.reservation_id}-${toMinorUnits(payment.amount, payment.currency)}`,
        },
        body: checkoutSessionForm(payment, urls).toString(),
      });
      const body = /** @type {any} */ (await response.json().catch(() => null));
      if (!response.ok || typeof body?.url !== 'string') {
        throw new Error(`Stripe refused the checkout session: ${response.status} ${body?.error?.message ?? ''}`.trim());
      }
      return { id: String(body.id), url: body.url };
    },
    reservationOf: reservationOfEvent,
    async verifyWebhook(rawBody, headers, keys) {
      await verifyStripeSignature(headers.get('stripe-signature'), rawBody, keys.webhook_secret, now ? { now: now() } : {});
      return paidEventOf(JSON.parse(rawBody));
    },
  };
}
