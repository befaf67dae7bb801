import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { compareRows, formatRow, printRow, readResults, recordedRows, toResultRow, writeResults } from '../lib/benchReport.mjs';

const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-report-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('bench rows as JSON', () => {
  it('records name, value, unit, budget, status and, for timings, the reference and the ratio', () => {
    expect(toResultRow({ figure: 'list p50', value: 3, unit: 'ms', budget: 5, reference: 2.5 })).toEqual({
      name: 'list p50', value: 3, unit: 'ms', budget: 5, compare: 'max', status: 'PASS', reference: 2.5, ratio: 1.2,
    });
    expect(toResultRow({ figure: 'throughput', value: 0.8, unit: '×', budget: 0.85, compare: 'min' }).status).toBe('OVER');
    expect(toResultRow({ figure: 'errors', value: 1, unit: 'requests', budget: 0 }).status).toBe('OVER');
    expect(formatRow({ figure: 'list p50', value: 3, unit: 'ms', budget: 5, reference: 2 })).toContain('[reference 2 ms, ×1.5]');
  });

  it('keeps every printed row for results.json, which reads back', async () => {
    const before = recordedRows().length;
    printRow({ figure: 'a figure', value: 1, unit: 's', budget: 2 });
    expect(recordedRows()).toHaveLength(before + 1);
    const file = path.join(dir, 'nested', 'results.json');
    const written = await writeResults(file, recordedRows(), { startedAt: new Date('2026-01-01T00:00:00Z'), host: { cpus: 2 } });
    const read = await readResults(file);
    expect(read).toEqual(written);
    expect(read.rows.at(-1)).toMatchObject({ name: 'a figure', status: 'PASS' });
  });

  it('compares two runs row by row in each row’s direction', () => {
    const old = [
      toResultRow({ figure: 'p50', value: 4, unit: 'ms', budget: 5 }),
      toResultRow({ figure: 'throughput ratio', value: 0.9, unit: '×', budget: 0.85, compare: 'min' }),
      toResultRow({ figure: 'removed row', value: 1, unit: 's', budget: 2 }),
    ];
    const now = [
      toResultRow({ figure: 'p50', value: 6, unit: 'ms', budget: 5 }),
      toResultRow({ figure: 'throughput ratio', value: 1, unit: '×', budget: 0.85, compare: 'min' }),
      toResultRow({ figure: 'added row', value: 3, unit: 'MB', budget: 600 }),
    ];
    const lines = compareRows(old, now);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^worse\s+p50\s.*4 → 6 ms\s+\+2 ms \(\+50%\)\s+PASS→OVER$/);
    expect(lines[1]).toMatch(/^better\s+throughput ratio/);
    expect(lines[2]).toMatch(/^new\s+added row/);
    expect(lines[3]).toMatch(/^gone\s+removed row/);
  });
});
