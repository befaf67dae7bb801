import { createHmac } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { createPaymentsHandler } from './handler.mjs';
import { fromMinorUnits, toMinorUnits } from './provider.mjs';
import { createStripeProvider, checkoutSessionForm } from './stripe.mjs';
import { SignatureError, stripeSignatureHeader, verifyStripeSignature } from './stripeSignature.mjs';

// Stripe Checkout behind the payment provider interface, with fetch stubbed: the request it sends to
// api.stripe.com, and webhook signatures in Stripe's scheme (HMAC-SHA256 over "<t>.<raw body>").

const SECRET = 'whsec_test_secret';
const PAYLOAD = '{"id":"evt_test_webhook","object":"event"}';
const T = 1_700_000_000;
// Computed once with Node's crypto (an implementation independent of the Web Crypto one under test):
// HMAC-SHA256(key "whsec_test_secret", "1700000000.{\"id\":\"evt_test_webhook\",\"object\":\"event\"}").
const VECTOR = 'd95c6b7477fbd7e9f90b1b0ef5f9c7ac25abca5382460e0d988c2b2a5b71b990';

const payment = {
  reservation_id: '6f1c2d3e-4b5a-4c6d-8e9f-0a1b2c3d4e5f',
  org_name: 'Cedar Grove',
  confirmation: 'A1B2C3D4',
  description: 'Deposit for Lodge Room 102, Jan 4 – Jan 6, 2027 (A1B2C3D4)',
  amount: 90.7,
  currency: 'USD',
  email: 'grace@example.com',
  return_url: 'https://steward.example/book/Cedar%20Grove/stay/abc',
};
const keys = { secret_key: 'sk_test_123', webhook_secret: SECRET };
const urls = { success: `${payment.return_url}?payment=done`, cancel: `${payment.return_url}?payment=cancelled` };

function completedEvent(overrides: Record<string, unknown> = {}) {
  return {
    id: 'evt_1',
    object: 'event',
    type: 'checkout.session.completed',
    data: { object: { id: 'cs_test_1', object: 'checkout.session', client_reference_id: payment.reservation_id, amount_total: 9070, currency: 'usd', payment_status: 'paid', ...overrides } },
  };
}

describe('Stripe webhook signatures', () => {
  it('signs as Stripe documents: t=<timestamp>,v1=<hex HMAC-SHA256 of "<t>.<body>">', async () => {
    expect(await stripeSignatureHeader(SECRET, PAYLOAD, T)).toBe(`t=${T},v1=${VECTOR}`);
    expect(createHmac('sha256', SECRET).update(`${T}.${PAYLOAD}`).digest('hex')).toBe(VECTOR);
  });

  it('accepts a valid header within the tolerance, among other schemes and signatures', async () => {
    await expect(verifyStripeSignature(`t=${T},v1=${VECTOR}`, PAYLOAD, SECRET, { now: T + 299 })).resolves.toBeUndefined();
    await expect(verifyStripeSignature(`t=${T},v1=${'0'.repeat(64)},v0=abc,v1=${VECTOR}`, PAYLOAD, SECRET, { now: T })).resolves.toBeUndefined();
  });

  it('refuses a changed body, another secret, a missing or old timestamp, and no header', async () => {
    const header = `t=${T},v1=${VECTOR}`;
    await expect(verifyStripeSignature(header, PAYLOAD.replace('evt_test_webhook', 'evt_other'), SECRET, { now: T })).rejects.toThrow('The signature does not match the payload.');
    await expect(verifyStripeSignature(header, PAYLOAD, 'whsec_other', { now: T })).rejects.toThrow(SignatureError);
    await expect(verifyStripeSignature(header, PAYLOAD, SECRET, { now: T + 301 })).rejects.toThrow('The signature is too old (or from the future).');
    await expect(verifyStripeSignature(`v1=${VECTOR}`, PAYLOAD, SECRET, { now: T })).rejects.toThrow('The Stripe-Signature header has no timestamp.');
    await expect(verifyStripeSignature(`t=${T}`, PAYLOAD, SECRET, { now: T })).rejects.toThrow('The Stripe-Signature header has no v1 signature.');
    await expect(verifyStripeSignature(null, PAYLOAD, SECRET, { now: T })).rejects.toThrow('No Stripe-Signature header.');
  });
});

