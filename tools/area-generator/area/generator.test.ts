import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { FsTree, flushChanges } from 'nx/src/generators/tree';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areaGenerator, componentMigrationSql, normalizeOptions } from './generator.cjs';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');

/** The workspace files the generator edits. */
const EDITED = ['libs/src/runtime-config/areas.mjs', 'libs/src/shell/routes.mjs', 'apps/shell/src/layout/MenuIcon.tsx'];

const copyable = (source: string) => !/[\\/](node_modules|dist|bench)([\\/]|$)/.test(path.relative(root, source));

/**
 * A scratch workspace: the repository's libs, build and shell copied, and node_modules linking every
 * installed package except `@steward/libs`, which points at the copy — so an area generated into it
 * typechecks and builds against the generated declaration, as it will in the repository after
 * `npm install`.
 */
async function scratchWorkspace(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'steward-area-'));
  for (const file of ['tsconfig.base.json', 'package.json']) await cp(path.join(root, file), path.join(dir, file));
  for (const folder of ['libs', 'build', 'apps/shell']) {
    await cp(path.join(root, folder), path.join(dir, folder), { recursive: true, filter: copyable });
  }
  await mkdir(path.join(dir, 'node_modules/@steward'), { recursive: true });
  for (const entry of await readdir(path.join(root, 'node_modules'))) {
    if (entry !== '@steward') await symlink(path.join(root, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  await symlink(path.join(dir, 'libs'), path.join(dir, 'node_modules/@steward/libs'));
  return dir;
}

describe('the area generator', () => {
  let dir: string;
  let written: string[];

  beforeAll(async () => {
    dir = await scratchWorkspace();
    // The tree Nx itself hands a generator: reads from the workspace, writes on flush.
    const tree = new FsTree(dir, false);
    await areaGenerator(tree, { name: 'front-office', group: 'Front Office', path: '/visitors', section: 'Visitors', timestamp: '20261125210000' });
    const changes = tree.listChanges();
    written = changes.map((change) => `${change.type} ${change.path}`);
    flushChanges(dir, changes);
  });

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('writes the declaration, the route table, the icon, the app and the migration', () => {
    expect(written.sort()).toEqual(
      [
        ...EDITED.map((file) => `UPDATE ${file}`),
        'CREATE apps/front-office/package.json',
        'CREATE apps/front-office/rsbuild.config.ts',
        'CREATE apps/front-office/tsconfig.json',
        'CREATE apps/front-office/src/index.ts',
        'CREATE apps/front-office/src/bootstrap.tsx',
        'CREATE apps/front-office/src/area.tsx',
        'CREATE apps/front-office/src/front-office/FrontOfficePage.tsx',
        'CREATE supabase/migrations/20261125210000_front_office_area.sql',
      ].sort(),
    );
  });

  it('registers the area after the existing ones, on the next free port', async () => {
    const before = await import(pathToFileURL(path.join(root, EDITED[0]!)).href);
    const after = await import(pathToFileURL(path.join(dir, EDITED[0]!)).href);
    const offsets = before.AREAS.map((area: { portOffset: number }) => area.portOffset);
    expect(after.AREAS).toEqual([...before.AREAS, { name: 'front-office', title: 'Front Office', portOffset: Math.max(...offsets) + 1 }]);
    expect(after.containerName('front-office')).toBe('steward_front_office');
  });

  it('gives the area its own menu group, shown to an organisation that enables it', async () => {
    const table = await import(pathToFileURL(path.join(dir, 'libs/src/shell/routeTable.ts')).href);
    const group = { group: 'Front Office', owner: 'front-office', items: [{ label: 'Visitors', path: '/visitors' }] };
    expect(table.MENU_GROUPS.at(-1)).toEqual(group);
    expect(table.routesOwnedBy('front-office').map((route: { path: string }) => route.path)).toEqual(['/visitors']);
    expect(table.menuGroupsFor(['crm', 'front-office']).map((shown: { group: string }) => shown.group)).toEqual(['CRM', 'Front Office']);
    expect(table.menuGroupsFor(['crm']).map((shown: { group: string }) => shown.group)).toEqual(['CRM']);
  });

  it('produces an app and a shell that typecheck against the new declaration', async () => {
    // One program holds both projects, so libs, which both import, is checked once rather than twice
    // (the slowest unit test on a busy machine). That is the check each gets on its own while their
    // options agree: the same base, and the app's global types among the shell's (the shell adds the
    // DOM matchers its tests use, which the generated app has no test to need yet).
    const [app, shell] = await Promise.all(['apps/front-office', 'apps/shell'].map(async (project) => ({ project, ...JSON.parse(await readFile(path.join(dir, project, 'tsconfig.json'), 'utf8')) })));
    expect(app.extends).toBe(shell.extends);
    expect(Object.keys(app.compilerOptions)).toEqual(['types']);
    expect(Object.keys(shell.compilerOptions)).toEqual(['types']);
    expect(shell.compilerOptions.types).toEqual(expect.arrayContaining(app.compilerOptions.types));
    const include = [...new Set([app, shell].flatMap(({ project, include }) => include.map((entry: string) => path.posix.join(project, entry))))];
    await writeFile(path.join(dir, 'tsconfig.both.json'), JSON.stringify({ extends: './tsconfig.base.json', compilerOptions: shell.compilerOptions, include }));
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    await run(process.execPath, [tsc, '-p', 'tsconfig.both.json'], { cwd: dir });
  }, 240_000);

  it('produces a remote that builds into a federation container', async () => {
    const rsbuild = path.join(root, 'node_modules/@rsbuild/core/bin/rsbuild.js');
    const env = { ...process.env, NODE_ENV: 'production', STEWARD_OUT_DIR: 'dist' };
    await run(process.execPath, [rsbuild, 'build'], { cwd: path.join(dir, 'apps/front-office'), env });
    const manifest = JSON.parse(await readFile(path.join(dir, 'apps/front-office/dist/mf-manifest.json'), 'utf8'));
    expect(manifest.name).toBe('steward_front_office');
    expect(manifest.exposes.map((exposed: { path: string }) => exposed.path)).toContain('./area');
  }, 240_000);

  it('refuses a name that is taken or not kebab-case', async () => {
    await expect(areaGenerator(new FsTree(root, false), { name: 'crm' })).rejects.toThrow(/already declared/);
    expect(() => normalizeOptions({ name: 'Front Office' })).toThrow(/kebab-case/);
    expect(() => normalizeOptions({ name: 'shell' })).toThrow(/host/);
  });

  it('quotes titles in the migration', () => {
    expect(componentMigrationSql(normalizeOptions({ name: 'guests', title: "Guests' Desk" }))).toContain("'Guests'' Desk'");
  });
});
