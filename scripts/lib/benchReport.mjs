// One format for every benchmark row: figure, measured value, budget, PASS/OVER.
// Benchmarks print; they never fail `npm test`.

/**
 * @typedef {{ figure: string, value: number, unit: string, budget: number, compare?: 'max' | 'min', note?: string }} BenchRow
 */

/** @param {BenchRow} row */
export function formatRow(row) {
  const compare = row.compare ?? 'max';
  const pass = compare === 'max' ? row.value <= row.budget : row.value >= row.budget;
  const sign = compare === 'max' ? '≤' : '≥';
  const value = `${round(row.value)} ${row.unit}`;
  const budget = `${sign} ${round(row.budget)} ${row.unit}`;
  const note = row.note ? `  (${row.note})` : '';
  return `${pass ? 'PASS' : 'OVER'}  ${row.figure.padEnd(62)} ${value.padStart(14)}   budget ${budget}${note}`;
}

/** @param {BenchRow} row */
export function printRow(row) {
  console.log(formatRow(row));
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

function round(n) {
  return Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100;
}
