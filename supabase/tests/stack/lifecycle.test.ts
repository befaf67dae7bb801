import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../local/config.mjs';
import { isAlive } from '../../local/processControl.mjs';
import { startStack, type RunningStack } from '../../local/stack.mjs';
import { connectDb, createTestClient, freePortBase, restartablePortBase, testStack, uniqueEmail } from './testStack';

// A stack of this file's own, on its own ports and data dir: its faults and restarts must not disturb
// the stack the other test files share. Its migrations are fixtures, independent of the project's.
let base: number;
let dataDir: string;
const PASSWORD = 'correct-horse-9';
const run = promisify(execFile);

const NOTES_MIGRATION = `
create table public.notes (
  id bigint generated always as identity primary key,
  owner uuid default auth.uid(),
  body text not null
);
alter table public.notes enable row level security;
create policy notes_read on public.notes for select using (owner is null or owner = auth.uid());
create policy notes_write on public.notes for insert to authenticated with check (owner = auth.uid());

create function public.whoami() returns jsonb language sql stable as $$
  select jsonb_build_object('uid', auth.uid(), 'role', auth.role(), 'email', auth.email(), 'claims_role', auth.jwt() ->> 'role')
$$;

insert into storage.buckets (id, name, public) values ('notes', 'notes', false);
create policy notes_files on storage.objects for all to authenticated
  using (bucket_id = 'notes' and owner = auth.uid()) with check (bucket_id = 'notes' and owner = auth.uid());
`;

let fixtures: string;
let stack: RunningStack;

async function start() {
  return startStack({
    portBase: base,
    dataDir,
    migrationsDir: path.join(fixtures, 'migrations'),
    seedFile: path.join(fixtures, 'seed.sql'),
    log: 'silent',
  });
}

async function waitFor<T>(what: string, timeoutMs: number, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await probe().catch(() => null);
    if (result !== null) return result;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  base = await restartablePortBase(200);
  dataDir = path.join(REPO_ROOT, '.steward', `test-lifecycle-${base}`);
  fixtures = await fs.mkdtemp(path.join(os.tmpdir(), 'steward-stack-fixtures-'));
  await fs.mkdir(path.join(fixtures, 'migrations'));
  await fs.writeFile(path.join(fixtures, 'migrations', '20240101000000_notes.sql'), NOTES_MIGRATION);
  await fs.writeFile(path.join(fixtures, 'seed.sql'), `insert into public.notes (owner, body) values (null, 'seeded note');`);
  await fs.rm(dataDir, { recursive: true, force: true });
  stack = await start();
});

afterAll(async () => {
  await stack?.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rm(fixtures, { recursive: true, force: true });
});

describe('first start', () => {
  it('applies the baseline, the migrations and seed.sql once, recording them', async () => {
    const db = await connectDb(stack.dbUrl);
    try {
      const migrations = await db.query('select version, name from supabase_migrations.schema_migrations order by version');
      const seeds = await db.query('select path from supabase_migrations.seed_files');
      const notes = await db.query('select body from public.notes');

      expect(migrations.rows).toEqual([{ version: '20240101000000', name: 'notes' }]);
      expect(seeds.rows).toEqual([{ path: 'seed.sql' }]);
      expect(notes.rows).toEqual([{ body: 'seeded note' }]);
      // The planner knows the seeded table's size from the start (never analysed: reltuples -1).
      const stats = await db.query("select reltuples from pg_class where oid = 'public.notes'::regclass");
      expect(stats.rows).toEqual([{ reltuples: 1 }]);
    } finally {
      await db.end();
    }
  });

  it('hands PostgREST requests the caller’s JWT claims, read by auth.uid(), auth.role(), auth.email(), auth.jwt()', async () => {
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const email = uniqueEmail('claims');
    const { data } = await client.auth.signUp({ email, password: PASSWORD });

    expect((await client.rpc('whoami')).data).toEqual({ uid: data.user?.id, role: 'authenticated', email, claims_role: 'authenticated' });
    const anon = createTestClient(stack.apiUrl, stack.anonKey);
    expect((await anon.rpc('whoami')).data).toEqual({ uid: null, role: 'anon', email: null, claims_role: 'anon' });
  });
});

