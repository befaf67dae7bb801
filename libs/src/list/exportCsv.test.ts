import { describe, expect, it, vi } from 'vitest';
import { CSV_SLICE, buildCsv, csvFileName, downloadTextFile, streamCsv } from './exportCsv';

type Row = { name: string | null; amount: number | null; notes?: string };
const columns = [
  { title: 'Name', value: (row: Row) => row.name },
  { title: 'Amount', value: (row: Row) => row.amount },
  { title: 'Notes', value: (row: Row) => row.notes },
];

describe('buildCsv', () => {
  it('writes a header row and quotes commas, quotes and line breaks', () => {
    const csv = buildCsv([{ name: 'Smith, "JJ"', amount: 12.5, notes: 'line 1\nline 2' }, { name: null, amount: null }], columns);
    expect(csv).toBe('Name,Amount,Notes\r\n"Smith, ""JJ""",12.5,"line 1\nline 2"\r\n,,');
  });

  it('neutralises cells that a spreadsheet would run as formulas, including multi-line ones', () => {
    const rows: Row[] = ['=HYPERLINK("x")', '+1', '-2+3', '@SUM(A1)', '\tcmd', '=1\n+2', '＝1'].map((name) => ({ name, amount: -5 }));
    const lines = buildCsv(rows, columns.slice(0, 2)).split('\r\n').slice(1);
    expect(lines).toEqual([`"'=HYPERLINK(""x"")",-5`, `"'+1",-5`, `"'-2+3",-5`, `"'@SUM(A1)",-5`, `"'\tcmd",-5`, `"'=1\n+2",-5`, `"'＝1",-5`]);
  });

  it('leaves ordinary text and numbers alone', () => {
    expect(buildCsv([{ name: 'Acme - West', amount: -1.25 }], columns.slice(0, 2))).toBe('Name,Amount\r\nAcme - West,-1.25');
  });
});

describe('csvFileName', () => {
  it('names the file after the page title', () => {
    expect(csvFileName('Steward - Businesses')).toBe('Steward - Businesses.csv');
    expect(csvFileName('Reports: 2026/Q1?')).toBe('Reports 2026 Q1.csv');
    expect(csvFileName('  ')).toBe('export.csv');
  });
});

describe('downloadTextFile', () => {
  it('offers the text as a UTF-8 file with the given name', async () => {
    const created: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob);
      return 'blob:test';
    });
    const clicks: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    downloadTextFile('a,b', 'List.csv');
    expect(clicks).toEqual(['List.csv']);
    expect(await created[0]?.text()).toBe('\ufeffa,b');
    createObjectURL.mockRestore();
    click.mockRestore();
  });
});

describe('streamCsv', () => {
  async function* pagesOf<Row>(...pages: Row[][]) {
    for (const page of pages) yield page;
  }

  it('writes the same CSV as buildCsv, page by page, counting the rows written', async () => {
    const rows: Row[] = Array.from({ length: CSV_SLICE * 2 + 7 }, (_, index) => ({ name: index % 3 ? `P${index}, "x"` : '=1', amount: index }));
    const written: number[] = [];
    const blob = await streamCsv(pagesOf(rows.slice(0, 300), rows.slice(300), []), columns, { onRows: (count) => written.push(count) });
    expect(await blob.text()).toBe(`\ufeff${buildCsv(rows, columns)}`);
    expect(written.at(-1)).toBe(rows.length);
    expect(written).toEqual([...written].sort((a, b) => a - b));
  });

  it('quotes and neutralises cells exactly as buildCsv does', async () => {
    const names = [' lead', 'trail ', 'a\rb', 'x"y', '-2+3', '+1', '@a', '\tcmd', '＝1', 'plain', '', 'tab\tin', 'ümlaut, ok'];
    const rows: Row[] = names.map((name, index) => ({ name, amount: index % 2 ? -index : index / 4 }));
    expect(await (await streamCsv(pagesOf(rows), columns)).text()).toBe(`\ufeff${buildCsv(rows, columns)}`);
  });

  it('writes only the header for no rows, and stops with an AbortError when cancelled', async () => {
    expect(await (await streamCsv(pagesOf<Row>([]), columns)).text()).toBe('\ufeffName,Amount,Notes');
    const controller = new AbortController();
    const rows: Row[] = Array.from({ length: CSV_SLICE * 3 }, (_, index) => ({ name: `P${index}`, amount: index }));
    const written = streamCsv(pagesOf(rows), columns, { signal: controller.signal, onRows: () => controller.abort() });
    await expect(written).rejects.toMatchObject({ name: 'AbortError' });
  });
});
