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

/** "Steward - Businesses" → "Steward - Businesses.csv": the page title minus characters file systems refuse. */
export function csvFileName(pageTitle: string): string {
  const base = pageTitle.replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ').replace(/\s+/g, ' ').trim();
  return `${base || 'export'}.csv`;
}

/** Hands the text to the browser as a download. The BOM makes spreadsheet programs read UTF-8. */
export function downloadTextFile(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type }));
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
