import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createInboundMailHandler } from './handler.mjs';
import { SignatureError, parseAddressList, verifyMailgunSignature } from './mailgun.mjs';

// The hosted inbound webhook with Mailgun's posts (a route's forward()), fetch stubbed: the signature in
// Mailgun's scheme (hex HMAC-SHA256 of timestamp + token), the form fields parsed into the call
// app.receive_mail takes, the attachments stored first and removed again when the mail is refused.

const KEY = 'key-mailgun-signing';
const NOW = 1_800_000_000;
const TOKEN = 'a'.repeat(50);
// Computed with Node's crypto (independent of the Web Crypto code under test).
const signatureOf = (timestamp: string, token: string, key = KEY) => createHmac('sha256', key).update(`${timestamp}${token}`).digest('hex');

function post(fields: Record<string, string>, files: File[] = [], signed: Partial<{ timestamp: string; token: string; signature: string }> = {}) {
  const form = new FormData();
  const timestamp = signed.timestamp ?? String(NOW - 10);
  const token = signed.token ?? TOKEN;
  form.set('timestamp', timestamp);
  form.set('token', token);
  form.set('signature', signed.signature ?? signatureOf(timestamp, token));
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  files.forEach((file, index) => form.set(`attachment-${index + 1}`, file));
  if (files.length) form.set('attachment-count', String(files.length));
  return new Request('https://project.supabase.co/functions/v1/inbound-mail', { method: 'POST', body: form });
}

const REPLY = {
  recipient: 'cedargrove+0123456789abcdef0123456789abcdef@in.example.org',
  sender: 'bounce-abigail@mail.example',
  from: 'Abigail Foster <Abigail.Foster@mail.example>',
  subject: 'Re: Welcome, Abigail',
  'body-plain': 'Thank you, see you soon!',
  'body-html': '<p>Thank you, see you soon!</p>',
  'message-headers': JSON.stringify([
    ['From', '"Foster, Abigail" <Abigail.Foster@mail.example>'],
    ['To', 'Cedar Desk <cedargrove+0123456789abcdef0123456789abcdef@in.example.org>, "Doe, Jo" <jo@mail.example>'],
    ['Cc', 'kim@mail.example'],
    ['Message-Id', '<reply-1@mail.example>'],
    ['In-Reply-To', '<sent-1@steward.example>'],
    ['References', '<first@steward.example> <sent-1@steward.example>'],
  ]),
};

type Call = { url: string; method: string; headers: Record<string, string>; body: unknown };

/** The API as the function reaches it: storage uploads and removals, and the filing rpc answering `filed`. */
function stubApi(filed: { status: number; body: unknown }) {
  const calls: Call[] = [];
  const fetchStub = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body instanceof Uint8Array ? new TextDecoder().decode(init.body) : typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    calls.push({ url, method: init?.method ?? 'GET', headers: Object.fromEntries(new Headers(init?.headers).entries()), body });
    if (url.includes('/rest/v1/rpc/receive_inbound_mail')) return new Response(JSON.stringify(filed.body), { status: filed.status, headers: { 'content-type': 'application/json' } });
    return new Response('{}', { status: 200 });
  }) as typeof fetch;
  const handler = createInboundMailHandler({ apiUrl: 'https://project.supabase.co/', serviceRoleKey: 'service-key', signingKey: KEY, fetch: fetchStub, now: () => NOW * 1000 });
  return { handler, calls };
}

describe("Mailgun's signature", () => {
  it('accepts a fresh post signed with the key, and refuses another key, a changed token, an old one or none', async () => {
    const timestamp = String(NOW - 10);
    await expect(verifyMailgunSignature({ timestamp, token: TOKEN, signature: signatureOf(timestamp, TOKEN) }, KEY, NOW)).resolves.toBeUndefined();
    await expect(verifyMailgunSignature({ timestamp, token: TOKEN, signature: signatureOf(timestamp, TOKEN, 'other-key') }, KEY, NOW)).rejects.toThrow('The signature does not match.');
    await expect(verifyMailgunSignature({ timestamp, token: `${TOKEN}b`, signature: signatureOf(timestamp, TOKEN) }, KEY, NOW)).rejects.toThrow('The signature does not match.');
    const old = String(NOW - 301);
    await expect(verifyMailgunSignature({ timestamp: old, token: TOKEN, signature: signatureOf(old, TOKEN) }, KEY, NOW)).rejects.toThrow('The signature is too old.');
    await expect(verifyMailgunSignature({ timestamp: '', token: '', signature: '' }, KEY, NOW)).rejects.toBeInstanceOf(SignatureError);
    await expect(verifyMailgunSignature({ timestamp, token: TOKEN, signature: signatureOf(timestamp, TOKEN, '') }, '', NOW)).rejects.toThrow('No Mailgun signing key is set for this function.');
  });
});

