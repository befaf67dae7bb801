import Papa from 'papaparse';

/**
 * Cells a spreadsheet would run as a formula: they start with = + - @, a tab or a carriage return
 * (or the full-width forms some spreadsheets also accept). papaparse prefixes them with a quote.
 * Its default pattern stops at the first line break, so a multi-line cell could slip through; this
 * one only looks at the first character.
 */
export const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export type CsvColumn<Row> = { title: string; value: (row: Row) => string | number | boolean | null | undefined };

/** CSV text with a header row of the column titles, then one line per row, formulas neutralised. */
export function buildCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return Papa.unparse(
    {
      fields: columns.map((column) => column.title),
      data: rows.map((row) => columns.map((column) => column.value(row) ?? '')),
    },
    { escapeFormulae: FORMULA_START, newline: '\r\n' },
  );
}

/** Rows turned into CSV at once; the writer yields to the page once a slice has taken SLICE_MS. */
export const CSV_SLICE = 50;
const SLICE_MS = 8;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * CSV as a Blob, written page by page as `pages` yields them, CSV_SLICE rows at a time, yielding to the
 * event loop whenever SLICE_MS have passed, so the page keeps drawing while 100,000 rows are written.
 * `onRows` gets the rows written so far; an aborted `signal` stops at the next slice (AbortError).
 */
export async function streamCsv<Row>(
  pages: AsyncIterable<readonly Row[]>,
  columns: readonly CsvColumn<Row>[],
  { onRows, signal }: { onRows?: (written: number) => void; signal?: AbortSignal } = {},
): Promise<Blob> {
  const options = { escapeFormulae: FORMULA_START, newline: '\r\n', header: false };
  const parts: string[] = [Papa.unparse([columns.map((column) => column.title)], options)];
  let written = 0;
  let sliceStart = performance.now();
  for await (const page of pages) {
    sliceStart = performance.now();
    for (let from = 0; from < page.length; from += CSV_SLICE) {
      signal?.throwIfAborted();
      const data = page.slice(from, from + CSV_SLICE).map((row) => columns.map((column) => column.value(row) ?? ''));
      parts.push('\r\n', Papa.unparse(data, options));
      written += data.length;
      if (performance.now() - sliceStart >= SLICE_MS) {
        onRows?.(written);
        await yieldToPage();
        sliceStart = performance.now();
      }
    }
    onRows?.(written);
  }
  signal?.throwIfAborted();
  return new Blob(['\ufeff', ...parts], { type: 'text/csv;charset=utf-8' });
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
