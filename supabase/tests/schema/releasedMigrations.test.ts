// A migration a release shipped is never edited: every migration file of the previous release is in
// this checkout byte for byte, unless a squash replaced it (squashed.json, once, for releases up to
// the one it names).
import fs from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUPABASE_DIR } from '../../local/schema/builds.mjs';
import { migrationsAt, previousRelease, releases } from '../../local/schema/releases.mjs';

const REPO_ROOT = path.resolve(SUPABASE_DIR, '..');

describe('released migrations', () => {
  it('are unchanged since the previous release, or replaced by the squash', async () => {
    const release = await previousRelease(REPO_ROOT);
    const squashed: { baseline: string; release: string; replaces: string[] } = JSON.parse(await fs.readFile(path.join(SUPABASE_DIR, 'squashed.json'), 'utf8'));
    const current = new Set(await fs.readdir(path.join(SUPABASE_DIR, 'migrations')));
    const problems: string[] = [];
    for (const [name, text] of await migrationsAt(REPO_ROOT, release.commit)) {
      if (current.has(name)) {
        if ((await fs.readFile(path.join(SUPABASE_DIR, 'migrations', name), 'utf8')) !== text) problems.push(`${name} changed since ${release.version}`);
      } else if (!squashed.replaces.includes(String(name.split('_')[0]))) {
        problems.push(`${name} shipped in ${release.version} and is gone`);
      }
    }
    expect(problems).toEqual([]);
    expect([...current].some((name) => name.startsWith(`${squashed.baseline}_`))).toBe(true);
  });

  it('are squashed only up to a release the changelog names', async () => {
    const squashed: { release: string } = JSON.parse(await fs.readFile(path.join(SUPABASE_DIR, 'squashed.json'), 'utf8'));
    expect((await releases(REPO_ROOT)).map((r) => r.version)).toContain(squashed.release);
  });
});