describe('address headers', () => {
  it('splits at commas outside quotes and angle brackets, lower-cases the addresses and keeps the names', () => {
    expect(parseAddressList('"Doe, Jo" <Jo@Mail.example>, kim@mail.example, Ann <ann@x.example>,, not an address')).toEqual([
      { name: 'Doe, Jo', address: 'jo@mail.example' },
      { name: null, address: 'kim@mail.example' },
      { name: 'Ann', address: 'ann@x.example' },
    ]);
  });
});

describe('the inbound-mail function', () => {
  it("files a signed reply with app.receive_mail's fields, its attachment stored first under the organisation's folder", async () => {
    const { handler, calls } = stubApi({ status: 200, body: 'c0ffee00-0000-4000-8000-000000000001' });
    const invoice = new File(['%PDF-1.4 invoice'], 'invoice.pdf', { type: 'application/pdf' });
    const response = await handler(post(REPLY, [invoice]));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, id: 'c0ffee00-0000-4000-8000-000000000001' });

    const [upload, rpc] = calls;
    expect(calls).toHaveLength(2);
    expect(upload).toMatchObject({ method: 'POST', headers: { authorization: 'Bearer service-key', apikey: 'service-key', 'content-type': 'application/pdf' }, body: '%PDF-1.4 invoice' });
    const path = /\/storage\/v1\/object\/message-files\/(cedargrove\/[0-9a-f-]{36})$/.exec(upload!.url)?.[1];
    expect(path).toBeTruthy();
    expect(rpc!.url).toBe('https://project.supabase.co/rest/v1/rpc/receive_inbound_mail');
    expect(rpc!.body).toEqual({
      p_mail: {
        to: ['cedargrove+0123456789abcdef0123456789abcdef@in.example.org', 'jo@mail.example'],
        cc: ['kim@mail.example'],
        from: 'abigail.foster@mail.example',
        from_name: 'Foster, Abigail',
        subject: 'Re: Welcome, Abigail',
        text: 'Thank you, see you soon!',
        html: '<p>Thank you, see you soon!</p>',
        message_id: '<reply-1@mail.example>',
        in_reply_to: '<sent-1@steward.example>',
        references: ['<first@steward.example>', '<sent-1@steward.example>'],
        attachments: [{ file_name: 'invoice.pdf', content_type: 'application/pdf', size_bytes: 16, storage_path: path }],
      },
    });
  });

  it('refuses a post whose signature does not match, storing and filing nothing', async () => {
    const { handler, calls } = stubApi({ status: 200, body: 'x' });
    const response = await handler(post(REPLY, [new File(['x'], 'x.txt')], { signature: signatureOf(String(NOW - 10), TOKEN, 'forged') }));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ received: false, reason: 'The signature does not match.' });
    expect(calls).toEqual([]);
  });

  it("answers the database's refusal with 406 (not posted again) in its words, and removes the attachments it stored", async () => {
    const { handler, calls } = stubApi({ status: 400, body: { code: '22023', message: 'No organisation receives mail at that address' } });
    const response = await handler(post({ ...REPLY, recipient: 'nobody@in.example.org', 'message-headers': '[]' }, [new File(['x'], 'x.txt', { type: 'text/plain' })]));
    expect(response.status).toBe(406);
    expect(await response.json()).toEqual({ received: false, reason: 'No organisation receives mail at that address' });
    const stored = /message-files\/(nobody\/[0-9a-f-]{36})$/.exec(calls[0]!.url)?.[1];
    expect(calls.at(-1)).toMatchObject({ method: 'DELETE', url: 'https://project.supabase.co/storage/v1/object/message-files', body: { prefixes: [stored] } });
  });

  it('asks to be posted again when the database cannot be reached, leaving no stored attachment behind', async () => {
    const { handler, calls } = stubApi({ status: 503, body: { message: 'upstream down' } });
    const response = await handler(post(REPLY, [new File(['x'], 'x.txt')]));
    expect(response.status).toBe(503);
    expect(calls.map((call) => call.method)).toEqual(['POST', 'POST', 'DELETE']);
  });

  it('leaves out an attachment over 10 MB and files the rest', async () => {
    const { handler, calls } = stubApi({ status: 200, body: 'id' });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.bin');
    const response = await handler(post(REPLY, [big, new File(['small'], 'small.txt', { type: 'text/plain' })]));
    expect(response.status).toBe(200);
    expect(calls).toHaveLength(2);
    expect((calls[1]!.body as { p_mail: { attachments: { file_name: string }[] } }).p_mail.attachments.map((file) => file.file_name)).toEqual(['small.txt']);
  });
});
