import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimits } from '../../local/auth/rateLimits.mjs';
import { REPO_ROOT, authRateLimitsFromToml, resolveStackConfig } from '../../local/config.mjs';
import { startStack, type RunningStack } from '../../local/stack.mjs';
import { mailOutboxUrl, mailsTo, waitForMail } from './mailOutbox';
import { postFromAddress } from './postFromAddress';
import { createTestClient, restartablePortBase, uniqueEmail } from './testStack';

// GoTrue's rate limits with small numbers, on a stack of its own. Requests are sent from different
// loopback addresses (127.0.0.x), so per-IP and per-address limits can be told apart.
const LIMITS = { signInSignUps: 4, tokenVerifications: 4, tokenRefresh: 3, emailSent: 8, emailMaxFrequencySeconds: 60 };
const PASSWORD = 'correct-horse-9';

let stack: RunningStack;
let base: number;
let dataDir: string;
let emptyDir: string;
let nextIp = 10;

/** A loopback address no other test in this file has used. */
function freshIp(): string {
  nextIp += 1;
  return `127.0.0.${nextIp}`;
}

type Answer = { status: number; body: Record<string, unknown> };

/** POST to the auth service from a given local address. */
async function post(fromIp: string, pathAndQuery: string, body: unknown): Promise<Answer> {
  const answer = await postFromAddress(fromIp, `http://127.0.0.1:${base}/auth/v1${pathAndQuery}`, body, { apikey: stack.anonKey });
  return { status: answer.status, body: (answer.body ?? {}) as Answer['body'] };
}

async function createUser(email: string) {
  const admin = createTestClient(stack.apiUrl, stack.serviceRoleKey);
  const { error } = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
  expect(error).toBeNull();
}

const signIn = (ip: string, email: string, password = 'not-the-password') => post(ip, '/token?grant_type=password', { email, password });

beforeAll(async () => {
  base = await restartablePortBase(400);
  dataDir = path.join(REPO_ROOT, '.steward', `test-rate-limits-${base}`);
  emptyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'steward-no-migrations-'));
  stack = await startStack({
    portBase: base,
    dataDir,
    fresh: true,
    migrationsDir: emptyDir,
    seedFile: path.join(emptyDir, 'seed.sql'),
    authRateLimits: LIMITS,
    log: 'silent',
  });
});

afterAll(async () => {
  await stack?.stop();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  if (emptyDir) await fs.rm(emptyDir, { recursive: true, force: true });
});

describe('the limits come from supabase/config.toml', () => {
  it('a stack started without overrides uses [auth.rate_limit] and [auth.email] max_frequency', () => {
    const fromToml = authRateLimitsFromToml();
    expect(resolveStackConfig({}, {}).authRateLimits).toEqual(fromToml);
    expect(fromToml.signInSignUps).toBeGreaterThan(0);
    expect(fromToml.emailMaxFrequencySeconds).toBeGreaterThan(0);
  });

  it('an environment variable raises one limit; a limit of 0 (switched off) is refused', () => {
    const raised = resolveStackConfig({}, { STEWARD_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '5000' }).authRateLimits;
    expect(raised.signInSignUps).toBe(5000);
    expect(raised.tokenVerifications).toBe(authRateLimitsFromToml().tokenVerifications);
    expect(() => resolveStackConfig({}, { STEWARD_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '0' })).toThrow(/STEWARD_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS/);
  });
});

describe('the buckets refill over their window', () => {
  it('allows the limit at once, then one more request per window ÷ limit; a refused request takes nothing', () => {
    let now = 0;
    const limits = createRateLimits({ ...LIMITS, signInSignUps: 3 }, () => now);
    for (let i = 0; i < 3; i += 1) limits.signInOrSignUp('10.0.0.1', 'a@example.com');
    expect(() => limits.signInOrSignUp('10.0.0.1', 'b@example.com')).toThrow('Request rate limit reached');
    // The address's own bucket was not drawn on by the refused request.
    limits.signInOrSignUp('10.0.0.2', 'b@example.com');
    now += 100_000; // 5 min ÷ 3
    limits.signInOrSignUp('10.0.0.1', 'c@example.com');
    expect(() => limits.signInOrSignUp('10.0.0.1', 'c@example.com')).toThrow('Request rate limit reached');
    now += 300_000;
    for (let i = 0; i < 3; i += 1) limits.signInOrSignUp('10.0.0.1', `later${i}@example.com`);
  });

  it('lets a second mail to one address through once max_frequency has passed', () => {
    let now = 0;
    const limits = createRateLimits(LIMITS, () => now);
    limits.mailRequest('a@example.com');
    now += 59_000;
    expect(() => limits.mailRequest('a@example.com')).toThrow('For security purposes, you can only request this after 1 seconds.');
    now += 1_000;
    limits.mailRequest('a@example.com');
  });
});

