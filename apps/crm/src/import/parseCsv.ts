/** One parsed CSV record and the line of the file it starts on (1-based; the header is line 1). */
export type CsvRecord = { line: number; cells: string[] };

/**
 * RFC 4180 CSV: quoted fields may hold commas, doubled quotes and line breaks; a leading BOM is
 * dropped; blank lines are skipped. Returns the header and the records with their line numbers.
 */
export function parseCsv(text: string): { header: string[]; records: CsvRecord[] } {
  const source = text.replace(/^\uFEFF/, '');
  const rows: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let at = 0; at < source.length; at += 1) {
    const char = source[at];
    if (quoted) {
      if (char === '"' && source[at + 1] === '"') {
        cell += '"';
        at += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        cell += char;
      }
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[at + 1] === '\n') at += 1;
      endRow();
      line += 1;
      start = line;
    } else cell += char;
  }
  if (cell !== '' || cells.length > 0) endRow();
  const [header, ...records] = rows;
  return { header: (header?.cells ?? []).map((name) => name.trim()), records };
}
