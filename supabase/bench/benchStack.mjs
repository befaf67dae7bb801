// @ts-check
// A fresh stack in a background process of its own for a benchmark (so the load generator does not
// share the gateway's event loop), and the process tree it runs as: for memory rows and fault runs.
import fs from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT, TEST_AUTH_RATE_LIMITS, resolveStackConfig } from '../local/config.mjs';
import { launchDetached, logTail, waitUntilReady } from '../local/backgroundStack.mjs';
import { isAlive, waitForExit } from '../local/processControl.mjs';
import { stopRunningStack } from '../local/stack.mjs';

/**
 * @param {number} portBase
 * @returns {Promise<{ config: import('../local/config.mjs').StackConfig, pid: number, stop: () => Promise<void> }>}
 */
export async function startBenchStack(portBase) {
  const config = resolveStackConfig({
    portBase,
    dataDir: path.join(REPO_ROOT, '.steward', `bench-load-${portBase}`),
    // Load runs sign in from one address far more often than a person: limits raised, still enforced.
    authRateLimits: TEST_AUTH_RATE_LIMITS,
  });
  await stopRunningStack(config);
  await fs.rm(config.dataDir, { recursive: true, force: true });
  const daemon = await launchDetached(config);
  if (!(await waitUntilReady(config, daemon.pid, daemon.hasExited, 180_000))) {
    throw new Error(`the stack did not start:\n${await logTail(config, 15)}`);
  }
  return {
    config,
    pid: daemon.pid,
    async stop() {
      if (isAlive(daemon.pid)) {
        process.kill(daemon.pid, 'SIGTERM');
        if (!(await waitForExit(daemon.pid, 20_000))) process.kill(daemon.pid, 'SIGKILL');
      }
      // The log outlives the data: what a fault run did is read there afterwards.
      await fs.copyFile(config.logFile, `${config.dataDir}.log`).catch(() => undefined);
      await fs.rm(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** @typedef {{ pid: number, ppid: number, comm: string, rssKB: number }} ProcessInfo */

/** Every process on the machine (Linux /proc). @returns {Promise<ProcessInfo[]>} */
async function allProcesses() {
  /** @type {ProcessInfo[]} */
  const list = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = await fs.readFile(`/proc/${entry}/status`, 'utf8');
      const field = (/** @type {string} */ name) => /** @type {string} */ (new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(status)?.[1] ?? '');
      list.push({ pid: Number(entry), ppid: Number(field('PPid')), comm: field('Name'), rssKB: Number.parseInt(field('VmRSS') || '0', 10) });
    } catch {
      // the process ended while being read
    }
  }
  return list;
}

/** The process and all its descendants. @param {number} root @returns {Promise<ProcessInfo[]>} */
export async function processTree(root) {
  const all = await allProcesses();
  const result = all.filter((proc) => proc.pid === root);
  const queue = [root];
  while (queue.length) {
    const parent = queue.shift();
    for (const child of all.filter((proc) => proc.ppid === parent)) {
      result.push(child);
      queue.push(child.pid);
    }
  }
  return result;
}

/**
 * Memory of a process tree, MB: the proportional set size (shared pages such as Postgres' shared
 * buffers split between the processes that map them), or the resident size where PSS is unreadable.
 * @param {number} root
 */
export async function residentMB(root) {
  let kb = 0;
  for (const proc of await processTree(root)) {
    const rollup = await fs.readFile(`/proc/${proc.pid}/smaps_rollup`, 'utf8').catch(() => '');
    const pss = /^Pss:\s+(\d+) kB/m.exec(rollup);
    kb += pss ? Number(pss[1]) : proc.rssKB;
  }
  return kb / 1024;
}