describe('password sign-in and sign-up (sign_in_sign_ups)', () => {
  it('refuses an IP address past the limit with 429 over_request_rate_limit, whatever addresses it tries', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.signInSignUps; i += 1) {
      expect((await signIn(ip, uniqueEmail('spray'))).status).toBe(400);
    }
    const refused = await signIn(ip, uniqueEmail('spray'));
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'over_request_rate_limit', msg: 'Request rate limit reached' });
    // Another client is not affected.
    expect((await signIn(freshIp(), uniqueEmail('spray'))).status).toBe(400);
  });

  it('never refuses an account’s right password because others guessed at it: each guesser is limited by its own address', async () => {
    const email = uniqueEmail('target');
    await createUser(email);
    const guesser = freshIp();
    for (let i = 0; i < LIMITS.signInSignUps; i += 1) {
      expect((await signIn(i % 2 ? freshIp() : guesser, email)).body.code).toBe('invalid_credentials');
    }
    expect((await signIn(freshIp(), email, PASSWORD)).status).toBe(200);
    for (let i = Math.ceil(LIMITS.signInSignUps / 2); i < LIMITS.signInSignUps; i += 1) await signIn(guesser, email);
    const refused = await signIn(guesser, email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('over_request_rate_limit');
  });

  it('counts sign-ups in the same budget', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.signInSignUps; i += 1) {
      expect((await post(ip, '/signup', { email: uniqueEmail('burst'), password: PASSWORD })).status).toBe(200);
    }
    const refused = await post(ip, '/signup', { email: uniqueEmail('burst'), password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('over_request_rate_limit');
  });
});

describe('mail-sending requests (sign_in_sign_ups)', () => {
  it('counts recovery, OTP and resend requests in the same per-IP budget, whatever addresses they name', async () => {
    const ip = freshIp();
    const requests = [
      () => post(ip, '/recover', { email: uniqueEmail('unknown') }),
      () => post(ip, '/otp', { email: uniqueEmail('unknown'), create_user: false }),
      () => post(ip, '/resend', { type: 'signup', email: uniqueEmail('unknown') }),
    ];
    for (let i = 0; i < LIMITS.signInSignUps; i += 1) {
      expect((await requests[i % requests.length]!()).status).not.toBe(429);
    }
    for (const request of requests) {
      const refused = await request();
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('over_request_rate_limit');
    }
  });
});

describe('codes and links (token_verifications)', () => {
  it('counts codes for an address per client: guesses from many addresses use up none of another client’s', async () => {
    const email = uniqueEmail('code-target');
    for (let i = 0; i < LIMITS.tokenVerifications; i += 1) {
      expect((await post(freshIp(), '/verify', { type: 'recovery', email, token: '123456' })).status).toBe(403);
    }
    expect((await post(freshIp(), '/verify', { type: 'recovery', email, token: '123456' })).status).toBe(403);
  });

  it('refuses an IP address past the limit, for codes and token hashes alike', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.tokenVerifications - 1; i += 1) {
      expect((await post(ip, '/verify', { type: 'recovery', email: uniqueEmail('nobody'), token: '123456' })).status).toBe(403);
    }
    expect((await post(ip, '/verify', { type: 'recovery', token_hash: 'f'.repeat(56) })).status).toBe(403);
    const refused = await post(ip, '/verify', { type: 'recovery', token_hash: 'e'.repeat(56) });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('over_request_rate_limit');
  });
});

describe('session refresh (token_refresh)', () => {
  it('refuses an IP address past the limit', async () => {
    const ip = freshIp();
    for (let i = 0; i < LIMITS.tokenRefresh; i += 1) {
      expect((await post(ip, '/token?grant_type=refresh_token', { refresh_token: 'unknown' })).status).toBe(400);
    }
    const refused = await post(ip, '/token?grant_type=refresh_token', { refresh_token: 'unknown' });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('over_request_rate_limit');
  });
});

describe('mails (max_frequency per address, email_sent per hour)', () => {
  it('answers a second recovery, OTP or resend for one address within max_frequency with 429 over_email_send_rate_limit, known or not', async () => {
    const known = uniqueEmail('recover');
    await createUser(known);
    expect((await post(freshIp(), '/recover', { email: known })).status).toBe(200);
    await waitForMail(mailOutboxUrl(base), known, 'Reset Your Password');
    for (const [route, body] of [['/recover', { email: known }], ['/otp', { email: known, create_user: false }], ['/resend', { type: 'signup', email: known }]] as const) {
      const again = await post(freshIp(), route, body);
      expect(again.status).toBe(429);
      expect(again.body.code).toBe('over_email_send_rate_limit');
      expect(again.body.msg).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    }
    expect(await mailsTo(mailOutboxUrl(base), known)).toHaveLength(1);

    const unknown = uniqueEmail('unknown');
    expect((await post(freshIp(), '/recover', { email: unknown })).status).toBe(200);
    expect((await post(freshIp(), '/recover', { email: unknown })).body.code).toBe('over_email_send_rate_limit');
  });

  it('stops sending at email_sent mails an hour, all addresses together', async () => {
    const answers: Answer[] = [];
    for (let i = 0; i < LIMITS.emailSent + 1; i += 1) {
      const email = uniqueEmail('many');
      await createUser(email);
      answers.push(await post(freshIp(), '/recover', { email }));
    }
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.body).toMatchObject({ code: 'over_email_send_rate_limit', msg: 'Email rate limit exceeded' });
    const response = await fetch(`${mailOutboxUrl(base)}/api/email`);
    expect(((await response.json()) as unknown[]).length).toBeLessThanOrEqual(LIMITS.emailSent);
  });
});
