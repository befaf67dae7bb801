// @ts-check
// `npm run bench` row for the bad-input properties: the unit property suites (filter compiler, CSV
// export, upload names, editor validator) with many more generated cases than `npm test` runs.
// Usage: node supabase/bench/propertyBench.mjs   (STEWARD_BENCH_PROPERTY_RUNS, default 5000)
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { printRow } from '../../scripts/lib/benchReport.mjs';
import { REPO_ROOT } from '../local/config.mjs';

const RUNS = Number(process.env.STEWARD_BENCH_PROPERTY_RUNS ?? 5000);

export async function runPropertyBench() {
  const { code, output } = await new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', '--project', 'libs', '.property.test.'], {
      cwd: REPO_ROOT,
      env: { ...process.env, STEWARD_PROPERTY_RUNS: String(RUNS) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('exit', (exitCode) => resolve({ code: exitCode ?? 1, output: text }));
  });
  const cases = [...output.matchAll(/property(?: \([^)]*\))?: (\d+) cases/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  const failed = Number(/Tests\s+(?:\u001b\[[0-9;]*m)*(\d+) failed/.exec(output)?.[1] ?? (code === 0 ? 0 : 1));
  printRow({
    figure: 'bad-input properties (filter, CSV, upload names, validator): failing',
    value: failed,
    unit: 'properties',
    budget: 0,
    note: `${cases} generated cases, ${RUNS} per property`,
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runPropertyBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
