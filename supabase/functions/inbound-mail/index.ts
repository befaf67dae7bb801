// The inbound-mail function as a Supabase Edge Function (Deno): the mail provider's inbound webhook
// (Mailgun routes: forward("https://<ref>.supabase.co/functions/v1/inbound-mail")). Deploy with
// `supabase functions deploy inbound-mail --no-verify-jwt` (the provider's posts carry no JWT; the
// function checks their signatures itself) and `supabase secrets set MAILGUN_WEBHOOK_SIGNING_KEY=…`.
// Locally the stack's own SMTP server files mail the same way (supabase/local/mail/inboundMail.mjs).
import { createInboundMailHandler } from './handler.mjs';

declare const Deno: { env: { get(name: string): string | undefined }; serve(handler: (request: Request) => Promise<Response>): void };

const handler = createInboundMailHandler({
  apiUrl: Deno.env.get('SUPABASE_URL') ?? '',
  serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
  signingKey: Deno.env.get('MAILGUN_WEBHOOK_SIGNING_KEY') ?? '',
  log: (line) => console.error(line),
});

Deno.serve(handler);
