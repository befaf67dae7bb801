// One format for every benchmark row: figure, measured value, budget, PASS/OVER. Every printed row is
// also recorded, so `npm run bench` can write them all to bench/results.json and compare two runs.
// Benchmarks print; they never fail `npm test`.
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * @typedef {object} BenchRow
 * @property {string} figure
 * @property {number} value
 * @property {string} unit
 * @property {number} budget
 * @property {'max' | 'min'} [compare] 'max': value ≤ budget passes (default); 'min': value ≥ budget
 * @property {string} [note]
 * @property {number} [reference] for timings: the same figure measured without the part under test, in the same run
 */

/**
 * @typedef {object} ResultRow
 * @property {string} name
 * @property {number} value
 * @property {string} unit
 * @property {number} budget
 * @property {'max' | 'min'} compare
 * @property {'PASS' | 'OVER'} status
 * @property {number} [reference]
 * @property {number} [ratio] value ÷ reference
 * @property {string} [measuredAt] when the row was measured (rows kept from an earlier run keep theirs)
 * @property {string} [note]
 */

/** @typedef {{ version: 1, startedAt: string, finishedAt: string, host: Record<string, unknown>, rows: ResultRow[] }} BenchResults */

/** @type {ResultRow[]} */
const recorded = [];

/** @param {BenchRow} row */
export function passes(row) {
  return (row.compare ?? 'max') === 'max' ? row.value <= row.budget : row.value >= row.budget;
}

/** @param {BenchRow} row */
export function formatRow(row) {
  const compare = row.compare ?? 'max';
  const sign = compare === 'max' ? '≤' : '≥';
  const value = `${round(row.value)} ${row.unit}`;
  const budget = `${sign} ${round(row.budget)} ${row.unit}`;
  const reference =
    row.reference !== undefined && Number.isFinite(row.reference) && row.reference !== 0
      ? `  [reference ${round(row.reference)} ${row.unit}, ×${round(row.value / row.reference)}]`
      : '';
  const note = row.note ? `  (${row.note})` : '';
  return `${passes(row) ? 'PASS' : 'OVER'}  ${row.figure.padEnd(62)} ${value.padStart(14)}   budget ${budget}${reference}${note}`;
}

/** @param {BenchRow} row @returns {ResultRow} */
export function toResultRow(row) {
  /** @type {ResultRow} */
  const result = {
    name: row.figure,
    value: row.value,
    unit: row.unit,
    budget: row.budget,
    compare: row.compare ?? 'max',
    status: passes(row) ? 'PASS' : 'OVER',
  };
  if (row.reference !== undefined) {
    result.reference = row.reference;
    if (row.reference !== 0) result.ratio = row.value / row.reference;
  }
  if (row.note) result.note = row.note;
  return result;
}

/** Prints a row and records it for bench/results.json. @param {BenchRow} row */
export function printRow(row) {
  recorded.push(toResultRow(row));
  console.log(formatRow(row));
}

/** The rows printed so far in this process. */
export function recordedRows() {
  return [...recorded];
}

/**
 * @param {string} file
 * @param {ResultRow[]} rows
 * @param {{ startedAt: Date, host?: Record<string, unknown>, partial?: boolean }} meta
 */
export async function writeResults(file, rows, meta) {
  const measuredAt = meta.startedAt.toISOString();
  const fresh = rows.map((row) => ({ ...row, measuredAt }));
  // A partial run (--only) replaces its own rows and keeps every other row of the file as it was.
  const earlier = meta.partial && existsSync(file) ? await readResults(file).catch(() => null) : null;
  const merged = earlier ? mergeRows(earlier.rows.map((row) => ({ ...row, measuredAt: row.measuredAt ?? earlier.startedAt })), fresh) : fresh;
  /** @type {BenchResults} */
  const results = { version: 1, startedAt: measuredAt, finishedAt: new Date().toISOString(), host: meta.host ?? {}, rows: merged };
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  return results;
}

/**
 * Rows of an earlier results file with a newer run's rows in their place (matched by name); rows the
 * newer run measured for the first time come last.
 * @param {ResultRow[]} earlier
 * @param {ResultRow[]} fresh
 * @returns {ResultRow[]}
 */
export function mergeRows(earlier, fresh) {
  const byName = new Map(fresh.map((row) => [row.name, row]));
  const kept = earlier.map((row) => byName.get(row.name) ?? row);
  const known = new Set(earlier.map((row) => row.name));
  return [...kept, ...fresh.filter((row) => !known.has(row.name))];
}

/** @param {string} file @returns {Promise<BenchResults>} */
export async function readResults(file) {
  const parsed = JSON.parse(await readFile(file, 'utf8'));
  if (!parsed || !Array.isArray(parsed.rows)) throw new Error(`${file} is not a bench results file (no "rows" array)`);
  return parsed;
}

/**
 * The change per row between an older run and this one: one line per row of either, matched by name.
 * "better"/"worse" follow the row's direction (lower is better for a 'max' budget).
 * @param {ResultRow[]} before
 * @param {ResultRow[]} after
 * @returns {string[]}
 */
export function compareRows(before, after) {
  const old = new Map(before.map((row) => [row.name, row]));
  /** @type {string[]} */
  const lines = [];
  for (const row of after) {
    const previous = old.get(row.name);
    old.delete(row.name);
    if (!previous) {
      lines.push(`new        ${row.name.padEnd(62)} ${`${round(row.value)} ${row.unit}`.padStart(14)}   ${row.status}`);
      continue;
    }
    const delta = row.value - previous.value;
    const percent = previous.value === 0 ? (delta === 0 ? 0 : Infinity) : (delta / Math.abs(previous.value)) * 100;
    const lowerIsBetter = row.compare === 'max';
    const verdict = Math.abs(percent) < 2 ? 'same' : (delta < 0) === lowerIsBetter ? 'better' : 'worse';
    const status = previous.status === row.status ? row.status : `${previous.status}→${row.status}`;
    const change = `${delta >= 0 ? '+' : ''}${round(delta)} ${row.unit} (${Number.isFinite(percent) ? `${percent >= 0 ? '+' : ''}${round(percent)}%` : 'new'})`;
    lines.push(
      `${verdict.padEnd(10)} ${row.name.padEnd(62)} ${`${round(previous.value)} → ${round(row.value)} ${row.unit}`.padStart(24)}   ${change}   ${status}`,
    );
  }
  for (const row of old.values()) lines.push(`gone       ${row.name.padEnd(62)} ${`${round(row.value)} ${row.unit}`.padStart(14)}`);
  return lines;
}

/** @param {number[]} values */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** @param {number[]} values @param {number} p */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * The timings of `runs` calls of `once` (its resolved value, ms), after `warmup` calls left out.
 * @param {() => Promise<number>} once @param {{ runs: number, warmup?: number }} counts
 */
export async function timeRuns(once, { runs, warmup = 0 }) {
  for (let i = 0; i < warmup; i += 1) await once();
  /** @type {number[]} */
  const times = [];
  for (let i = 0; i < runs; i += 1) times.push(await once());
  return times;
}

/** The spread of timings for a row's note: 'p5 1.2 – p95 3.4 ms'. @param {number[]} values */
export function spreadNote(values) {
  return `p5 ${percentile(values, 5).toFixed(1)} – p95 ${percentile(values, 95).toFixed(1)} ms`;
}

/** @param {number} n */
function round(n) {
  return Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100;
}
