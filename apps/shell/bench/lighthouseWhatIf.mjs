// What a change to the first view's code would gain, on Lighthouse's own simulation, before making it:
// audits a kept audit (STEWARD_LIGHTHOUSE_ARTIFACTS, lighthouseBench.mjs) again as it was, and with the
// responses whose URL contains one of the given parts made empty (300 bytes on the wire), as if that
// code were not fetched before the page's largest paint. Only the bytes go: the code's own main-thread
// work stays in the trace, so the figure is what the download costs on the phone's slow 4G, not the
// whole of a file's cost. A request is kept in place, so whatever waited for it still does.
//
//   node apps/shell/bench/lighthouseWhatIf.mjs <artifacts folder>... -- lib-supabase lib-router
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
  const split = args.indexOf('--');
  const folders = split < 0 ? args : args.slice(0, split);
  const parts = split < 0 ? [] : args.slice(split + 1);
  if (folders.length === 0 || parts.length === 0) throw new Error('usage: lighthouseWhatIf.mjs <artifacts folder>... -- <URL part>...');
  const { default: lighthouse } = await import('lighthouse');
  for (const folder of folders) {
    const before = await auditKept(lighthouse, folder);
    const copy = await mkdtemp(path.join(os.tmpdir(), 'steward-whatif-'));
    try {
      await cp(folder, copy, { recursive: true });
      const logFile = path.join(copy, 'defaultPass.devtoolslog.json');
      const { log, requests } = withoutResponses(JSON.parse(await readFile(logFile, 'utf8')), parts);
      await writeFile(logFile, JSON.stringify(log));
      const after = await auditKept(lighthouse, copy);
      console.log(
        `${path.basename(folder)} (CPU ${before.slowdown}×), without ${parts.join(', ')} (${requests} requests): ` +
          `performance ${before.performance} → ${after.performance}, LCP ${before.lcp} → ${after.lcp} ms, TBT ${before.tbt} → ${after.tbt} ms`,
      );
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
