import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { PERFORMANCE_DOC, RESULTS_FILE, TABLE_END, TABLE_START, formatNumber, renderBenchTable, replaceTable, tableIn } from './benchDocs.mjs';
import { readResults } from './lib/benchReport.mjs';

type Row = { name: string; value: number; unit: string; budget: number; compare: 'max' | 'min'; status: 'PASS' | 'OVER'; note?: string; reference?: number; ratio?: number; measuredAt?: string };

const results = (rows: Row[]) => ({
  version: 1 as const,
  startedAt: '2026-11-28T12:00:00.000Z',
  finishedAt: '2026-11-28T12:10:00.000Z',
  host: { cpus: 2, cpuModel: 'AMD EPYC', memoryMB: 24106, node: 'v20.20.2' },
  rows,
});

/** The table's body rows (after the header and its rule), split into trimmed cells. */
function bodyCells(table: string) {
  return table
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| figure |'))
    .map((line) =>
      line
        .slice(2, -2)
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    );
}

describe('the performance table rendered from bench/results.json', () => {
  const fixture = results([
    { name: 'cold build of all seven apps', value: 10.25437005, unit: 's', budget: 45, compare: 'max', status: 'PASS', measuredAt: '2026-11-27T03:53:26.472Z' },
    { name: 'Lighthouse mobile, landing: performance', value: 100, unit: '', budget: 90, compare: 'min', status: 'PASS', measuredAt: '2026-11-28T12:53:31.199Z' },
    { name: 'Lighthouse mobile, landing: largest contentful paint', value: 1537.6945, unit: 'ms', budget: 2500, compare: 'max', status: 'PASS' },
    { name: 'Lighthouse desktop, dashboard: cumulative layout shift', value: 0.001897026566558678, unit: '', budget: 0.05, compare: 'max', status: 'PASS' },
    { name: 'saturation: 50 clients without pauses, throughput', value: 751.99, unit: 'req/s', budget: 800, compare: 'min', status: 'OVER', note: 'load 12 | 2 cores' },
    { name: '200-row RLS list via gateway, p50', value: 1.6562760000233538, unit: 'ms', budget: 5, compare: 'max', status: 'PASS', reference: 1.3602470000041649, ratio: 1.2176 },
    { name: 'faults: acknowledged writes lost', value: 0, unit: 'writes', budget: 0, compare: 'max', status: 'PASS', note: 'two lines\nof note' },
  ]);
  const table = renderBenchTable(fixture);
  const cells = bodyCells(table);

  it('has one row per result, in the file’s order, none dropped or added', () => {
    expect(cells.map((row) => row[0])).toEqual(fixture.rows.map((row) => row.name));
  });

  it('writes each value with its unit, and each budget with its direction (≤ for max, ≥ for min)', () => {
    expect(cells.map((row) => [row[1], row[2], row[3]])).toEqual([
      ['10.3 s', '≤ 45 s', 'PASS'],
      ['100', '≥ 90', 'PASS'],
      ['1,538 ms', '≤ 2,500 ms', 'PASS'],
      ['0.0019', '≤ 0.05', 'PASS'],
      ['752 req/s', '≥ 800 req/s', 'OVER'],
      ['1.66 ms', '≤ 5 ms', 'PASS'],
      ['0 writes', '≤ 0 writes', 'PASS'],
    ]);
  });

  it('keeps each note on its row (a pipe escaped, a line break joined) and gives a reference its ratio', () => {
    expect(cells.map((row) => row[4])).toEqual(['', '', '', '', 'load 12 \\| 2 cores', 'reference 1.36 ms, ×1.22', 'two lines of note']);
    expect(cells.every((row) => row.length === 5)).toBe(true);
  });

  it('says where the figures come from: the count, the rows over budget, the days and the host', () => {
    expect(table.split('\n')[0]).toBe(
      'Generated from `bench/results.json` by `scripts/benchDocs.mjs`: 7 rows, 1 over budget; measured 2026-11-27 to 2026-11-28 on 2 × AMD EPYC, 23.5 GB, Node v20.20.2.',
    );
  });

  it('formats figures: thousands grouped from 100 up, three significant digits below', () => {
    expect([0, 0.0874632, 2.5, 16.80000000000109, 99.99, 131.47, 1537.69, 1002068, -1234.5].map(formatNumber)).toEqual([
      '0',
      '0.0875',
      '2.5',
      '16.8',
      '100',
      '131',
      '1,538',
      '1,002,068',
      '-1,234',
    ]);
  });

  it('replaces only the text between the markers, and refuses a document without them', () => {
    const doc = `# Performance\n\nBefore.\n\n${TABLE_START}\nold table\n${TABLE_END}\n\nAfter.\n`;
    const next = replaceTable(doc, 'new table');
    expect(next).toBe(`# Performance\n\nBefore.\n\n${TABLE_START}\nnew table\n${TABLE_END}\n\nAfter.\n`);
    expect(tableIn(next)).toBe('new table');
    expect(replaceTable(next, 'new table')).toBe(next);
    expect(() => replaceTable('# Performance\n', 'new table')).toThrow(TABLE_START);
  });
});

describe('docs/performance.md', () => {
  it('shows the table the renderer makes from the committed bench/results.json (run node scripts/benchDocs.mjs if not)', async () => {
    const [doc, committed] = await Promise.all([readFile(PERFORMANCE_DOC, 'utf8'), readResults(RESULTS_FILE)]);
    expect(committed.rows.length).toBeGreaterThan(0);
    expect(tableIn(doc)).toBe(renderBenchTable(committed));
    expect(bodyCells(tableIn(doc) ?? '').map((row) => row[0])).toEqual(committed.rows.map((row) => cellText(row.name)));
  });
});

/** A name as a cell holds it. */
function cellText(text: string) {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}
