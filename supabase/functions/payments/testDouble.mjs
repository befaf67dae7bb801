// @ts-check
// The payment provider interface's test double, which the local stack and the tests use instead of
// Stripe: its checkout is a small pay page of its own (no card, no money), and paying there sends the
// webhook Stripe would send — a checkout.session.completed event signed with the organisation's webhook
// signing secret in Stripe's scheme — to the payments function, then returns the guest to their booking.
import { createStripeProvider } from './stripe.mjs';
import { stripeSignatureHeader } from './stripeSignature.mjs';
import { toMinorUnits } from './provider.mjs';

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
};

/**
 * @param {{ fetch?: typeof fetch }} [options]
 * @returns {import('./provider.mjs').PaymentProvider}
 */
export function createTestPaymentProvider({ fetch: fetchImpl = globalThis.fetch } = {}) {
  // The webhook side is Stripe's own (the same parsing and signature check): only the checkout differs.
  const { reservationOf, verifyWebhook } = createStripeProvider({ fetch: fetchImpl });
  /** @type {Map<string, { payment: import('./provider.mjs').DepositPayment, keys: import('./provider.mjs').PaymentKeys, urls: { success: string, cancel: string } }>} */
  const sessions = new Map();

  return {
    name: 'test',
    async createCheckout(payment, keys, urls, requestUrl) {
      const id = `cs_test_double_${crypto.randomUUID().replaceAll('-', '')}`;
      sessions.set(id, { payment, keys, urls });
      return { id, url: new URL(`pay/${id}`, paymentsBase(requestUrl)).href };
    },
    reservationOf,
    verifyWebhook,
    async handle(request, path) {
      const match = /^\/pay\/(cs_test_double_[0-9a-f]{32})$/.exec(path);
      if (!match) return null;
      const id = /** @type {string} */ (match[1]);
      const session = sessions.get(id);
      if (!session) return new Response(page('Payment not found', '<p>This payment page has expired. Go back to your booking and start again.</p>'), { status: 404, headers: PAGE_HEADERS });
      const { payment, keys, urls } = session;
      const amount = `${payment.amount.toFixed(2)} ${payment.currency}`;
      if (request.method === 'GET') {
        return new Response(
          page(
            'Test payment',
            `<p><strong>Test payment provider</strong>: this local stand-in for Stripe Checkout takes no card and moves no money.</p>
<p>${escapeHtml(payment.description)}</p>
<p>Amount: <strong>${escapeHtml(amount)}</strong></p>
<form method="post"><button type="submit">Pay ${escapeHtml(amount)}</button></form>
<p><a href="${escapeHtml(urls.cancel)}">Cancel and go back</a></p>`,
          ),
          { headers: PAGE_HEADERS },
        );
      }
      if (request.method !== 'POST') return new Response('Method not allowed', { status: 405 });
      // Pay: the webhook Stripe would send, signed as Stripe signs, delivered before the guest returns.
      const event = {
        id: `evt_test_double_${crypto.randomUUID().replaceAll('-', '')}`,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id,
            object: 'checkout.session',
            client_reference_id: payment.reservation_id,
            amount_total: toMinorUnits(payment.amount, payment.currency),
            currency: payment.currency.toLowerCase(),
            payment_status: 'paid',
            metadata: { reservation_id: payment.reservation_id, confirmation: payment.confirmation },
          },
        },
      };
      const body = JSON.stringify(event);
      const delivered = await fetchImpl(new URL('webhook/test', paymentsBase(new URL(request.url))), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': await stripeSignatureHeader(keys.webhook_secret, body, Math.floor(Date.now() / 1000)) },
        body,
      });
      if (!delivered.ok) {
        return new Response(page('Payment not recorded', `<p role="alert">The booking did not take the payment (${delivered.status}). Go back to your booking and try again.</p>`), { status: 502, headers: PAGE_HEADERS });
      }
      sessions.delete(id);
      return new Response(null, { status: 303, headers: { location: urls.success, 'cache-control': 'no-store' } });
    },
  };
}

/** …/functions/v1/payments/ of a request to the payments function. @param {URL} url */
function paymentsBase(url) {
  const at = url.pathname.indexOf('/payments/');
  return new URL(`${url.pathname.slice(0, at)}/payments/`, url);
}

/** @param {string} title @param {string} body */
function page(title, body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1f2328}button{font:inherit;padding:.6rem 1.2rem;background:#0b57d0;color:#fff;border:0;border-radius:6px;cursor:pointer}a{color:#0b57d0}</style>
</head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
