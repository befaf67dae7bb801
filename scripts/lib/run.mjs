// Running child commands from the platform scripts: inherit the terminal, fail loudly.
import { spawn } from 'node:child_process';
import { workspaceRoot } from '../../build/federation.mjs';

/** Runs a command to completion; resolves with its exit code (never rejects on a non-zero exit). */
export function run(command, args, { env = {}, cwd = workspaceRoot } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** Production build of all seven apps through Nx (cached). */
export async function buildAll() {
  const code = await run('npx', ['nx', 'run-many', '-t', 'build', '--parallel=2', '--output-style=static'], {
    env: { NODE_ENV: 'production', NX_DAEMON: 'false' },
  });
  if (code !== 0) throw new Error(`The build failed (exit ${code}).`);
}
