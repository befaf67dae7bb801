// @ts-check
// Releases as CHANGELOG.md records them (`## vX.Y.Z — date`, then `Commit: <sha>`), and a release's
// supabase folder as it was, read from git.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * @param {string} repoRoot
 * @returns {Promise<{ version: string, commit: string }[]>} newest first
 */
export async function releases(repoRoot) {
  const text = await fs.readFile(path.join(repoRoot, 'CHANGELOG.md'), 'utf8');
  return [...text.matchAll(/^## (v\d+\.\d+\.\d+)\b[^\n]*\n+Commit: ([0-9a-f]{40})$/gm)].map((match) => ({ version: String(match[1]), commit: String(match[2]) }));
}

/** @param {string} repoRoot */
export async function previousRelease(repoRoot) {
  const [latest] = await releases(repoRoot);
  if (!latest) throw new Error('CHANGELOG.md names no release with its commit');
  return latest;
}

/**
 * Write the release's `supabase/` folder into `dir` (as `dir/supabase`).
 * @param {string} repoRoot
 * @param {string} commit
 * @param {string} dir
 */
export async function extractSupabaseFolder(repoRoot, commit, dir) {
  try {
    await run('git', ['cat-file', '-e', `${commit}^{commit}`], { cwd: repoRoot });
  } catch {
    throw new Error(`commit ${commit} is not in this clone: fetch the full history (git fetch --unshallow)`);
  }
  await fs.mkdir(dir, { recursive: true });
  const archive = path.join(dir, 'supabase.tar');
  await run('git', ['archive', '--format=tar', `--output=${archive}`, commit, 'supabase'], { cwd: repoRoot });
  await run('tar', ['-xf', archive, '-C', dir]);
  await fs.rm(archive);
  return path.join(dir, 'supabase');
}

/**
 * The migration files a commit has, name → text.
 * @param {string} repoRoot
 * @param {string} commit
 */
export async function migrationsAt(repoRoot, commit) {
  const { stdout } = await run('git', ['ls-tree', '--name-only', `${commit}:supabase/migrations`], { cwd: repoRoot });
  /** @type {Map<string, string>} */
  const files = new Map();
  for (const name of stdout.split('\n').filter((n) => n.endsWith('.sql'))) {
    const { stdout: text } = await run('git', ['show', `${commit}:supabase/migrations/${name}`], { cwd: repoRoot, maxBuffer: 64 * 1024 * 1024 });
    files.set(name, text);
  }
  return files;
}
