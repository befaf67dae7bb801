// @ts-check
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * After a benchmark seeds its rows: VACUUM (ANALYZE) them, as autovacuum would a minute after an
 * import (statistics for the steady plan, a visibility map for index-only scans), then wait until no
 * autovacuum worker is busy. Benchmarks run one after another on two cores; without the wait a
 * measurement shares them with maintenance an earlier benchmark's import set off.
 *
 * @param {import('pg').Client} client connected as a superuser
 * @param {readonly string[]} tables schema-qualified
 */
export async function settleDatabase(client, tables, { timeoutMs = 60_000 } = {}) {
  await client.query(`vacuum (analyze) ${tables.join(', ')}`);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const { rows } = await client.query("select count(*)::int as busy from pg_stat_activity where backend_type = 'autovacuum worker'");
    if (rows[0].busy === 0) return;
    await sleep(250);
  }
}
