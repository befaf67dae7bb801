// @ts-check
// The inbound-mail function: a hosted deployment's mail provider posts each received mail here (docs/
// deploy.md, step 7). It checks the provider's signature, stores the attachments in the private bucket
// message-files as `<org slug>/<uuid>` through the Storage API, and files the mail with
// public.receive_inbound_mail — app.receive_mail, the function the local stack's SMTP server calls
// (supabase/local/mail/inboundMail.mjs) — as service role. Web-standard Request → Response, so the same
// handler runs in Node (the unit tests) and as a Supabase Edge Function (index.ts).
// Answers as Mailgun reads them: 200 filed (or seen before), 406 refused for good (not retried: no
// organisation receives at the address, the sender is no address), 401 a bad signature, 5xx retried later.
import { SignatureError, mailFromMailgun, verifyMailgunSignature } from './mailgun.mjs';

/** A received attachment larger than this is left out (the composer's own limit). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/**
 * @param {{ apiUrl: string, serviceRoleKey: string, signingKey: string, fetch?: typeof fetch, now?: () => number, log?: (line: string) => void }} options
 * @returns {(request: Request) => Promise<Response>}
 */
export function createInboundMailHandler({ apiUrl, serviceRoleKey, signingKey, fetch: fetchImpl = globalThis.fetch, now = () => Date.now(), log = () => {} }) {
  const base = apiUrl.replace(/\/$/, '');
  const auth = { apikey: serviceRoleKey, authorization: `Bearer ${serviceRoleKey}` };
  /** @param {string} path */
  const objectUrl = (path) => `${base}/storage/v1/object/message-files/${path.split('/').map(encodeURIComponent).join('/')}`;

  return async function handleInboundMail(request) {
    if (request.method !== 'POST') return json(405, { received: false, reason: 'Post the mail.' });
    /** @type {FormData} */
    let form;
    try {
      form = await request.formData();
    } catch {
      return json(400, { received: false, reason: 'The post is not a form.' });
    }
    try {
      const fields = { timestamp: String(form.get('timestamp') ?? ''), token: String(form.get('token') ?? ''), signature: String(form.get('signature') ?? '') };
      await verifyMailgunSignature(fields, signingKey, Math.floor(now() / 1000));
    } catch (error) {
      if (error instanceof SignatureError) return json(401, { received: false, reason: error.message });
      throw error;
    }

    const { mail, files, slug } = mailFromMailgun(form);
    if (!/^[a-z0-9_-]+$/.test(slug)) return json(406, { received: false, reason: 'No organisation receives mail at that address' });
    /** @type {{ file_name: string, content_type: string, size_bytes: number, storage_path: string }[]} */
    const attachments = [];
    try {
      for (const file of files) {
        if (file.size > MAX_ATTACHMENT_BYTES) continue;
        const storagePath = `${slug}/${crypto.randomUUID()}`;
        const contentType = file.type || 'application/octet-stream';
        const stored = await fetchImpl(objectUrl(storagePath), { method: 'POST', headers: { ...auth, 'content-type': contentType }, body: new Uint8Array(await file.arrayBuffer()) });
        if (!stored.ok) throw new Error(`storing ${file.name} failed (${stored.status} ${await stored.text()})`);
        attachments.push({ file_name: file.name || 'attachment', content_type: contentType, size_bytes: file.size, storage_path: storagePath });
      }
      const filed = await fetchImpl(`${base}/rest/v1/rpc/receive_inbound_mail`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ p_mail: { ...mail, attachments } }),
      });
      const body = /** @type {any} */ (await filed.json().catch(() => null));
      if (filed.ok) return json(200, { received: true, id: body });
      await removeStored(attachments);
      // The database's refusal (no organisation at the address, a sender that is no address): for good.
      if (body?.code === '22023') return json(406, { received: false, reason: body.message });
      log(`inbound mail: filing failed (${filed.status} ${JSON.stringify(body)})`);
      return json(503, { received: false, reason: 'The mail could not be filed. It will be posted again.' });
    } catch (error) {
      await removeStored(attachments);
      log(`inbound mail: ${error instanceof Error ? error.message : String(error)}`);
      return json(503, { received: false, reason: 'The mail could not be filed. It will be posted again.' });
    }
  };

  /** The attachments stored for a mail that was not filed (a retried post stores its own). @param {{ storage_path: string }[]} stored */
  async function removeStored(stored) {
    if (!stored.length) return;
    await fetchImpl(`${base}/storage/v1/object/message-files`, {
      method: 'DELETE',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ prefixes: stored.map((file) => file.storage_path) }),
    }).catch(() => undefined);
  }
}

/** @param {number} status @param {unknown} body */
function json(status, body) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
}