describe('Stripe Checkout provider', () => {
  it('amounts go in the currency\'s smallest unit', () => {
    expect(toMinorUnits(90.7, 'USD')).toBe(9070);
    expect(toMinorUnits(0.29, 'eur')).toBe(29);
    expect(toMinorUnits(5000, 'JPY')).toBe(5000);
    expect(toMinorUnits(1.234, 'KWD')).toBe(1234);
    expect(fromMinorUnits(9070, 'usd')).toBe(90.7);
  });

  it('creates a Checkout Session with the organisation\'s secret key: one inline-priced line, the booking as reference', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }), { status: 200 }));
    const stripe = createStripeProvider({ fetch });
    const checkout = await stripe.createCheckout(payment, keys, urls, new URL('https://x.example/functions/v1/payments/checkout'));
    expect(checkout).toEqual({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit & { headers: Record<string, string> }];
    expect(url).toBe('https://api.stripe.com/v1/checkout/sessions');
    expect(init.method).toBe('POST');
    expect(init.headers.authorization).toBe('Bearer sk_test_123');
    expect(init.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(init.headers['idempotency-key']).toBe(`deposit-${payment.reservation_id}-9070`);
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      mode: 'payment',
      success_url: urls.success,
      cancel_url: urls.cancel,
      client_reference_id: payment.reservation_id,
      customer_email: 'grace@example.com',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '9070',
      'line_items[0][price_data][product_data][name]': payment.description,
      'metadata[reservation_id]': payment.reservation_id,
      'metadata[confirmation]': 'A1B2C3D4',
      'payment_intent_data[metadata][reservation_id]': payment.reservation_id,
    });
    expect(checkoutSessionForm(payment, urls).toString()).toBe(String(init.body));
  });

  it('reports Stripe\'s refusal as an error', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ error: { message: 'Invalid API Key provided: sk_test_***123' } }), { status: 401 }));
    await expect(createStripeProvider({ fetch }).createCheckout(payment, keys, urls, new URL('https://x.example/'))).rejects.toThrow('Stripe refused the checkout session: 401 Invalid API Key provided');
  });

  it('a signed checkout.session.completed event that is paid is the deposit paid; other events and unpaid sessions pay nothing', async () => {
    const now = Math.floor(Date.now() / 1000);
    const stripe = createStripeProvider();
    const verify = async (event: unknown) => {
      const body = JSON.stringify(event);
      return stripe.verifyWebhook(body, new Headers({ 'stripe-signature': await stripeSignatureHeader(SECRET, body, now) }), keys);
    };
    expect(await verify(completedEvent())).toEqual({ eventId: 'evt_1', reservationId: payment.reservation_id, amount: 90.7, currency: 'USD', reference: 'cs_test_1' });
    expect(await verify(completedEvent({ payment_status: 'unpaid' }))).toBeNull();
    expect(await verify({ ...completedEvent(), type: 'payment_intent.created' })).toBeNull();
    expect(stripe.reservationOf(JSON.stringify(completedEvent()))).toBe(payment.reservation_id);
    expect(stripe.reservationOf('not json')).toBeNull();
  });
});

describe('the payments handler', () => {
  const apiUrl = 'https://project.supabase.co';
  const start = { ok: true, ...payment, secret_key: 'sk_test_123', webhook_secret: SECRET };

  function stubbedFetch(answers: Record<string, unknown>) {
    return vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      if (url.startsWith('https://api.stripe.com/')) return new Response(JSON.stringify({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }));
      const name = url.slice(`${apiUrl}/rest/v1/rpc/`.length);
      const answer = answers[name];
      if (answer === undefined) return new Response('{"message":"unexpected"}', { status: 404 });
      return new Response(JSON.stringify(typeof answer === 'function' ? (answer as (body: unknown) => unknown)(JSON.parse(String(init?.body))) : answer));
    });
  }

  it('checkout: the database\'s deposit, the provider\'s URL; a refusal passes the database\'s reason on', async () => {
    const fetch = stubbedFetch({ booking_payment_start: start });
    const handle = createPaymentsHandler({ apiUrl, serviceRoleKey: 'service', provider: createStripeProvider({ fetch }), fetch });
    const answer = await handle(new Request(`${apiUrl}/functions/v1/payments/checkout`, { method: 'POST', body: JSON.stringify({ token: 'a'.repeat(48) }) }));
    expect(await answer.json()).toEqual({ ok: true, url: 'https://checkout.stripe.com/c/pay/cs_test_1' });
    const rpcCall = fetch.mock.calls.find(([url]) => String(url).includes('booking_payment_start')) as unknown as [string, RequestInit & { headers: Record<string, string> }];
    expect(rpcCall[1].headers.authorization).toBe('Bearer service');
    expect(JSON.parse(String(rpcCall[1].body))).toEqual({ p_token: 'a'.repeat(48) });

    const paid = { id: 'booking.depositPaid', message: 'The deposit for this booking is already paid.', values: {} };
    const refusing = stubbedFetch({ booking_payment_start: { ok: false, reason: paid.message, refusal: paid } });
    const handle2 = createPaymentsHandler({ apiUrl, serviceRoleKey: 'service', provider: createStripeProvider({ fetch: refusing }), fetch: refusing });
    const refused = await handle2(new Request(`${apiUrl}/functions/v1/payments/checkout`, { method: 'POST', body: '{}' }));
    // The refusal passes on as the database named it, for the page to say in the guest's language.
    expect(await refused.json()).toEqual({ ok: false, reason: paid.message, refusal: paid });
  });

  it('webhook: verified with the booking\'s organisation\'s secret, then recorded; a forged one is refused and records nothing', async () => {
    const recorded: unknown[] = [];
    const fetch = stubbedFetch({
      booking_payment_keys: { secret_key: 'sk_test_123', webhook_secret: SECRET },
      booking_payment_record: (body: unknown) => {
        recorded.push(body);
        return { ok: true, payment_id: 'p1' };
      },
    });
    const handle = createPaymentsHandler({ apiUrl, serviceRoleKey: 'service', provider: createStripeProvider({ fetch }), fetch });
    const body = JSON.stringify(completedEvent());
    const signature = await stripeSignatureHeader(SECRET, body, Math.floor(Date.now() / 1000));
    const ok = await handle(new Request(`${apiUrl}/functions/v1/payments/webhook/stripe`, { method: 'POST', body, headers: { 'stripe-signature': signature } }));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ received: true, applied: true });
    expect(recorded).toEqual([{ p_reservation_id: payment.reservation_id, p_provider: 'stripe', p_event_id: 'evt_1', p_amount: 90.7, p_currency: 'USD', p_reference: 'cs_test_1' }]);

    const forged = JSON.stringify(completedEvent({ amount_total: 1 }));
    const refused = await handle(new Request(`${apiUrl}/functions/v1/payments/webhook/stripe`, { method: 'POST', body: forged, headers: { 'stripe-signature': signature } }));
    expect(refused.status).toBe(400);
    expect(recorded).toHaveLength(1);
  });
});
