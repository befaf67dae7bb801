import { csvLines } from './streamCsv';

export { FORMULA_START, csvFileName, csvLines, downloadBlob, downloadTextFile, streamCsv, CSV_SLICE } from './streamCsv';

export type CsvColumn<Row> = { title: string; value: (row: Row) => string | number | boolean | null | undefined };

/** CSV text with a header row of the column titles, then one line per row, formulas neutralised. */
export function buildCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  return csvLines([columns.map((column) => column.title), ...rows.map((row) => columns.map((column) => column.value(row)))]);
}
