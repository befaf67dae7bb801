import fc from 'fast-check';
import Papa from 'papaparse';
import { buildCsv, FORMULA_START, type CsvColumn } from './exportCsv';

/** Bounded in `npm test`; `npm run bench` runs more (STEWARD_PROPERTY_RUNS). */
const RUNS = Number(process.env.STEWARD_PROPERTY_RUNS ?? 300);

/** Cells with everything a CSV or a spreadsheet reads specially: separators, quotes, line breaks, formula starts. */
const cell = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: fc.constantFrom(',', '"', '\r', '\n', '\r\n', '=', '+', '-', '@', '\t', '＝', ' ', 'a', '1', ';', '\''), maxLength: 12 }),
  fc.constantFrom('=HYPERLINK("http://x","y")', '+1+1', '-2', '@SUM(A1)', '\t=1', '\r=1', 'line one\n=cmd'),
);

describe('buildCsv under arbitrary cells (property)', () => {
  it('round-trips through a CSV parser, with every formula cell neutralised by a leading quote', () => {
    let cases = 0;
    let formulas = 0;
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: 'grapheme', minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 5 }).chain((titles) =>
          fc.tuple(fc.constant(titles), fc.array(fc.array(cell, { minLength: titles.length, maxLength: titles.length }), { maxLength: 8 })),
        ),
        ([titles, rows]) => {
          cases += 1;
          const columns: CsvColumn<string[]>[] = titles.map((title, index) => ({ title, value: (row) => row[index] }));
          const csv = buildCsv(rows, columns);
          const parsed = Papa.parse<string[]>(csv, { newline: '\r\n', delimiter: ',' });
          expect(parsed.errors).toEqual([]);
          const expected = [titles, ...rows].map((line, lineIndex) =>
            line.map((value) => {
              if (lineIndex > 0 && FORMULA_START.test(value)) {
                formulas += 1;
                return `'${value}`;
              }
              return lineIndex === 0 && FORMULA_START.test(value) ? `'${value}` : value;
            }),
          );
          // With no data rows papaparse still ends the header line: that one empty record is not a row.
          const records = rows.length === 0 && parsed.data.length === 2 && parsed.data[1]?.join('') === '' ? parsed.data.slice(0, 1) : parsed.data;
          expect(records).toEqual(expected);
          for (const line of parsed.data.slice(1)) for (const value of line) expect(FORMULA_START.test(value)).toBe(false);
        },
      ),
      { numRuns: RUNS },
    );
    console.log(`CSV export property: ${cases} cases, ${formulas} formula cells neutralised`);
    expect(formulas).toBeGreaterThan(0);
  });
});
