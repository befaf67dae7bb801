// Running child commands from the platform scripts: inherit the terminal, fail loudly.
import { spawn } from 'node:child_process';
import { workspaceRoot } from '../../build/federation.mjs';

/** Runs a command to completion; resolves with its exit code (never rejects on a non-zero exit). */
export async function run(command, args, options = {}) {
  return (await runMeasured(command, args, options)).code;
}

/**
 * Runs a command to completion; resolves with its exit code and the CPU seconds (user + system) it and
 * every process under it used. A POSIX shell runs it and reports its children's times on a pipe of its
 * own (`times`), so the figure covers the whole tree (Chromium, Vitest's workers) and nothing else.
 * @returns {Promise<{ code: number, cpuSeconds: number | null }>}
 */
export function runMeasured(command, args, { env = {}, cwd = workspaceRoot } = {}) {
  return new Promise((resolve, reject) => {
    // The command runs without the pipe (3>&-): a process it leaves behind must not hold the stage open.
    const child = spawn('sh', ['-c', '"$@" 3>&-; status=$?; times >&3; exit $status', 'sh', command, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['inherit', 'inherit', 'inherit', 'pipe'],
    });
    let times = '';
    child.stdio[3]?.on('data', (chunk) => (times += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), cpuSeconds: childSeconds(times) }));
  });
}

/** The children's user and system time from `times` ("0m0.01s 0m0.00s\n1m2.50s 0m3.25s"), in seconds. */
function childSeconds(times) {
  const line = times.trim().split('\n')[1];
  if (!line) return null;
  const seconds = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map(([, minutes, rest]) => Number(minutes) * 60 + Number(rest));
  return seconds.length === 2 ? seconds[0] + seconds[1] : null;
}

/**
 * Production build of all seven apps through Nx (cached).
 * @returns {Promise<number | null>} the CPU seconds it took
 */
export async function buildAll() {
  const { code, cpuSeconds } = await runMeasured('npx', ['nx', 'run-many', '-t', 'build', '--parallel=2', '--output-style=static'], {
    env: { NODE_ENV: 'production', NX_DAEMON: 'false' },
  });
  if (code !== 0) throw new Error(`The build failed (exit ${code}).`);
  return cpuSeconds;
}
