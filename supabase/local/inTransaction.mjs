// @ts-check

/**
 * Runs `work` on one pooled connection inside a transaction: commit on success, rollback on any
 * error, the connection always returned. `prepare` runs first inside the transaction (e.g. to take
 * on the caller's role and JWT claims, as PostgREST does, so RLS decides).
 * @template T
 * @param {import('pg').Pool} pool
 * @param {(client: import('pg').PoolClient) => Promise<T>} work
 * @param {(client: import('pg').PoolClient) => Promise<unknown>} [prepare]
 * @returns {Promise<T>}
 */
export async function inTransaction(pool, work, prepare) {
  const client = await pool.connect();
  // A connection that dies while checked out (Postgres killed or restarted) emits 'error' on the client,
  // which no pool listener handles then: without this the whole stack process would crash.
  const ignore = () => undefined;
  client.on('error', ignore);
  /** @type {Error | undefined} */
  let broken;
  try {
    await client.query('begin');
    if (prepare) await prepare(client);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch((/** @type {Error} */ rollbackError) => {
      broken = rollbackError; // the connection is gone: the pool must not hand it out again
    });
    throw error;
  } finally {
    client.off('error', ignore);
    client.release(broken);
  }
}
