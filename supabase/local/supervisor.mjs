// @ts-check
// Keeps one child process alive: launches it, notices when it dies unexpectedly and launches it again
// after a short pause, giving up after repeated failures so a broken config does not spin forever.
import { delay } from './processControl.mjs';

/** @typedef {'starting' | 'up' | 'down' | 'failed' | 'stopped'} ServiceState */

/**
 * @typedef {object} SupervisedService
 * @property {string} name
 * @property {() => ServiceState} state
 * @property {() => number | null} pid
 * @property {() => Promise<void>} start resolves once the first launch is ready
 * @property {() => Promise<void>} stop
 * @property {(listener: (state: ServiceState) => void) => void} onStateChange
 */

/**
 * @typedef {object} SupervisorOptions
 * @property {string} name
 * @property {() => Promise<import('node:child_process').ChildProcess>} launch resolves with a ready child
 * @property {(child: import('node:child_process').ChildProcess) => Promise<void>} shutdown
 * @property {import('./log.mjs').Logger} log
 * @property {number} [restartDelayMs] pause before relaunching; also the minimum time the service is seen as down
 * @property {number} [maxRestartsPerMinute]
 */

/** @param {SupervisorOptions} options @returns {SupervisedService} */
export function superviseProcess({ name, launch, shutdown, log, restartDelayMs = 250, maxRestartsPerMinute = 10 }) {
  /** @type {ServiceState} */
  let state = 'stopped';
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  let stopping = false;
  /** @type {number[]} */
  let restarts = [];
  /** @type {Set<(state: ServiceState) => void>} */
  const listeners = new Set();

  /** @param {ServiceState} next */
  function setState(next) {
    state = next;
    for (const listener of listeners) listener(next);
  }

  async function launchOnce() {
    setState('starting');
    const started = await launch();
    if (stopping) {
      await shutdown(started);
      return;
    }
    child = started;
    setState('up');
    started.once('exit', (code, signal) => {
      if (child !== started) return;
      child = null;
      if (stopping) return;
      log.info(`${name} exited unexpectedly (${signal ?? `code ${code}`}); restarting`);
      setState('down');
      void relaunch();
    });
  }

  async function relaunch() {
    while (!stopping) {
      const now = Date.now();
      restarts = restarts.filter((time) => now - time < 60_000);
      if (restarts.length >= maxRestartsPerMinute) {
        log.error(`${name} failed ${restarts.length} times within a minute; giving up`);
        setState('failed');
        return;
      }
      restarts.push(now);
      await delay(restartDelayMs);
      if (stopping) return;
      try {
        await launchOnce();
        log.info(`${name} is back`);
        return;
      } catch (error) {
        log.error(`${name} restart failed: ${/** @type {Error} */ (error).message}`);
        setState('down');
      }
    }
  }

  return {
    name,
    state: () => state,
    pid: () => child?.pid ?? null,
    async start() {
      stopping = false;
      await launchOnce();
    },
    async stop() {
      stopping = true;
      const current = child;
      child = null;
      if (current) await shutdown(current);
      setState('stopped');
    },
    onStateChange(listener) {
      listeners.add(listener);
    },
  };
}
