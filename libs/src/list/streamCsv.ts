import Papa from 'papaparse';
import type { CsvColumn } from './exportCsv';

/**
 * Cells a spreadsheet would run as a formula: they start with = + - @, a tab or a carriage return
 * (or the full-width forms some spreadsheets also accept). They are written with a leading quote.
 * Its default pattern stops at the first line break, so a multi-line cell could slip through; this
 * one only looks at the first character.
 */
export const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Rows turned into CSV at once; the writer yields to the page once a slice has taken SLICE_MS. */
export const CSV_SLICE = 50;
const SLICE_MS = 8;

type CsvValue = string | number | boolean | null | undefined;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Lines of CSV as papaparse writes them, CRLF between them and none after the last: formulas
 * neutralised, a cell quoted when it must be. The one CSV writer (buildCsv and streamCsv use it).
 */
export function csvLines(lines: readonly (readonly CsvValue[])[]): string {
  return Papa.unparse(lines as CsvValue[][], { escapeFormulae: FORMULA_START, newline: '\r\n' });
}

/**
 * CSV as a Blob, written page by page as `pages` yields them, CSV_SLICE rows at a time, yielding to the
 * event loop whenever SLICE_MS have passed, so the page keeps drawing while 100,000 rows are written.
 * Each page's text goes into a Blob of its own as soon as it is written, so the page's heap never holds
 * the whole file as 100,000 strings (their garbage collection, and one Blob built from all of them at
 * the end, were the longest frames of an export). The same text buildCsv writes (both through csvLines).
 * `onRows` gets the rows written so far; an aborted `signal` stops at the next slice (AbortError).
 */
export async function streamCsv<Row>(
  pages: AsyncIterable<readonly Row[]>,
  columns: readonly CsvColumn<Row>[],
  { onRows, signal }: { onRows?: (written: number) => void; signal?: AbortSignal } = {},
): Promise<Blob> {
  const written: Blob[] = [new Blob(['\ufeff', csvLines([columns.map((column) => column.title)])])];
  let rows = 0;
  let sliceStart = performance.now();
  for await (const page of pages) {
    sliceStart = performance.now();
    const pageText: string[] = [];
    for (let from = 0; from < page.length; from += CSV_SLICE) {
      signal?.throwIfAborted();
      const slice = page.slice(from, from + CSV_SLICE);
      pageText.push(`\r\n${csvLines(slice.map((row) => columns.map((column) => column.value(row))))}`);
      rows += slice.length;
      if (performance.now() - sliceStart >= SLICE_MS) {
        onRows?.(rows);
        await yieldToPage();
        sliceStart = performance.now();
      }
    }
    if (pageText.length > 0) written.push(new Blob(pageText));
    onRows?.(rows);
  }
  signal?.throwIfAborted();
  return new Blob(written, { type: 'text/csv;charset=utf-8' });
}

/** "Steward - Businesses" → "Steward - Businesses.csv": the page title minus characters file systems refuse. */
export function csvFileName(pageTitle: string): string {
  const base = pageTitle.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return `${base || 'export'}.csv`;
}

/** Hands the text to the browser as a download. The BOM makes spreadsheet programs read UTF-8. */
export function downloadTextFile(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  downloadBlob(new Blob(['\ufeff', text], { type }), fileName);
}

/** Hands a Blob to the browser as a download. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
