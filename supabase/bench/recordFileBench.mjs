// @ts-check
// Opening a record's file, as the Files tab's Download does: ask for a signed URL of the private
// record-files bucket (the storage policy reads the crm_files row under its own rule), then fetch it
// until the first byte arrives. A fresh stack in this process, the seed's owner, a 256 KB PDF.
// Usage: npm run bench -- --only=security   (STEWARD_FILE_BENCH_PORT_BASE, default 54981)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { median, printRow, spreadNote, timeRuns } from '../../scripts/lib/benchReport.mjs';
import { ANON_KEY } from '../local/keys.mjs';
import { SEED_OWNER as OWNER, startSeededStack } from './benchUsers.mjs';

const RUNS = 200;
const WARMUP = 20;

/**
 * @param {string} url
 * @param {{ method?: string, token?: string, body?: unknown, raw?: Buffer, type?: string, schema?: string }} options
 */
async function call(url, { method = 'GET', token, body, raw, type, schema } = {}) {
  const response = await fetch(url, {
    method,
    headers: {
      apikey: ANON_KEY,
      authorization: `Bearer ${token ?? ANON_KEY}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : type ? { 'content-type': type } : {}),
      ...(schema ? { 'content-profile': schema, 'accept-profile': schema, prefer: 'return=representation' } : {}),
    },
    body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response;
}

export async function runRecordFileBench() {
  const portBase = Number(process.env.STEWARD_FILE_BENCH_PORT_BASE ?? 54981);
  const { stack, token } = await startSeededStack('files', portBase);
  const api = stack.apiUrl;
  try {
    const [org] = await (await call(`${api}/rest/v1/organizations?select=id&name=eq.${encodeURIComponent(OWNER.orgName)}`, { token })).json();
    const [contact] = await (await call(`${api}/rest/v1/contacts?select=id&org_name=eq.${encodeURIComponent(OWNER.orgName)}&limit=1`, { token, schema: 'crm' })).json();
    const id = randomUUID();
    const objectPath = `${org.id}/${id}`;
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(256 * 1024 - 9, 0x20)]);
    await call(`${api}/storage/v1/object/record-files/${objectPath}`, { method: 'POST', token, raw: pdf, type: 'application/pdf' });
    await call(`${api}/rest/v1/crm_files`, { method: 'POST', token, schema: 'crm', body: { id, org_name: OWNER.orgName, name: 'waiver.pdf', storage_path: objectPath, content_type: 'application/pdf', size_bytes: pdf.length, contact_id: contact.id } });

    const open = async () => {
      const started = performance.now();
      const signed = await (await call(`${api}/storage/v1/object/sign/record-files/${objectPath}`, { method: 'POST', token, body: { expiresIn: 60 } })).json();
      const response = await fetch(`${api}/storage/v1${signed.signedURL}&download=waiver.pdf`);
      const reader = /** @type {ReadableStreamDefaultReader<Uint8Array>} */ (response.body?.getReader());
      await reader.read();
      const firstByte = performance.now() - started;
      // The rest is read too: a download the browser started runs to its end.
      while (!(await reader.read()).done);
      if (response.status !== 200) throw new Error(`signed URL answered ${response.status}`);
      return firstByte;
    };
    const times = await timeRuns(open, { runs: RUNS, warmup: WARMUP });
    printRow({
      figure: 'open a record file: signed URL asked for → first byte of a 256 KB PDF, p50',
      value: median(times),
      unit: 'ms',
      budget: 150,
      note: `${spreadNote(times)} over ${RUNS} opens (through the gateway; the click adds one frame)`,
    });
  } finally {
    await stack.stop();
  }
}
