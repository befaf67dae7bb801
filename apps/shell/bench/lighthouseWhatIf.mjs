// What a change to the first view's code would gain, on Lighthouse's own simulation, before making it:
// audits a kept audit (STEWARD_LIGHTHOUSE_ARTIFACTS, lighthouseBench.mjs) again as it was, and with the
// responses whose URL contains one of the given parts made empty (300 bytes on the wire), as if that
// code were not fetched before the page's largest paint. Only the bytes go: the code's own main-thread
// work stays in the trace, so the figure is what the download costs on the phone's slow 4G, not the
// whole of a file's cost. A request is kept in place, so whatever waited for it still does.
//
//   node apps/shell/bench/lighthouseWhatIf.mjs <artifacts folder>... -- lib-supabase lib-router
//
// With --merge, the same bytes arrive in fewer files: each `target=part,part` folds the responses whose
// URL contains a part into the one whose URL contains `target` (their bytes added to it, their requests
// gone), as if the build had put that code in one chunk — what fewer requests would gain.
//
//   node apps/shell/bench/lighthouseWhatIf.mjs <artifacts folder>... --merge 'signed-in.=libs-signed-in.,350.'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AUDIT_FLAGS } from './lighthouseBench.mjs';

/** The network log with every response whose URL contains one of `parts` made empty; and how many that was. */
export function withoutResponses(devtoolsLog, parts) {
  const ids = new Set(
    devtoolsLog
      .filter((event) => event.method === 'Network.requestWillBeSent' && parts.some((part) => event.params.request.url.includes(part)))
      .map((event) => event.params.requestId),
  );
  const log = devtoolsLog.map((event) => {
    if (!ids.has(event.params?.requestId)) return event;
    const params = { ...event.params };
    if (event.method === 'Network.dataReceived') Object.assign(params, { encodedDataLength: 0, dataLength: 1 });
    if (event.method === 'Network.loadingFinished') params.encodedDataLength = 300;
    if (event.method === 'Network.responseReceived') params.response = { ...params.response, encodedDataLength: 300 };
    return { ...event, params };
  });
  return { log, requests: ids.size };
}

/**
 * The network log with each group's requests folded into its target: for every `{ target, parts }`, the
 * responses whose URL contains one of `parts` (other than the target) are removed and their bytes added
 * to the target's; and how many requests went.
 */
export function mergedResponses(devtoolsLog, groups) {
  const urls = new Map();
  const sizes = new Map();
  for (const event of devtoolsLog) {
    if (event.method === 'Network.requestWillBeSent') urls.set(event.params.requestId, event.params.request.url);
    if (event.method === 'Network.loadingFinished') sizes.set(event.params.requestId, event.params.encodedDataLength);
  }
  const gone = new Set();
  const added = new Map();
  for (const { target, parts } of groups) {
    const targetId = [...urls].find(([, url]) => url.includes(target))?.[0];
    if (targetId === undefined) throw new Error(`no request's URL contains ${target}`);
    for (const [id, url] of urls) {
      if (id === targetId || gone.has(id) || !parts.some((part) => url.includes(part))) continue;
      gone.add(id);
      added.set(targetId, (added.get(targetId) ?? 0) + (sizes.get(id) ?? 0));
    }
  }
  const log = devtoolsLog
    .filter((event) => !gone.has(event.params?.requestId))
    .map((event) =>
      event.method === 'Network.loadingFinished' && added.has(event.params.requestId)
        ? { ...event, params: { ...event.params, encodedDataLength: event.params.encodedDataLength + added.get(event.params.requestId) } }
        : event,
    );
  return { log, requests: gone.size };
}

async function auditKept(lighthouse, folder) {
  const { settings } = JSON.parse(await readFile(path.join(folder, 'artifacts.json'), 'utf8'));
  const result = await lighthouse(undefined, { auditMode: folder, output: 'json', logLevel: 'error', ...AUDIT_FLAGS }, {
    extends: 'lighthouse:default',
    settings: { formFactor: settings.formFactor, screenEmulation: settings.screenEmulation, throttling: settings.throttling },
  });
  const { audits, categories } = result.lhr;
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    lcp: Math.round(audits['largest-contentful-paint'].numericValue),
    tbt: Math.round(audits['total-blocking-time'].numericValue),
    slowdown: settings.throttling.cpuSlowdownMultiplier,
  };
}

async function main() {
  const args = process.argv.slice(2);
  const merge = args.indexOf('--merge');
  const split = merge >= 0 ? merge : args.indexOf('--');
  const folders = split < 0 ? args : args.slice(0, split);
  const rest = split < 0 ? [] : args.slice(split + 1);
  if (folders.length === 0 || rest.length === 0) {
    throw new Error("usage: lighthouseWhatIf.mjs <artifacts folder>... -- <URL part>...  |  --merge 'target=part,part'...");
  }
  const groups = rest.map((group) => {
    const [target, parts = ''] = group.split('=');
    return { target, parts: parts.split(',').filter(Boolean) };
  });
  const change = (log) => (merge >= 0 ? mergedResponses(log, groups) : withoutResponses(log, rest));
  const what = merge >= 0 ? `with ${rest.join('; ')} merged` : `without ${rest.join(', ')}`;
  const { default: lighthouse } = await import('lighthouse');
  for (const folder of folders) {
    const before = await auditKept(lighthouse, folder);
    const copy = await mkdtemp(path.join(os.tmpdir(), 'steward-whatif-'));
    try {
      await cp(folder, copy, { recursive: true });
      const logFile = path.join(copy, 'defaultPass.devtoolslog.json');
      const { log, requests } = change(JSON.parse(await readFile(logFile, 'utf8')));
      await writeFile(logFile, JSON.stringify(log));
      const after = await auditKept(lighthouse, copy);
      console.log(
        `${path.basename(folder)} (CPU ${before.slowdown}×), ${what} (${requests} requests): ` +
          `performance ${before.performance} → ${after.performance}, LCP ${before.lcp} → ${after.lcp} ms, TBT ${before.tbt} → ${after.tbt} ms`,
      );
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
