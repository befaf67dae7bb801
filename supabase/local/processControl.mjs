// @ts-check
// The stack's child processes seen from outside: whether a pid is alive, terminating it with a grace
// period, and pid files that survive a SIGKILLed owner — each records the process start time next to
// the pid, so a recycled pid is never mistaken for the process that wrote the file.
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';

/** @typedef {{ pid: number, startTime: string | null, [key: string]: unknown }} PidRecord */

/** @param {number} pid */
export function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user (Postgres runs as `postgres`).
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EPERM') return false;
  }
  // A killed process whose parent has not reaped it yet still answers signal 0.
  return processState(pid) !== 'Z';
}

/**
 * Fields of /proc/<pid>/stat from the third on (state, ppid, …), or null where /proc is unavailable.
 * @param {number} pid
 */
function statFields(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses; fields resume after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** @param {number} pid */
function processState(pid) {
  return statFields(pid)?.[0] ?? null;
}

/**
 * Kernel start time of a process (field 22 of /proc/<pid>/stat), or null where /proc is unavailable.
 * @param {number} pid
 */
export function processStartTime(pid) {
  return statFields(pid)?.[19] ?? null;
}

/** @param {number} pid */
export function processCommandLine(pid) {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return '';
  }
}

/** True when the pid is alive and still the same process the record was written for. */
export function isRecordedProcessAlive(/** @type {PidRecord} */ record) {
  if (!isAlive(record.pid)) return false;
  if (record.startTime === null) return true;
  const current = processStartTime(record.pid);
  return current === null || current === record.startTime;
}

/**
 * @param {string} file
 * @param {number} pid
 * @param {Record<string, unknown>} [extra]
 */
export async function writePidFile(file, pid, extra = {}) {
  /** @type {PidRecord} */
  const record = { ...extra, pid, startTime: processStartTime(pid) };
  await fs.writeFile(file, `${JSON.stringify(record)}\n`);
  return record;
}

/** @param {string} file @returns {Promise<PidRecord | null>} */
export async function readPidFile(file) {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8'));
    return typeof parsed?.pid === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

/** @param {string} file */
export async function removeFile(file) {
  await fs.rm(file, { force: true });
}

/**
 * @param {number} pid
 * @param {number} timeoutMs
 * @returns {Promise<boolean>} true when the process is gone
 */
export async function waitForExit(pid, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (isAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await delay(25);
  }
  return true;
}

/**
 * Asks politely, then insists.
 * @param {number} pid
 * @param {{ signal?: NodeJS.Signals, graceMs?: number }} [options]
 */
export async function terminate(pid, { signal = 'SIGTERM', graceMs = 5000 } = {}) {
  if (!isAlive(pid)) return;
  try {
    process.kill(pid, signal);
  } catch {
    return;
  }
  if (await waitForExit(pid, graceMs)) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return;
  }
  await waitForExit(pid, 2000);
}

/** @param {number} ms */
export function delay(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
