// @ts-check
// A small, bounded load generator for the local stack (loopback only): virtual users of two
// organisations, each signed in as its organisation's owner, mixing filtered list reads, detail reads
// and writes through the gateway and RLS. Afterwards every acknowledged write is looked up in the
// database and no row may have crossed organisations. Used by the `npm test` smoke and `npm run bench`.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/**
 * @typedef {{ orgName: string, token: string, seedIds: string[] }} LoadOrganisation
 * @typedef {{ status: number, detail: string, at: number, kind: string }} LoadError
 * @typedef {object} LoadResult
 * @property {number} requests
 * @property {number[]} latencies ms, every answered request
 * @property {{ list: number, detail: number, write: number }} mix
 * @property {LoadError[]} errors status ≥ 400 or no answer
 * @property {Map<string, string[]>} acknowledged org → ids of writes answered 201
 * @property {number} unacknowledged writes sent without a 201 (may or may not have committed)
 * @property {number} crossOrgRows rows of another organisation seen in an answer
 * @property {number} seconds
 */

const PASSWORD = 'Load-test-pass-1';

/** @param {string} apiUrl */
function assertLoopback(apiUrl) {
  const host = new URL(apiUrl).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '::1') throw new Error(`load runs only against loopback, not ${host}`);
}

/**
 * @param {string} url @param {RequestInit & { headers?: Record<string, string> }} init
 */
async function json(url, init) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Two (or more) fresh organisations, each with its owner signed in and `seedRows` businesses to read.
 * @param {{ apiUrl: string, anonKey: string, runId: string, count?: number, seedRows?: number }} options
 * @returns {Promise<LoadOrganisation[]>}
 */
