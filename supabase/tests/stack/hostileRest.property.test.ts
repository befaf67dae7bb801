import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { testStack } from './testStack';

/**
 * The REST API under hostile input, through the gateway as a signed-in owner: arbitrary select, order
 * and filter strings, arbitrary JSON bodies and RPC arguments, oversized bodies. Every answer is JSON
 * with a status below 500, and nothing of another organisation comes back.
 * Bounded in `npm test`; `npm run bench` runs more (STEWARD_PROPERTY_RUNS).
 */
const RUNS = Number(process.env.STEWARD_PROPERTY_RUNS ?? 30);
const stack = testStack();
const SYSTEM_ORG = '_system_default_';

let victim: SignedUpOrganization;
let attacker: SignedUpOrganization;
let token = '';
let requests = 0;

beforeAll(async () => {
  [victim, attacker] = await Promise.all([signUpOrganization(stack, 'Hostile Victim'), signUpOrganization(stack, 'Hostile Attacker')]);
  const { error } = await victim.client.schema('crm').from('businesses').insert({ name: 'Victim Secret Ltd' });
  expect(error).toBeNull();
  token = (await attacker.client.auth.getSession()).data.session?.access_token ?? '';
  expect(token).not.toBe('');
});

afterAll(() => {
  console.log(`hostile REST property: ${requests} requests, none answered 5xx`);
});

async function call(method: string, pathAndQuery: string, body?: string | Uint8Array<ArrayBuffer>, headers: Record<string, string> = {}) {
  requests += 1;
  const response = await fetch(`${stack.apiUrl}/rest/v1${pathAndQuery}`, {
    method,
    headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'accept-profile': 'crm', 'content-profile': 'crm', 'content-type': 'application/json', ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, text, type: response.headers.get('content-type') ?? '' };
}

function expectSafe(answer: { status: number; text: string; type: string }, what: string) {
  expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
  expect(answer.text, what).not.toContain('Victim Secret');
  expect(answer.text, what).not.toContain(victim.orgName);
  if (answer.text !== '') expect(answer.type, what).toContain('json');
}

/** Strings built from PostgREST's own syntax, SQL fragments and other organisations' names. */
const token$ = fc.constantFrom(
  '*', ',', '(', ')', '.', ':', '::', '->', '->>', '!inner', 'eq', 'neq', 'or', 'and', 'not', 'is', 'null', 'in', 'like', 'ilike',
  'org_name', 'id', 'name', 'businesses', 'contacts', 'user_profiles', 'auth.users', 'pg_sleep(10)', "'", '"', ';', '--', '%', '%00', '\\',
  'select', 'union', 'desc', 'asc', 'nullsfirst', ' ', '=', '&', '#', '..', SYSTEM_ORG,
);
const hostile = fc.oneof(fc.string({ unit: token$, maxLength: 12 }), fc.string({ unit: 'grapheme', maxLength: 40 }));
const param = (value: string) => encodeURIComponent(value);

describe('hostile REST input (property)', () => {
  it('select, order and filter strings: 4xx or rows of the caller’s organisation only, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, hostile, hostile, hostile, async (select, order, column, filter) => {
        expectSafe(await call('GET', `/businesses?select=${param(select)}`), `select=${select}`);
        expectSafe(await call('GET', `/businesses?select=id,org_name&order=${param(order)}`), `order=${order}`);
        const filtered = await call('GET', `/businesses?select=id,org_name&${param(column)}=${param(filter)}`);
        expectSafe(filtered, `${column}=${filter}`);
        expectSafe(await call('GET', `/businesses?select=id,org_name&or=(${param(filter)})`), `or=(${filter})`);
        if (filtered.status === 200) {
          for (const row of JSON.parse(filtered.text) as { org_name: string }[]) expect([attacker.orgName, SYSTEM_ORG]).toContain(row.org_name);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('arbitrary JSON bodies for inserts, updates and RPCs (Apply for Access among them): never 5xx', async () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    const row = fc.dictionary(fc.oneof(fc.constantFrom('name', 'org_name', 'id', 'archive', 'phone', 'email', 'created_by', 'notes'), hostile), json, { maxKeys: 5 });
    await fc.assert(
      fc.asyncProperty(row, json, async (body, anything) => {
        expectSafe(await call('POST', '/businesses', JSON.stringify(body), { prefer: 'return=minimal' }), `insert ${JSON.stringify(body)}`);
        expectSafe(await call('PATCH', `/businesses?org_name=eq.${param(victim.orgName)}`, JSON.stringify(body)), `update ${JSON.stringify(body)}`);
        expectSafe(await call('POST', '/businesses', JSON.stringify(anything)), `insert ${JSON.stringify(anything)}`);
        expectSafe(
          await call('POST', '/rpc/apply_for_access', JSON.stringify(body), { 'content-profile': 'public', 'accept-profile': 'public', authorization: `Bearer ${stack.anonKey}` }),
          `apply_for_access ${JSON.stringify(body)}`,
        );
      }),
      { numRuns: RUNS },
    );
    const { data } = await victim.client.schema('crm').from('businesses').select('name');
    expect(data?.map((business) => business.name)).toContain('Victim Secret Ltd');
  });

  it('an oversized body is refused with 413 before it reaches PostgREST, declared or chunked', async () => {
    const huge = new Uint8Array(9 * 1024 * 1024).fill(97);
    const declared = await call('POST', '/businesses', huge);
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i += 1) controller.enqueue(new Uint8Array(1024 * 1024).fill(97));
        controller.close();
      },
    });
    requests += 1;
    const chunked = await fetch(`${stack.apiUrl}/rest/v1/businesses`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, authorization: `Bearer ${token}`, 'content-profile': 'crm', 'content-type': 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    // The gateway answers 413 and closes; a client still sending may see the reset instead of the answer.
    if (chunked instanceof Response) expect(chunked.status).toBe(413);
    else expect(String((chunked as Error).cause ?? chunked)).toMatch(/ECONNRESET|EPIPE|other side closed|SocketError/);
    // The gateway still serves the next request.
    expect((await call('GET', '/businesses?select=id&limit=1')).status).toBe(200);
  });
});
