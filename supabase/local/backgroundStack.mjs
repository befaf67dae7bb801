// @ts-check
// A stack in a background process of its own (`db:start`): launched here, ready when its pid file says so.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { delay, readPidFile } from './processControl.mjs';

const DAEMON = fileURLToPath(new URL('./backgroundMain.mjs', import.meta.url));
// The gateway allocates a buffer per proxied response; a larger young generation means fewer
// scavenges on that hot path.
const NODE_FLAGS = ['--max-semi-space-size=32'];

/**
 * @param {import('./config.mjs').StackConfig} config
 * @param {{ append?: boolean }} [options] append to the log file instead of starting it afresh
 */
export async function launchDetached(config, options = {}) {
  await fs.mkdir(config.dataDir, { recursive: true });
  const log = await fs.open(config.logFile, options.append ? 'a' : 'w');
  const child = spawn(process.execPath, [...NODE_FLAGS, DAEMON, JSON.stringify({ portBase: config.portBase, dataDir: config.dataDir, authRateLimits: config.authRateLimits })], {
    detached: true,
    stdio: ['ignore', log.fd, log.fd],
    env: process.env,
  });
  await log.close();
  if (child.pid === undefined) throw new Error('Could not launch the stack process');
  /** @type {number | null | undefined} */
  let exitCode;
  child.once('exit', (code) => (exitCode = code));
  child.unref();
  return { pid: child.pid, hasExited: () => exitCode !== undefined };
}

/**
 * @param {import('./config.mjs').StackConfig} config
 * @param {number} pid
 * @param {() => boolean} hasExited
 * @param {number} timeoutMs
 * @returns {Promise<boolean>}
 */
export async function waitUntilReady(config, pid, hasExited, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const record = await readPidFile(config.pidFile);
    if (record?.pid === pid && record.ready) return true;
    if (hasExited()) return false;
    await delay(20);
  }
  return false;
}

/** The last lines of the stack's log, for a failure message. @param {import('./config.mjs').StackConfig} config */
export async function logTail(config, lines = 25) {
  const text = await fs.readFile(config.logFile, 'utf8').catch(() => '');
  return text.trimEnd().split('\n').slice(-lines).join('\n');
}
