// The payments function as a Supabase Edge Function (Deno): Stripe Checkout with each organisation's
// keys. Deploy with `supabase functions deploy payments --no-verify-jwt` (Stripe's webhooks carry no
// JWT; the function checks their signatures itself). The local stack serves the same handler with the
// test double instead (supabase/local/stack.mjs); see docs/deploy.md.
import { createPaymentsHandler } from './handler.mjs';
import { createStripeProvider } from './stripe.mjs';

declare const Deno: { env: { get(name: string): string | undefined }; serve(handler: (request: Request) => Promise<Response>): void };

const handler = createPaymentsHandler({
  apiUrl: Deno.env.get('SUPABASE_URL') ?? '',
  serviceRoleKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
  provider: createStripeProvider(),
  log: (line) => console.error(line),
});

const CORS = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, apikey, content-type, x-client-info' };

Deno.serve(async (request) => {
  if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS });
  const response = await handler(request);
  for (const [name, value] of Object.entries(CORS)) response.headers.set(name, value);
  return response;
});
