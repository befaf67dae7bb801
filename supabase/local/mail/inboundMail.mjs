// @ts-check
// The stack's inbound mail: an SMTP server (gateway port + 6) that takes mail for *@<inbound domain>
// (STEWARD_INBOUND_DOMAIN), stores its attachments in the private bucket message-files through the
// Storage API, and files the message with app.receive_mail — the function a hosted deployment's mail
// provider calls through its inbound webhook. Mail for any other domain is refused at RCPT TO.
import { randomUUID } from 'node:crypto';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SERVICE_ROLE_KEY } from '../keys.mjs';

/** A message larger than this is refused at DATA (the attachments' own limits are 10 MB and 20 MB). */
const MAX_MESSAGE_BYTES = 30 * 1024 * 1024;
const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/**
 * @param {import('mailparser').AddressObject | import('mailparser').AddressObject[] | undefined} field
 * @returns {string[]}
 */
function addresses(field) {
  const list = Array.isArray(field) ? field : field ? [field] : [];
  return list.flatMap((item) => item.value.map((entry) => entry.address ?? '')).filter(Boolean);
}

/**
 * @param {{ config: import('../config.mjs').StackConfig, pool: import('pg').Pool, log: import('../log.mjs').Logger }} options
 * @returns {Promise<{ port: number, stop: () => Promise<void> }>}
 */
export async function startInboundMail({ config, pool, log }) {
  const domain = config.inboundDomain;

  /**
   * Which organisation a recipient address names (its slug before any +), or null. The slug is also the
   * folder of the organisation's message files (lower-case app.org_slug, its unique index).
   * @param {string} address @returns {Promise<{ name: string, slug: string } | null>}
   */
  async function organisationOf(address) {
    const [local = '', host = ''] = address.toLowerCase().split('@');
    if (host !== domain) return null;
    const slug = local.split('+')[0] ?? '';
    const { rows } = await pool.query(
      `select o.name from public.organizations o where lower(app.org_slug(o.name)) = $1 and o.name <> '_system_default_' limit 1`,
      [slug],
    );
    return rows[0] ? { name: /** @type {string} */ (rows[0].name), slug } : null;
  }

  /** @param {string} name @param {Buffer} content @param {string} contentType */
  async function storeAttachment(name, content, contentType) {
    const response = await fetch(`${config.apiUrl}/storage/v1/object/message-files/${name.split('/').map(encodeURIComponent).join('/')}`, {
      method: 'POST',
      headers: { apikey: SERVICE_ROLE_KEY, authorization: `Bearer ${SERVICE_ROLE_KEY}`, 'content-type': contentType || 'application/octet-stream' },
      body: new Uint8Array(content),
    });
    if (!response.ok) throw new Error(`storing an attachment failed (${response.status} ${await response.text()})`);
  }

  const server = new SMTPServer({
    name: domain,
    banner: 'Steward inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    async onRcptTo(address, _session, callback) {
      try {
        if (await organisationOf(address.address)) return callback();
        const refusal = /** @type {Error & { responseCode?: number }} */ (new Error(`No mailbox here for ${address.address}`));
        refusal.responseCode = 550;
        return callback(refusal);
      } catch (error) {
        const busy = /** @type {Error & { responseCode?: number }} */ (new Error('Try again later'));
        busy.responseCode = 451;
        log.error(`inbound mail: ${/** @type {Error} */ (error)?.message ?? error}`);
        return callback(busy);
      }
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (/** @type {{ sizeExceeded?: boolean }} */ (stream).sizeExceeded) {
            const tooLarge = /** @type {Error & { responseCode?: number }} */ (new Error('Message too large'));
            tooLarge.responseCode = 552;
            throw tooLarge;
          }
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
          const organisation = await organisationOf(recipients[0] ?? '');
          if (!organisation) throw Object.assign(new Error('No mailbox here'), { responseCode: 550 });
          const { slug } = organisation;
          const attachments = [];
          for (const file of parsed.attachments ?? []) {
            if (file.size > MAX_ATTACHMENT_BYTES) continue;
            const storagePath = `${slug}/${randomUUID()}`;
            await storeAttachment(storagePath, file.content, file.contentType);
            attachments.push({ file_name: file.filename ?? 'attachment', content_type: file.contentType, size_bytes: file.size, storage_path: storagePath });
          }
          const from = parsed.from?.value[0];
          const references = Array.isArray(parsed.references) ? parsed.references : parsed.references ? [parsed.references] : [];
          await pool.query('select app.receive_mail($1)', [
            {
              // The envelope's recipients at the inbound domain first: they name the organisation.
              to: [...new Set([...recipients, ...addresses(parsed.to).map((address) => address.toLowerCase())])],
              cc: addresses(parsed.cc),
              from: from?.address ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ''),
              from_name: from?.name ?? null,
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : null,
              message_id: parsed.messageId ?? null,
              in_reply_to: parsed.inReplyTo ?? null,
              references,
              attachments,
            },
          ]);
          callback();
        })
        .catch((/** @type {Error & { responseCode?: number }} */ error) => {
          log.error(`inbound mail: ${error?.message ?? error}`);
          if (!error.responseCode) error.responseCode = 451;
          callback(error);
        });
    },
  });
  server.on('error', (error) => log.error(`inbound mail: ${error.message}`));
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.inboundSmtpPort, config.host, () => {
      server.off('error', reject);
      resolve(undefined);
    });
  });
  return {
    port: config.inboundSmtpPort,
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
