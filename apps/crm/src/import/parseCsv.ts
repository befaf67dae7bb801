import Papa from 'papaparse';

/** One parsed CSV record and the line of the file it starts on (1-based; the header is line 1). */
export type CsvRecord = { line: number; cells: string[] };

/**
 * RFC 4180 CSV, read by papaparse (the one CSV reader and writer; this module loads with the import
 * wizard, not with the list): quoted fields may hold commas, doubled quotes and line breaks; a leading
 * BOM is dropped; blank lines are skipped; a file may mix CRLF, LF and CR line ends (each read as one
 * line break, inside a quoted field too). Returns the header and the records with their line numbers.
 */
export function parseCsv(text: string): { header: string[]; records: CsvRecord[] } {
  const source = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const { data } = Papa.parse<string[]>(source, { delimiter: ',', newline: '\n', quoteChar: '"', skipEmptyLines: false });
  const rows: CsvRecord[] = [];
  let line = 1;
  for (const cells of data) {
    // A blank line is a record of one empty cell; a record's line breaks are in its quoted cells.
    if (cells.length > 1 || cells[0] !== '') rows.push({ line, cells });
    line += 1;
    for (const cell of cells) for (let at = cell.indexOf('\n'); at !== -1; at = cell.indexOf('\n', at + 1)) line += 1;
  }
  const [header, ...records] = rows;
  return { header: (header?.cells ?? []).map((name) => name.trim()), records };
}
