// @ts-check
// The payments function: POST /payments/checkout starts a card payment of a booking's deposit (the
// guest's link token in, the provider's checkout URL out); POST /payments/webhook/<provider> takes the
// provider's signed event and has the database record the deposit exactly once. Web-standard
// Request → Response, so the same handler runs in the local stack's Node process (behind the gateway at
// /functions/v1/payments/…) and as a Supabase Edge Function (index.ts). It reaches the database through
// the REST API as service role: the functions it calls are granted to nobody else.

/**
 * @param {{ apiUrl: string, serviceRoleKey: string, provider: import('./provider.mjs').PaymentProvider, fetch?: typeof fetch, log?: (line: string) => void }} options
 * @returns {(request: Request) => Promise<Response>}
 */
export function createPaymentsHandler({ apiUrl, serviceRoleKey, provider, fetch: fetchImpl = globalThis.fetch, log = () => {} }) {
  /** @param {string} name @param {Record<string, unknown>} args */
  async function rpc(name, args) {
    const response = await fetchImpl(`${apiUrl.replace(/\/$/, '')}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
    if (!response.ok) throw new Error(`${name}: ${response.status} ${await response.text()}`);
    return /** @type {any} */ (await response.json());
  }

  return async function handlePayments(request) {
    const url = new URL(request.url);
    const at = url.pathname.indexOf('/payments');
    const path = at === -1 ? url.pathname : url.pathname.slice(at + '/payments'.length) || '/';

    if (path === '/checkout' && request.method === 'POST') {
      const body = /** @type {any} */ (await request.json().catch(() => null));
      const token = typeof body?.token === 'string' ? body.token : '';
      const start = await rpc('booking_payment_start', { p_token: token });
      // The database's reason as it gave it: the English, and the refusal the page says in the guest's language.
      if (!start?.ok) return json(200, { ok: false, reason: start?.reason ?? 'This booking link is not valid.', ...(start?.refusal ? { refusal: start.refusal } : {}) });
      const back = returnUrl(start.return_url, request.headers.get('origin'));
      const success = `${back}?payment=done`;
      const cancel = `${back}?payment=cancelled`;
      try {
        const checkout = await provider.createCheckout(start, { secret_key: start.secret_key, webhook_secret: start.webhook_secret }, { success, cancel }, url);
        return json(200, { ok: true, url: checkout.url });
      } catch (error) {
        log(`payments: checkout for ${start.reservation_id} failed: ${error instanceof Error ? error.message : String(error)}`);
        return json(502, { ok: false, reason: 'The card payment could not start. Try again in a moment.' });
      }
    }

    const webhook = /^\/webhook\/(stripe|test)$/.exec(path);
    if (webhook && request.method === 'POST') {
      if (webhook[1] !== provider.name) return json(404, { received: false, reason: `This deployment takes ${provider.name} webhooks.` });
      const rawBody = await request.text();
      const reservationId = provider.reservationOf(rawBody);
      const keys = reservationId ? await rpc('booking_payment_keys', { p_reservation_id: reservationId }) : null;
      if (!keys) return json(400, { received: false, reason: 'The event names no online booking with card payment.' });
      let paid;
      try {
        paid = await provider.verifyWebhook(rawBody, request.headers, keys);
      } catch (error) {
        return json(400, { received: false, reason: error instanceof Error ? error.message : 'The signature does not match.' });
      }
      if (!paid) return json(200, { received: true, applied: false });
      if (paid.reservationId !== reservationId) return json(400, { received: false, reason: 'The event names two bookings.' });
      const result = await rpc('booking_payment_record', {
        p_reservation_id: paid.reservationId, p_provider: provider.name, p_event_id: paid.eventId, p_amount: paid.amount, p_currency: paid.currency, p_reference: paid.reference,
      });
      if (!result?.ok) log(`payments: ${provider.name} event ${paid.eventId} not applied: ${result?.reason}`);
      return json(200, { received: true, applied: Boolean(result?.ok && !result.duplicate && !result.already_paid), ...result });
    }

    const own = provider.handle ? await provider.handle(request, path) : null;
    return own ?? json(404, { message: 'No such payments route.' });
  };
}

/**
 * The guest's booking page to come back to: the database's link (on the site steward.site_url names),
 * on the origin the guest's page called from when the browser says so (a preview or a second domain).
 * @param {string} link @param {string | null} origin
 */
export function returnUrl(link, origin) {
  if (!origin || !/^https?:\/\/[^/\s]+$/i.test(origin)) return link;
  const path = new URL(link);
  return `${origin}${path.pathname}`;
}

/** @param {number} status @param {unknown} body */
function json(status, body) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}
