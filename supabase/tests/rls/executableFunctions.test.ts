import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDb, testStack } from '../stack/testStack';
import { API_SCHEMAS } from './tableInventory';

/**
 * Every function an API role may execute, in the schemas the API serves and in `app` (whose functions
 * row-level security and triggers call), against the committed list in executableFunctions.json. A
 * function granted by accident (or by a default privilege) fails here: grant it on purpose, then add it
 * to the list.
 */
const SCHEMAS = [...API_SCHEMAS, 'app'];
const LIST_FILE = fileURLToPath(new URL('./executableFunctions.json', import.meta.url));
const committed = JSON.parse(fs.readFileSync(LIST_FILE, 'utf8')) as { anon: string[]; authenticated: string[] };

/**
 * What an anonymous visitor may call: the access functions, the calendar feed and the public booking
 * page's functions (each counted against a per-address request limit, each showing only what the page
 * shows), the unsubscribe link of a mail, nothing else.
 */
const ACCESS_FUNCTIONS = [
  'public.accommodation_calendar(token text)',
  'public.activate_invite(p_email text, p_code text, p_password text, p_full_name text, p_title text, p_phone text, p_invitation uuid)',
  'public.apply_for_access(p_email text, p_password text, p_full_name text, p_business_name text, p_title text, p_phone text, p_username text)',
  'public.booking_cancel(p_token text)',
  'public.booking_page(p_org text)',
  'public.booking_request(p_org text, p_accommodation_id uuid, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer, p_name text, p_email text, p_phone text, p_note text, p_total numeric, p_language text)',
  'public.booking_search(p_org text, p_check_in date, p_check_out date, p_adults integer, p_children integer, p_pets integer)',
  'public.booking_stay(p_token text)',
  'public.find_pending_invite(p_email text, p_code text)',
  // The unsubscribe link of a mail to many: a token that names one address and works once.
  'public.mail_unsubscribe(p_token text)',
  'public.request_invite_code(p_email text)',
];

const stack = testStack();
let db: pg.Client;

beforeAll(async () => {
  db = await connectDb(stack.dbUrl);
});

afterAll(async () => {
  await db?.end();
});

async function executable(role: string): Promise<string[]> {
  const { rows } = await db.query<{ fn: string }>(
    `select format('%s.%s(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)) as fn
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1) and has_function_privilege($2, p.oid, 'execute')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
      order by 1`,
    [SCHEMAS, role],
  );
  return rows.map((row) => row.fn).sort();
}

describe('functions the API roles may execute', () => {
  it('anon: the access functions, the calendar feed and the booking page only', async () => {
    expect(await executable('anon')).toEqual([...ACCESS_FUNCTIONS].sort());
    expect([...committed.anon].sort()).toEqual([...ACCESS_FUNCTIONS].sort());
  });

  it('authenticated: exactly the committed list', async () => {
    expect(await executable('authenticated')).toEqual([...committed.authenticated].sort());
  });

  it('a new function is granted to nobody by default, in any schema', async () => {
    await db.query('begin');
    try {
      const rows: { schema: string; grantee: string }[] = [];
      for (const schema of SCHEMAS) {
        await db.query(`create function ${schema}.steward_default_privilege_probe() returns int language sql as 'select 1'`);
        const { rows: found } = await db.query<{ grantee: string }>(
          `select r as grantee from unnest(array['public', 'anon', 'authenticated', 'service_role']) r
            where case when r = 'public' then exists (select 1 from pg_proc p, aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) a
                                                     where p.oid = $1::regprocedure and a.grantee = 0)
                       else has_function_privilege(r, $1::regprocedure, 'execute') end`,
          [`${schema}.steward_default_privilege_probe()`],
        );
        rows.push(...found.map(({ grantee }) => ({ schema, grantee })));
      }
      expect(rows).toEqual([]);
    } finally {
      await db.query('rollback');
    }
  });
});
