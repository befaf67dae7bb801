// @ts-check
// Waits until the machine's CPUs are nearly idle before a latency measurement: the benchmarks run one
// after another on two cores, and a phase that just ended (a browser closing, a stack stopping,
// autovacuum after an import) would otherwise be measured as part of the next one.
import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';

/** Busy and total jiffies of all CPUs since boot, from /proc/stat (null where it is unreadable). */
async function cpuTimes() {
  const text = await readFile('/proc/stat', 'utf8').catch(() => null);
  const fields = text?.split('\n', 1)[0]?.trim().split(/\s+/).slice(1).map(Number);
  if (!fields || fields.length < 5) return null;
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { busy: total - idle, total };
}

/**
 * @param {{ busyBelow?: number, windowMs?: number, timeoutMs?: number }} [options]
 * @returns {Promise<{ waitedMs: number, busy: number }>} busy: the share of CPU time in use over the last window
 */
export async function waitForQuietMachine({ busyBelow = 0.15, windowMs = 500, timeoutMs = 30_000 } = {}) {
  const started = Date.now();
  let busy = 1;
  while (Date.now() - started < timeoutMs) {
    const before = await cpuTimes();
    await sleep(windowMs);
    const after = await cpuTimes();
    if (!before || !after) return { waitedMs: Date.now() - started, busy: NaN };
    busy = (after.busy - before.busy) / Math.max(1, after.total - before.total);
    if (busy < busyBelow) break;
  }
  return { waitedMs: Date.now() - started, busy };
}
