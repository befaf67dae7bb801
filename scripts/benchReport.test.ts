import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeResults } from './lib/benchReport.mjs';

const row = (name: string, value: number) => ({ name, value, unit: 'ms', budget: 10, compare: 'max' as const, status: 'PASS' as const });

describe('bench/results.json', () => {
  let dir: string | null = null;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
    dir = null;
  });

  it('a run of some groups replaces their rows and keeps every other row, in its place', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bench-results-'));
    const file = path.join(dir, 'results.json');
    await writeResults(file, [row('a', 1), row('b', 2), row('c', 3)], { startedAt: new Date('2026-11-01T10:00:00Z') });
    await writeResults(file, [row('b', 5), row('d', 4)], { startedAt: new Date('2026-11-02T10:00:00Z'), partial: true });
    const written = JSON.parse(await readFile(file, 'utf8')) as { rows: Array<{ name: string; value: number; measuredAt: string }> };
    expect(written.rows.map(({ name, value, measuredAt }) => [name, value, measuredAt.slice(0, 10)])).toEqual([
      ['a', 1, '2026-11-01'],
      ['b', 5, '2026-11-02'],
      ['c', 3, '2026-11-01'],
      ['d', 4, '2026-11-02'],
    ]);
  });

  it('a whole run writes only its own rows', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'bench-results-'));
    const file = path.join(dir, 'results.json');
    await writeResults(file, [row('a', 1), row('b', 2)], { startedAt: new Date('2026-11-01T10:00:00Z') });
    await writeResults(file, [row('b', 3)], { startedAt: new Date('2026-11-02T10:00:00Z') });
    const written = JSON.parse(await readFile(file, 'utf8')) as { rows: Array<{ name: string }> };
    expect(written.rows.map((entry) => entry.name)).toEqual(['b']);
  });
});
