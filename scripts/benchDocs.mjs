// The performance document's table of figures, written from bench/results.json: every row of the file,
// in its order, between `<!-- bench:start -->` and `<!-- bench:end -->` in docs/performance.md, so
// the figures the document shows are the ones the last run wrote, never typed by hand.
// `npm run bench` calls it after writing the results; `node scripts/benchDocs.mjs` writes the table
// again from the committed file, and `--check` only says whether the document is current (exit 1 if not).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readResults } from './lib/benchReport.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const RESULTS_FILE = path.join(root, 'bench/results.json');
export const PERFORMANCE_DOC = path.join(root, 'docs/performance.md');
export const TABLE_START = '<!-- bench:start -->';
export const TABLE_END = '<!-- bench:end -->';

/**
 * A figure as the document prints it: whole numbers with thousands separators from 100 up, three
 * significant digits below (0.0875, 16.8, 2.5), never an exponent for a figure a bench can write.
 * @param {number} n
 */
export function formatNumber(n) {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 100) return groupThousands(String(Math.round(n)));
  if (n === 0) return '0';
  return groupThousands(String(Number(n.toPrecision(3))));
}

/** @param {string} digits */
function groupThousands(digits) {
  const [whole = '', fraction] = digits.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

/** @param {number} n @param {string} unit */
function withUnit(n, unit) {
  return unit ? `${formatNumber(n)} ${unit}` : formatNumber(n);
}

/** A table cell: one line, and a `|` in the text does not end the cell. @param {string} text */
function cell(text) {
  return text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');
}

/**
 * One row's note as printed: the bench's note, and for a timing measured against a reference in the
 * same run, the reference and the ratio.
 * @param {import('./lib/benchReport.mjs').ResultRow} row
 */
function noteOf(row) {
  const parts = [];
  if (row.reference !== undefined && Number.isFinite(row.reference) && row.reference !== 0) {
    parts.push(`reference ${withUnit(row.reference, row.unit)}, ×${formatNumber(row.value / row.reference)}`);
  }
  if (row.note) parts.push(row.note);
  return parts.join('; ');
}

/** @param {import('./lib/benchReport.mjs').ResultRow} row */
export function budgetOf(row) {
  return `${row.compare === 'min' ? '≥' : '≤'} ${withUnit(row.budget, row.unit)}`;
}

/** @param {import('./lib/benchReport.mjs').ResultRow} row */
export function tableRow(row) {
  return `| ${cell(row.name)} | ${withUnit(row.value, row.unit)} | ${budgetOf(row)} | ${row.status} | ${cell(noteOf(row))} |`;
}

/** @param {string[]} dates ISO timestamps */
function dayRange(dates) {
  const days = [...new Set(dates.map((date) => date.slice(0, 10)))].sort();
  if (days.length === 0) return 'unknown';
  return days.length === 1 ? days[0] : `${days[0]} to ${days[days.length - 1]}`;
}

/**
 * The generated part of the document: a line saying where the figures come from, then one table row
 * per row of the results file, in the file's order.
 * @param {import('./lib/benchReport.mjs').BenchResults} results
 */
export function renderBenchTable(results) {
  const rows = results.rows;
  const over = rows.filter((row) => row.status !== 'PASS').length;
  const host = results.host ?? {};
  const machine = [
    host.cpus !== undefined ? `${host.cpus} × ${host.cpuModel ?? 'CPU'}` : null,
    typeof host.memoryMB === 'number' ? `${formatNumber(host.memoryMB / 1024)} GB` : null,
    host.node ? `Node ${host.node}` : null,
  ].filter(Boolean);
  const measured = dayRange(rows.map((row) => row.measuredAt ?? results.startedAt));
  return [
    `Generated from \`bench/results.json\` by \`scripts/benchDocs.mjs\`: ${rows.length} rows, ${over} over budget;` +
      ` measured ${measured}${machine.length ? ` on ${machine.join(', ')}` : ''}.`,
    '',
    '| figure | value | budget | status | note |',
    '|---|---|---|---|---|',
    ...rows.map(tableRow),
  ].join('\n');
}

/**
 * The document with the text between its markers replaced by `table`.
 * @param {string} doc
 * @param {string} table
 */
export function replaceTable(doc, table) {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start === -1 || end === -1 || end < start) {
    throw new Error(`docs/performance.md needs ${TABLE_START} … ${TABLE_END} around its table of figures`);
  }
  return `${doc.slice(0, start + TABLE_START.length)}\n${table}\n${doc.slice(end)}`;
}

/**
 * The text between the document's markers, as renderBenchTable writes it.
 * @param {string} doc
 */
export function tableIn(doc) {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start === -1 || end === -1 || end < start) return null;
  return doc.slice(start + TABLE_START.length, end).replace(/^\n/, '').replace(/\n$/, '');
}

/**
 * Writes the table of `resultsFile` into docs/performance.md. Only the repository's own results file
 * is written into the document: a run with `--results elsewhere.json` leaves it as it is.
 * @param {string} [resultsFile]
 * @param {string} [docFile]
 */
export async function updatePerformanceDoc(resultsFile = RESULTS_FILE, docFile = PERFORMANCE_DOC) {
  if (path.resolve(resultsFile) !== RESULTS_FILE && docFile === PERFORMANCE_DOC) {
    console.log(`docs/performance.md left as it is: the results went to ${resultsFile}, not bench/results.json`);
    return false;
  }
  const doc = await readFile(docFile, 'utf8');
  const next = replaceTable(doc, renderBenchTable(await readResults(resultsFile)));
  if (next !== doc) await writeFile(docFile, next);
  console.log(`${path.relative(process.cwd(), docFile) || docFile}: table ${next === doc ? 'already current' : 'written'} from ${path.relative(process.cwd(), resultsFile) || resultsFile}`);
  return next !== doc;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const doc = await readFile(PERFORMANCE_DOC, 'utf8');
    const current = tableIn(doc) === renderBenchTable(await readResults(RESULTS_FILE));
    console.log(current ? 'docs/performance.md is current' : 'docs/performance.md differs from bench/results.json: run node scripts/benchDocs.mjs');
    process.exitCode = current ? 0 : 1;
  } else {
    await updatePerformanceDoc();
  }
}
