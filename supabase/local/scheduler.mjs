// @ts-check
// Runs the database's scheduled work (app.scheduled_jobs) where there is no pg_cron: every half
// minute it calls app.run_due_jobs(), which runs each job whose interval has passed. Hosted Supabase
// schedules the same call with pg_cron (see the migration that creates app.scheduled_jobs).

const EVERY_MS = Number(process.env.STEWARD_SCHEDULER_MS ?? 30_000);

/**
 * @param {{ pool: import('pg').Pool, log: import('./log.mjs').Logger }} options
 */
export function startScheduler({ pool, log }) {
  let stopped = false;
  /** @type {Promise<unknown>} */
  let running = Promise.resolve();
  const run = () => {
    running = pool.query('select app.run_due_jobs()').catch((error) => {
      // The database may be restarting; the next tick tries again.
      log.debug(`scheduler: ${/** @type {Error} */ (error)?.message ?? error}`);
    });
  };
  run();
  const timer = setInterval(() => {
    if (!stopped) run();
  }, EVERY_MS);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
