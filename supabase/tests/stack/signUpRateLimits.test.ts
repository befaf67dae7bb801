import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_AUTH_RATE_LIMITS, authRateLimitsFromToml } from '../../local/config.mjs';
import { buildFromMigrations, withScratchDatabase } from '../../local/schema/builds.mjs';
import { signUpOrganization, type SignedUpOrganization } from '../rls/signUpOrganization';
import { postFromAddress } from './postFromAddress';
import { connectDb, testStack } from './testStack';

// Apply for Access and the invitation functions create logins and check mailed codes in the database,
// past auth's own limits; they count requests per client address as auth does. The limits are lowered
// for this file (and put back after); requests come from loopback addresses no other test uses, so the
// gateway reports each as a client of its own.
const stack = testStack();
const LIMIT = 3;
let db: pg.Client;
let owner: SignedUpOrganization;
let saved: { name: string; per_five_minutes: number }[] = [];
let nextIp = 10;

/** A loopback address no other request of the run has come from. */
function freshIp(): string {
  nextIp += 1;
  return `127.0.77.${nextIp}`;
}

type Answer = { status: number; body: { code?: string; message?: string } | null };

/** An RPC through the gateway, from a given local address, with extra request headers. */
function rpc(fromIp: string, fn: string, args: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  return postFromAddress(fromIp, `${stack.apiUrl}/rest/v1/rpc/${fn}`, args, { apikey: stack.anonKey, ...headers }) as Promise<Answer>;
}

const application = (overrides: Record<string, unknown> = {}) => {
  const suffix = randomUUID().slice(0, 8);
  return { p_email: `limit-${suffix}@example.com`, p_password: 'long-enough-password', p_full_name: 'Lim Itt', p_business_name: `Limited ${suffix}`, ...overrides };
};

const refused = { status: 429, body: { code: 'over_request_rate_limit', message: 'Request rate limit reached', details: null, hint: null } };

async function organizationCount(): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*)::int as n from public.organizations');
  return rows[0]?.n ?? 0;
}

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
  owner = await signUpOrganization(stack, 'Limit Inviter');
  saved = (await db.query<{ name: string; per_five_minutes: number }>('select name, per_five_minutes from app.request_limits')).rows;
  await db.query('update app.request_limits set per_five_minutes = $1', [LIMIT]);
});

afterAll(async () => {
  for (const row of saved) await db.query('update app.request_limits set per_five_minutes = $2 where name = $1', [row.name, row.per_five_minutes]);
  await db?.end();
});

describe('the limits', () => {
  it('are config.toml’s [auth.rate_limit] values in a database the migrations build (what a hosted project runs with)', async () => {
    const toml = authRateLimitsFromToml();
    const limits = await withScratchDatabase('rate-limits', async (client) => {
      await buildFromMigrations(client);
      return (await client.query<{ name: string; per_five_minutes: number }>('select name, per_five_minutes from app.request_limits order by name')).rows;
    });
    expect(limits).toEqual([
      // The public booking page's own limits (not auth's): set by the migration that adds them.
      { name: 'booking_requests', per_five_minutes: 20 },
      { name: 'booking_searches', per_five_minutes: 300 },
      { name: 'sign_in_sign_ups', per_five_minutes: toml.signInSignUps },
      { name: 'token_verifications', per_five_minutes: toml.tokenVerifications },
    ]);
  }, 60_000);

  it('are written by the local stack from its configuration at start', () => {
    expect(Object.fromEntries(saved.map((row) => [row.name, row.per_five_minutes]))).toEqual({
      booking_requests: 20,
      booking_searches: 300,
      sign_in_sign_ups: TEST_AUTH_RATE_LIMITS.signInSignUps,
      token_verifications: TEST_AUTH_RATE_LIMITS.tokenVerifications,
    });
  });
});

describe('Apply for Access (sign_in_sign_ups)', () => {
  it('refuses a client past the limit with 429 over_request_rate_limit and creates nothing; another client is not affected', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i += 1) expect((await rpc(ip, 'apply_for_access', application())).status).toBe(200);
    const before = await organizationCount();
    expect(await rpc(ip, 'apply_for_access', application())).toEqual(refused);
    expect(await organizationCount()).toBe(before);
    expect((await rpc(freshIp(), 'apply_for_access', application())).status).toBe(200);
  });

  it('counts the requests a rule refuses too, so existing addresses cannot be looked up without limit', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i += 1) {
      const answer = await rpc(ip, 'apply_for_access', application({ p_email: owner.email }));
      expect(answer).toEqual({ status: 400, body: { code: 'ST006', message: 'A user with this email already exists', details: null, hint: null } });
    }
    expect(await rpc(ip, 'apply_for_access', application({ p_email: owner.email }))).toEqual(refused);
  });

  it('does not take a client’s word for its address (x-forwarded-for, cf-connecting-ip)', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i += 1) await rpc(ip, 'apply_for_access', application({ p_business_name: '' }));
    const claimed = await rpc(ip, 'apply_for_access', application(), {
      'x-forwarded-for': `10.9.${nextIp}.1`,
      'cf-connecting-ip': `10.9.${nextIp}.2`,
      'x-real-ip': `10.9.${nextIp}.3`,
    });
    expect(claimed).toEqual(refused);
  });

  it('leaves SQL run by the service uncounted', async () => {
    const { rows } = await db.query<{ result: { org_name: string } }>(
      'select public.apply_for_access($1, $2, $3, $4) as result',
      [`sql-${randomUUID().slice(0, 8)}@example.com`, 'long-enough-password', 'Sql Owner', `Sql ${randomUUID().slice(0, 8)}`],
    );
    expect(rows[0]?.result.org_name).toMatch(/^Sql /);
  });
});

describe('invitations', () => {
  it('a code request is counted as a sign-up (it mails)', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMIT; i += 1) expect((await rpc(ip, 'request_invite_code', { p_email: `nobody-${i}-${randomUUID().slice(0, 6)}@example.com` })).status).toBe(204);
    expect(await rpc(ip, 'request_invite_code', { p_email: `nobody-${randomUUID().slice(0, 6)}@example.com` })).toEqual(refused);
  });

  it('code checks (find_pending_invite, activate_invite) share the token_verifications limit, wrong codes counted', async () => {
    const ip = freshIp();
    const email = () => `guess-${randomUUID().slice(0, 6)}@example.com`;
    expect((await rpc(ip, 'find_pending_invite', { p_email: email(), p_code: '123456' })).body?.code).toBe('ST011');
    expect((await rpc(ip, 'find_pending_invite', { p_email: email(), p_code: '123456' })).body?.code).toBe('ST011');
    const activation = { p_email: email(), p_code: '123456', p_password: 'long-enough-password', p_full_name: 'Guess Er' };
    expect((await rpc(ip, 'activate_invite', activation)).body?.code).toBe('ST011');
    expect(await rpc(ip, 'activate_invite', activation)).toEqual(refused);
    expect(await rpc(ip, 'find_pending_invite', { p_email: email(), p_code: '123456' })).toEqual(refused);
    expect((await rpc(freshIp(), 'find_pending_invite', { p_email: email(), p_code: '123456' })).body?.code).toBe('ST011');
  });
});
