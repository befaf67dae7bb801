// @ts-check
// What counting a request against its client's limit costs once 10,000 client addresses hold a bucket:
// app.take_request (the client from the trusted proxy chain, then its bucket) called for 10,000
// different addresses in a row, five rounds, in a throwaway database built from the migrations.
// Usage: npm run bench -- --only=security
import { median, printRow } from '../../scripts/lib/benchReport.mjs';
import { buildFromMigrations, withScratchDatabase } from '../local/schema/builds.mjs';

const CLIENTS = 10_000;
const ROUNDS = 5;

export async function runRequestLimitBench() {
  const perCall = await withScratchDatabase('bench-request-limits', async (client) => {
    await buildFromMigrations(client);
    await client.query(`update app.request_limits set per_five_minutes = 1000000`);
    /** @type {number[]} */
    const rounds = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const { rows } = await client.query(
        `do $$
         declare started timestamptz := clock_timestamp();
         begin
           for i in 1..${CLIENTS} loop
             perform set_config('request.headers', json_build_object('x-forwarded-for',
               format('198.51.%s.%s, 2001:db8:%s::1', (i / 256) % 256, i % 256, to_hex(i)))::text, true);
             perform set_config('steward.trusted_proxy_hops', '1', true);
             perform app.take_request('sign_in_sign_ups');
           end loop;
           perform set_config('bench.elapsed', (extract(epoch from clock_timestamp() - started) * 1000)::text, true);
         end $$;
         select current_setting('bench.elapsed')::float8 as ms, (select count(*)::int from app.request_buckets) as buckets`,
      ).then((result) => /** @type {any} */ (result).at(-1));
      if (rows[0].buckets < CLIENTS) throw new Error(`${rows[0].buckets} buckets after ${CLIENTS} clients`);
      rounds.push(rows[0].ms / CLIENTS);
    }
    return rounds;
  });
  printRow({
    figure: `request limit check (client from the proxy chain, its bucket taken) with ${CLIENTS.toLocaleString('en-US')} client addresses`,
    value: median(perCall),
    unit: 'ms',
    budget: 0.5,
    note: `per call; min ${Math.min(...perCall).toFixed(3)} – max ${Math.max(...perCall).toFixed(3)} ms over ${ROUNDS} rounds of ${CLIENTS.toLocaleString('en-US')}`,
  });
}