describe('restart', () => {
  it('keeps users, rows and objects, and applies only migrations added since', async () => {
    const email = uniqueEmail('restart');
    const before = createTestClient(stack.apiUrl, stack.anonKey);
    const { data: signUp } = await before.auth.signUp({ email, password: PASSWORD });
    const userId = signUp.user?.id ?? '';
    expect((await before.from('notes').insert({ owner: userId, body: 'written before restart' })).error).toBeNull();
    const upload = await before.storage.from('notes').upload(`${userId}/kept.txt`, Buffer.from('kept body'), { contentType: 'text/plain' });
    expect(upload.error).toBeNull();

    await stack.stop();
    await fs.writeFile(
      path.join(fixtures, 'migrations', '20240102000000_tags.sql'),
      `alter table public.notes add column tag text not null default 'untagged';`,
    );
    stack = await start();

    const after = createTestClient(stack.apiUrl, stack.anonKey);
    expect((await after.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const notes = await after.from('notes').select('body, tag').order('id');
    expect(notes.data).toEqual([
      { body: 'seeded note', tag: 'untagged' },
      { body: 'written before restart', tag: 'untagged' },
    ]);
    expect(await (await after.storage.from('notes').download(`${userId}/kept.txt`)).data?.text()).toBe('kept body');

    const db = await connectDb(stack.dbUrl);
    try {
      const { rows } = await db.query('select version from supabase_migrations.schema_migrations order by version');
      expect(rows.map((row) => row.version)).toEqual(['20240101000000', '20240102000000']);
    } finally {
      await db.end();
    }
  });
});

describe('faults', () => {
  it('answers 502 JSON at once while PostgREST is down, and the supervisor brings it back', async () => {
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const killed = stack.pids().postgrest ?? 0;
    process.kill(killed, 'SIGKILL');

    const started = Date.now();
    const response = await waitFor('a 502 from the gateway', 1000, async () => {
      const answer = await fetch(`${stack.apiUrl}/rest/v1/notes?select=body`, { headers: { apikey: stack.anonKey } });
      return answer.status === 502 ? answer : null;
    });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(await response.json()).toMatchObject({ code: 'PGRST_DOWN', message: expect.stringContaining('PostgREST') });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect((await fetch(`${stack.apiUrl}/health`)).status).toBe(503);

    await waitFor('PostgREST to come back', 10_000, async () => ((await fetch(`${stack.apiUrl}/health`)).status === 200 ? true : null));
    expect(stack.pids().postgrest).not.toBe(killed);
    expect(isAlive(killed)).toBe(false);
    const { data, error } = await client.from('notes').select('body').is('owner', null);
    expect(error).toBeNull();
    expect(data).toEqual([{ body: 'seeded note' }]);
  });

  it('restarts Postgres when it dies, and requests succeed again', async () => {
    const client = createTestClient(stack.apiUrl, stack.anonKey);
    const killed = stack.pids().postgres ?? 0;
    process.kill(killed, 'SIGKILL');

    // Backends already connected can answer for a moment after their postmaster dies, so a query
    // succeeding proves nothing until the supervisor has started a new Postgres.
    await waitFor('the supervisor to start a new Postgres', 20_000, async () => {
      const pid = stack.pids().postgres;
      return pid && pid !== killed ? pid : null;
    });
    const notes = await waitFor('queries to succeed after the Postgres restart', 20_000, async () => {
      const { data, error } = await client.from('notes').select('body').is('owner', null);
      return error ? null : data;
    });
    expect(notes).toEqual([{ body: 'seeded note' }]);
    const signUp = await client.auth.signUp({ email: uniqueEmail('after-pg-restart'), password: PASSWORD });
    expect(signUp.error).toBeNull();
  });

  it('refuses a second stack on the same data dir, and one whose ports are taken', async () => {
    const otherBase = await freePortBase(base + 40);
    await expect(startStack({ portBase: otherBase, dataDir, log: 'silent' })).rejects.toThrow(/already running/);
    await expect(
      startStack({ portBase: base, dataDir: path.join(REPO_ROOT, '.steward', `test-busy-${base}`), log: 'silent' }),
    ).rejects.toThrow(`Port ${base} on 127.0.0.1 is already in use`);
    await fs.rm(path.join(REPO_ROOT, '.steward', `test-busy-${base}`), { recursive: true, force: true });
  });
});

describe('cli.mjs (db:start, db:stop, status)', () => {
  let cliBase: number;
  let cliDataDir: string;
  beforeAll(async () => {
    cliBase = await freePortBase(base + 20);
    cliDataDir = path.join(REPO_ROOT, '.steward', `test-cli-${cliBase}`);
  });
  const cli = (command: string) =>
    run(process.execPath, [path.join(REPO_ROOT, 'supabase', 'local', 'cli.mjs'), command], {
      env: {
        ...process.env,
        STEWARD_PORT_BASE: String(cliBase),
        STEWARD_DATA_DIR: cliDataDir,
        STEWARD_MIGRATIONS_DIR: path.join(fixtures, 'migrations'),
        STEWARD_SEED_FILE: path.join(fixtures, 'seed.sql'),
      },
    }).then(
      ({ stdout }) => ({ code: 0, stdout }),
      (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: `${error.stdout}${error.stderr}` }),
    );

  afterAll(async () => {
    await cli('stop');
    await fs.rm(cliDataDir, { recursive: true, force: true });
  });

  it('starts in the background, says so when already running, and stops', async () => {
    const started = await cli('start');
    expect(started.code, started.stdout).toBe(0);
    expect(started.stdout).toContain(`API URL           http://127.0.0.1:${cliBase}`);
    expect(started.stdout).toContain('anon key          eyJ');
    expect(started.stdout).toContain(`DB URL            postgresql://postgres:postgres@127.0.0.1:${cliBase + 1}/postgres`);
    expect((await fetch(`http://127.0.0.1:${cliBase}/health`)).status).toBe(200);

    const again = await cli('start');
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toMatch(/already running/);
    expect((await cli('status')).code).toBe(0);

    const stopped = await cli('stop');
    expect(stopped.code, stopped.stdout).toBe(0);
    expect(stopped.stdout).toMatch(/has stopped/);
    expect((await cli('status')).code).toBe(3);
    await expect(fetch(`http://127.0.0.1:${cliBase}/health`)).rejects.toThrow();
  });

  it('cleans up after a SIGKILLed stack: orphaned Postgres and PostgREST are stopped on the next start', async () => {
    const started = await cli('start');
    // A failed start prints the stack log's last lines: they name the cause.
    expect(started.code, started.stdout).toBe(0);
    const owner = JSON.parse(readFileSync(path.join(cliDataDir, 'stack.pid'), 'utf8')).pid as number;
    const postgrest = JSON.parse(readFileSync(path.join(cliDataDir, 'postgrest.pid'), 'utf8')).pid as number;
    const postgres = Number(readFileSync(path.join(cliDataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(owner, 'SIGKILL');
    await waitFor('the owner to die', 5000, async () => (isAlive(owner) ? null : true));
    expect(isAlive(postgrest)).toBe(true);
    expect(isAlive(postgres)).toBe(true);

    expect((await cli('status')).code).toBe(3);
    const restarted = await cli('start');
    expect(restarted.code, restarted.stdout).toBe(0);
    expect(isAlive(postgrest)).toBe(false);
    expect(isAlive(postgres)).toBe(false);
    const log = readFileSync(path.join(cliDataDir, 'stack.log'), 'utf8');
    expect(log).toContain(`stopping orphaned postgrest (pid ${postgrest})`);
    expect(log).toContain(`stopping orphaned postgres (pid ${postgres})`);

    const client = createTestClient(`http://127.0.0.1:${cliBase}`, testStack().anonKey);
    expect((await client.from('notes').select('body')).data).toEqual([{ body: 'seeded note' }]);
    expect(existsSync(path.join(cliDataDir, 'stack.pid'))).toBe(true);
  });
});