export async function prepareLoadOrganisations({ apiUrl, anonKey, runId, count = 2, seedRows = 60 }) {
  assertLoopback(apiUrl);
  /** @type {LoadOrganisation[]} */
  const orgs = [];
  for (let i = 0; i < count; i += 1) {
    const email = `load-${runId}-${i}@load-test.example.com`;
    const applied = await json(`${apiUrl}/rest/v1/rpc/apply_for_access`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ p_email: email, p_password: PASSWORD, p_full_name: `Load Owner ${i}`, p_business_name: `Load ${runId} Org ${i}` }),
    });
    const session = await json(`${apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const token = /** @type {string} */ (session.access_token);
    const rows = Array.from({ length: seedRows }, (_, n) => ({ name: `Seed ${runId} ${i} ${String(n).padStart(3, '0')}`, org_name: applied.org_name }));
    const inserted = await json(`${apiUrl}/rest/v1/businesses?select=id`, {
      method: 'POST',
      headers: { apikey: anonKey, authorization: `Bearer ${token}`, 'content-profile': 'crm', 'content-type': 'application/json', prefer: 'return=representation' },
      body: JSON.stringify(rows),
    });
    orgs.push({ orgName: applied.org_name, token, seedIds: inserted.map((/** @type {{ id: string }} */ row) => row.id) });
  }
  return orgs;
}

/**
 * @param {{ apiUrl: string, anonKey: string, orgs: LoadOrganisation[], users: number, seconds: number, runId: string,
 *           writeShare?: number, detailShare?: number, requestTimeoutMs?: number, thinkMs?: [number, number] }} options
 *   thinkMs: each user's pause between an answer and its next request, uniform in [min, max] ms; [0, 0]
 *   (the default) sends the next request at once, which measures the stack's saturation, not a user's wait
 * @returns {Promise<LoadResult>}
 */
export async function runLoad({ apiUrl, anonKey, orgs, users, seconds, runId, writeShare = 0.15, detailShare = 0.25, requestTimeoutMs = 5_000, thinkMs = [0, 0] }) {
  assertLoopback(apiUrl);
  const url = new URL(apiUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: users, maxFreeSockets: users });
  /** @type {LoadResult} */
  const result = { requests: 0, latencies: [], mix: { list: 0, detail: 0, write: 0 }, errors: [], acknowledged: new Map(orgs.map((org) => [org.orgName, []])), unacknowledged: 0, crossOrgRows: 0, seconds };
  const started = performance.now();
  const deadline = started + seconds * 1000;

  /**
   * @param {string} method @param {string} path @param {LoadOrganisation} org @param {string} [body]
   * @returns {Promise<{ status: number, text: string, ms: number }>}
   */
  function send(method, path, org, body) {
    return new Promise((resolve) => {
      const begin = performance.now();
      /** @type {Record<string, string | number>} */
      const headers = { apikey: anonKey, authorization: `Bearer ${org.token}`, 'accept-profile': 'crm', 'content-profile': 'crm' };
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(body);
        headers.prefer = 'return=representation';
      }
      const req = http.request({ agent, host: url.hostname, port: url.port, method, path: `/rest/v1${path}`, headers, timeout: requestTimeoutMs }, (res) => {
        /** @type {Buffer[]} */
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - begin }));
        res.on('error', () => resolve({ status: 0, text: 'response aborted', ms: performance.now() - begin }));
      });
      req.on('timeout', () => req.destroy(new Error(`no answer within ${requestTimeoutMs} ms`)));
      req.on('error', (error) => resolve({ status: 0, text: error.message, ms: performance.now() - begin }));
      req.end(body);
    });
  }

  /** @param {number} user */
  async function virtualUser(user) {
    const org = /** @type {LoadOrganisation} */ (orgs[user % orgs.length]);
    let n = 0;
    while (performance.now() < deadline) {
      if (n > 0 && thinkMs[1] > 0) {
        await new Promise((resolve) => setTimeout(resolve, thinkMs[0] + Math.random() * (thinkMs[1] - thinkMs[0])));
        if (performance.now() >= deadline) break;
      }
      n += 1;
      const roll = Math.random();
      /** @type {'write' | 'detail' | 'list'} */
      const kind = roll < writeShare ? 'write' : roll < writeShare + detailShare ? 'detail' : 'list';
      let answer;
      if (kind === 'write') {
        answer = await send('POST', '/businesses?select=id,org_name', org, JSON.stringify({ name: `load-${runId}-${user}-${n}`, org_name: org.orgName }));
      } else if (kind === 'detail') {
        const id = org.seedIds[n % org.seedIds.length];
        answer = await send('GET', `/businesses?select=*&id=eq.${id}`, org);
      } else {
        answer = await send('GET', `/businesses?select=id,name,org_name,archive&name=ilike.*${n % 10}*&archive=not.is.true&order=name.asc,id.asc&limit=50`, org);
      }
      result.requests += 1;
      result.mix[kind] += 1;
      if (answer.status === 0 || answer.status >= 400) {
        result.errors.push({ status: answer.status, detail: answer.text.slice(0, 200), at: performance.now() - started, kind });
        if (kind === 'write') result.unacknowledged += 1;
        continue;
      }
      result.latencies.push(answer.ms);
      /** @type {{ id: string, org_name: string }[]} */
      const rows = JSON.parse(answer.text);
      result.crossOrgRows += rows.filter((row) => row.org_name !== org.orgName).length;
      if (kind === 'write') {
        if (answer.status === 201 && rows[0]) result.acknowledged.get(org.orgName)?.push(rows[0].id);
        else result.unacknowledged += 1;
      }
    }
  }

  try {
    await Promise.all(Array.from({ length: users }, (_, user) => virtualUser(user)));
  } finally {
    agent.destroy();
  }
  result.seconds = (performance.now() - started) / 1000;
  return result;
}

/**
 * Every acknowledged write is in the database, in its writer's organisation; the run's rows count
 * between the acknowledged writes and the writes sent.
 * @param {{ dbUrl: string, runId: string, result: LoadResult }} options
 */
export async function verifyLoad({ dbUrl, runId, result }) {
  const db = new pg.Client({ connectionString: dbUrl });
  db.on('error', () => undefined);
  await db.connect();
  try {
    let lost = 0;
    let crossOrg = 0;
    let acknowledged = 0;
    for (const [orgName, ids] of result.acknowledged) {
      acknowledged += ids.length;
      const { rows } = await db.query('select id::text, org_name from crm.businesses where id = any($1::uuid[])', [ids]);
      lost += ids.length - rows.length;
      crossOrg += rows.filter((row) => row.org_name !== orgName).length;
    }
    const { rows } = await db.query(`select count(*)::int as n from crm.businesses where name like $1`, [`load-${runId}-%`]);
    const stored = rows[0]?.n ?? 0;
    return { acknowledged, lost, crossOrg, stored, countConsistent: stored >= acknowledged && stored <= acknowledged + result.unacknowledged };
  } finally {
    await db.end();
  }
}

/** @param {number[]} values @param {number} p */
export function percentileOf(values, p) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return /** @type {number} */ (sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]);
}
