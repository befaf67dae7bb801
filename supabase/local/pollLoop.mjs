// @ts-check
// The one loop of the stack's database-driven workers (the mail outbox sender, the storage removals):
// claim a batch of waiting rows, do them, record each outcome, and look again — at once after a full
// batch, after `pollMs` otherwise, and later still while the database is away (the supervisor brings it
// back). The database decides what is due and when a failure is tried again.

/**
 * @param {{ name: string, pollMs: number, batchSize: number, runBatch: () => Promise<number>, log: import('./log.mjs').Logger }} options
 *   `runBatch` does one batch and resolves to how many rows it claimed.
 */
export function startPollLoop({ name, pollMs, batchSize, runBatch, log }) {
  let stopped = false;
  /** @type {NodeJS.Timeout | null} */
  let timer = null;
  /** @type {Promise<void>} */
  let running = Promise.resolve();

  function tick() {
    running = runBatch()
      .then((claimed) => {
        // A full batch means more may be waiting: look again at once.
        if (!stopped) timer = setTimeout(tick, claimed >= batchSize ? 0 : pollMs);
      })
      .catch((error) => {
        log.debug(`${name}: ${/** @type {Error} */ (error)?.message ?? error}`);
        if (!stopped) timer = setTimeout(tick, pollMs * 4);
      });
  }
  tick();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
