// What a kept audit (STEWARD_LIGHTHOUSE_ARTIFACTS, lighthouseBench.mjs) waits for, as Lighthouse's own
// simulation (Lantern) plays it on the phone: every request the largest paint waits for with its
// simulated start and end, the main-thread tasks between them, and the tasks that make the total
// blocking time. Read this before changing the first view: the simulation gives every request at least
// one round trip (150 ms), at most 10 in flight and 6 per origin on HTTP/1.1, and shares the bandwidth
// equally among those in flight, so the largest file arrives last; a task's time is the host's × the
// CPU slowdown.
//
//   node apps/shell/bench/lighthouseTimeline.mjs <artifacts folder>
import { loadArtifacts } from 'lighthouse/core/lib/asset-saver.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternInteractive } from 'lighthouse/core/computed/metrics/lantern-interactive.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

/** The events a main-thread task is named by, and the longest of them. */
const NAMED = new Set(['EvaluateScript', 'FunctionCall', 'TimerFire', 'RunMicrotasks', 'Layout', 'ParseHTML', 'EventDispatch', 'Paint']);

const ms = (value) => String(Math.round(value)).padStart(6);
const shortUrl = (url) => url.replace(/^https?:\/\/[^/]+/, '').slice(0, 90);

function describeTask(node) {
  const totals = new Map();
  for (const event of node.childEvents ?? []) {
    if (!NAMED.has(event.name)) continue;
    const key = `${event.name}${event.args?.data?.url ? ` ${shortUrl(event.args.data.url)}` : ''}`;
    totals.set(key, (totals.get(key) ?? 0) + (event.dur ?? 0) / 1000);
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([key, host]) => `${key} ${host.toFixed(1)}`)
    .join(', ');
}

/** One simulation's nodes by start: requests always, main-thread tasks from `minTaskMs` (simulated). */
export function timelineRows(nodeTimings, minTaskMs) {
  return [...nodeTimings.entries()]
    .filter(([node, timing]) => node.type === 'network' || timing.duration >= minTaskMs)
    .sort((a, b) => a[1].startTime - b[1].startTime)
    .map(([node, timing]) =>
      node.type === 'network'
        ? `${ms(timing.startTime)} ${ms(timing.endTime)}  request ${String(node.request.transferSize).padStart(7)} B  ${shortUrl(node.request.url)}`
        : `${ms(timing.startTime)} ${ms(timing.endTime)}  task    ${ms(timing.duration)} ms (host ${((node.duration ?? 0) / 1000).toFixed(1)})  ${describeTask(node)}`,
    );
}

async function main() {
  const folder = process.argv[2];
  if (!folder) throw new Error('usage: lighthouseTimeline.mjs <artifacts folder>');
  const artifacts = await loadArtifacts(folder);
  const { settings } = artifacts;
  const context = { computedCache: new Map(), settings };
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps,
    simulator: null,
  };
  const lcp = await LanternLargestContentfulPaint.request(data, context);
  const fcp = await LanternFirstContentfulPaint.request(data, context);
  const tti = await LanternInteractive.request(data, context);
  const tbt = await LanternTotalBlockingTime.request(data, context);
  console.log(
    `CPU ${settings.throttling.cpuSlowdownMultiplier}×, RTT ${settings.throttling.rttMs} ms, ${settings.throttling.throughputKbps} Kbit/s — ` +
      `FCP ${Math.round(fcp.timing)} ms, LCP ${Math.round(lcp.timing)} ms (optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)}, pessimistic ${Math.round(lcp.pessimisticEstimate.timeInMs)}), ` +
      `TTI ${Math.round(tti.timing)} ms, TBT ${Math.round(tbt.timing)} ms`,
  );
  console.log('\nWhat the largest paint waits for (pessimistic graph), simulated ms from navigation:');
  for (const row of timelineRows(lcp.pessimisticEstimate.nodeTimings, 15)) console.log(row);
  console.log(`\nTasks of 50 ms and more on the whole page (those between FCP ${Math.round(fcp.timing)} and TTI ${Math.round(tti.timing)} block for their time over 50 ms):`);
  for (const row of timelineRows(tbt.pessimisticEstimate.nodeTimings, 50).filter((line) => line.includes(' task '))) console.log(row);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
