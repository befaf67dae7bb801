import Papa from 'papaparse';
import { FORMULA_START } from './streamCsv';

export { FORMULA_START, csvFileName, downloadBlob, downloadTextFile, streamCsv, csvCell, CSV_SLICE } from './streamCsv';

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

